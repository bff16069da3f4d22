import EventLog

/// A log on a real LMDB file in a temporary directory, for one test.
public struct LogFixture: Sendable {
  public let directory: TemporaryDirectory
  public let path: String
  public let log: EventLog

  /// Opens a new, empty log (without fsync: tests check logic, not power cuts).
  public init(options: EventLog.Options = EventLog.Options(durability: .noSync)) throws {
    directory = TemporaryDirectory()
    path = directory.file("test.ledger")
    log = try EventLog(path: path, options: options)
  }

}
