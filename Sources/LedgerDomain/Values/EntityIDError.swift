/// Why a text is not an ``EntityID``.
public struct EntityIDError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The refused text.
  public let text: String
  /// What is wrong with it.
  public let reason: String

  public init(text: String, reason: String) {
    self.text = text
    self.reason = reason
  }

  public var description: String {
    "'\(text)' is not an identifier: \(reason); use the form 6f1c2e4a-9b3d-4c8e-a1f0-123456789abc"
  }
}
