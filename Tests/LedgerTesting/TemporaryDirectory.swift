import Foundation

/// A fresh directory under the system temporary directory, removed when the value is released.
///
/// Tests open real LMDB files here: nothing is mocked.
public final class TemporaryDirectory: @unchecked Sendable {
  // @unchecked: immutable after init.
  public let path: String

  public init(prefix: String = "budget-ledger-test") {
    let base = FileManager.default.temporaryDirectory.path
    path = "\(base)/\(prefix)-\(UUID().uuidString.prefix(8))"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// A path inside the directory.
  public func file(_ name: String) -> String { "\(path)/\(name)" }
}
