import EventLog

/// Why the event log refused or failed an append, in the terms a front end answers with — so
/// that the front ends need not know the log's own error.
public enum LogRefusal: Sendable, Equatable {
  /// The stream is at version `actual` (`nil`: it does not exist), not the `expected` one.
  case conflict(stream: String, expected: String, actual: UInt64?)
  /// The idempotency key was used before for a different batch of events.
  case idempotencyKeyReused
  /// A value given to the log is malformed; `field` names it.
  case invalidInput(field: String)
  /// An append carried no events.
  case emptyBatch
  /// Anything else: the storage failed, a record is corrupt, a file is unsafe.
  case failure
}

extension LedgerError {
  /// `error` as a ledger error if it is the event log's own (which a few operations, an
  /// import's, let through as is); `nil` for any other error.
  public static func fromLog(_ error: any Error) -> LedgerError? {
    (error as? EventLogError).map { .log($0) }
  }

  /// How the log refused, for a ``log(_:)`` error; `nil` for any other.
  public var logRefusal: LogRefusal? {
    guard case .log(let error) = self else { return nil }
    return switch error {
    case .wrongExpectedVersion(let stream, let expected, let actual):
      .conflict(stream: stream, expected: expected.description, actual: actual)
    case .idempotencyKeyReused: .idempotencyKeyReused
    case .invalidInput(let field, _): .invalidInput(field: field)
    case .emptyBatch: .emptyBatch
    case .unsupportedFormatVersion, .corruptRecord, .storage, .unsafeFile: .failure
    }
  }
}
