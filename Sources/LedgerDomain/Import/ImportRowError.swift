/// Why a row was rejected before reaching the rules.
public struct ImportRowError: Error, Sendable, Hashable, CustomStringConvertible {
  public var line: Int
  public var message: String

  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }

  public var description: String { "line \(line): \(message)" }
}
