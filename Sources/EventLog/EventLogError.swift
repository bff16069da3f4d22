import LMDB

/// Why the event log refused or failed an operation.
///
/// Every case says what was wrong in words a person can act on; rejected appends change
/// nothing.
public enum EventLogError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The stream's current version is not the one the caller expected.
  case wrongExpectedVersion(stream: String, expected: ExpectedVersion, actual: UInt64?)
  /// The idempotency key was used before for a different batch of events.
  case idempotencyKeyReused(key: String)
  /// An append carried no events.
  case emptyBatch
  /// A value given to the log is malformed; `field` names it, `reason` says why.
  case invalidInput(field: String, reason: String)
  /// The ledger file was written by a newer version of this program.
  case unsupportedFormatVersion(found: UInt32, supported: UInt32)
  /// A stored record could not be decoded.
  case corruptRecord(position: UInt64, reason: String)
  /// The storage engine failed (disk full, permissions, ...).
  case storage(LMDBError)
  /// One of the ledger's files is not safe to open (its lock file is a symbolic link, say);
  /// `reason` says what is wrong and how to fix it. Nothing was opened.
  case unsafeFile(path: String, reason: String)

  public var description: String {
    switch self {
    case .wrongExpectedVersion(let stream, let expected, let actual):
      let actualText = actual.map { "is at version \($0)" } ?? "does not exist"
      return "stream '\(stream)' \(actualText), but the append expected \(expected); "
        + "reload the stream and try again"
    case .idempotencyKeyReused(let key):
      return "idempotency key '\(key)' was already used for a different batch; "
        + "use a new key for new events"
    case .emptyBatch:
      return "an append needs at least one event"
    case .invalidInput(let field, let reason):
      return "invalid \(field): \(reason)"
    case .unsupportedFormatVersion(let found, let supported):
      return "the ledger uses on-disk format \(found), but this program reads formats up to "
        + "\(supported); upgrade the program to open it"
    case .corruptRecord(let position, let reason):
      return "the event at position \(position) is corrupt: \(reason); run verify for details"
    case .storage(let error):
      return error.description
    case .unsafeFile(let path, let reason):
      return "\(path) \(reason)"
    }
  }
}
