/// Why a backup could not be read.
public struct BackupError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}
