import EventLog
import LedgerDomain

/// Why a ledger operation failed: a rule refused the command, the log refused the append, or
/// stored data could not be read.
public enum LedgerError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The command breaks a business rule; nothing changed.
  case rejected(DomainError)
  /// The event log refused or failed the append.
  case log(EventLogError)
  /// A stored event could not be decoded.
  case unreadableEvent(position: UInt64, CodecError)

  public var description: String {
    switch self {
    case .rejected(let error): error.description
    case .log(let error): error.description
    case .unreadableEvent(let position, let error): "the event at position \(position) cannot be read: \(error)"
    }
  }

  init(_ error: any Error) {
    switch error {
    case let error as LedgerError: self = error
    case let error as DomainError: self = .rejected(error)
    default: self = .log(EventLogError(wrapping: error))
    }
  }
}

extension EventLogError {
  init(wrapping error: any Error) {
    if let error = error as? EventLogError { self = error } else {
      self = .invalidInput(field: "ledger", reason: String(describing: error))
    }
  }
}
