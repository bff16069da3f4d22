import EventLog
import LMDB
import LedgerDomain
import ProjectionEngine

/// Why a ledger operation failed: a rule refused the command, the log refused the append, or
/// stored data could not be read.
public enum LedgerError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The command breaks a business rule; nothing changed.
  case rejected(DomainError)
  /// The event log refused or failed the append.
  case log(EventLogError)
  /// A stored event could not be decoded.
  case unreadableEvent(position: UInt64, CodecError)
  /// A read model could not be built, updated or checked.
  case projection(ProjectionError)
  /// A hub's events do not continue this replica's log; nothing was applied.
  case replication(ReplicationRefusal)
  /// A sync file or role is not as the operation needs (see ``SyncError``).
  case sync(SyncError)

  public var description: String {
    switch self {
    case .rejected(let error): error.description
    case .log(let error): error.description
    case .unreadableEvent(let position, let error): "the event at position \(position) cannot be read: \(error)"
    case .projection(let error): error.description
    case .replication(let refusal): refusal.description
    case .sync(let error): error.description
    }
  }

  init(_ error: any Error) {
    switch error {
    case let error as LedgerError: self = error
    case let error as DomainError: self = .rejected(error)
    case let error as ProjectionError: self = .projection(error)
    case let error as LMDBError: self = .log(.storage(error))
    case let error as CodecError: self = .unreadableEvent(position: 0, error)
    case let error as ReplicationRefusal: self = .replication(error)
    case let error as SyncError: self = .sync(error)
    default: self = .log(EventLogError(wrapping: error))
    }
  }
}

extension EventLogError {
  init(wrapping error: any Error) {
    if let error = error as? EventLogError {
      self = error
    } else {
      self = .invalidInput(field: "ledger", reason: String(describing: error))
    }
  }
}
