import EventLog
import LedgerDomain

/// Fills in the before-image that amend and delete events of schema version 1 lack
/// (``TransactionAmended/previous``, ``TransactionDeleted/deleted``), from the transaction's
/// own stream as it stood just before the event. Projectors then only ever see complete
/// events and keep no copy of every transaction to undo an edit with. Events written since
/// version 2 carry the image already; only an old ledger's amends and deletes cost a read of
/// their stream.
enum BeforeImages {
  /// Whether `event` lacks its before-image.
  static func isMissing(in event: LedgerEvent) -> Bool {
    switch event {
    case .transactionAmended(let e): e.previous == nil
    case .transactionDeleted(let e): e.deleted == nil
    default: false
    }
  }

  /// Reads every event of a stream, oldest first, in the transaction the fold runs in.
  typealias StreamReader = (StreamName) throws -> [RecordedEvent]

  /// `event` with its before-image, read with `stream`; `event` itself if it has one or needs
  /// none. A transaction with no events before `position` (which the rules never let happen)
  /// leaves the image `nil`.
  ///
  /// `event` is consumed: handed back as it is, most events are moved rather than copied (a
  /// copy retains, and later releases, every text field of a transaction).
  static func completing(
    _ event: consuming LedgerEvent, at position: UInt64, reading stream: StreamReader
  ) throws -> LedgerEvent {
    guard isMissing(in: event) else { return event }
    switch event {
    case .transactionAmended(var e) where e.previous == nil:
      e.previous = try transaction(e.transaction, before: position, reading: stream)
      return .transactionAmended(e)
    case .transactionDeleted(var e) where e.deleted == nil:
      e.deleted = try transaction(e.transaction, before: position, reading: stream)
      return .transactionDeleted(e)
    default:
      return event
    }
  }

  /// `events` with every missing before-image filled in; the same array when none is missing.
  static func completing(
    _ events: [(event: LedgerEvent, point: LogPoint)], reading stream: StreamReader
  ) throws -> [(event: LedgerEvent, point: LogPoint)] {
    guard events.contains(where: { isMissing(in: $0.event) }) else { return events }
    var completed = events
    for index in completed.indices where isMissing(in: completed[index].event) {
      completed[index].event = try completing(
        completed[index].event, at: completed[index].point.position, reading: stream)
    }
    return completed
  }

  /// The transaction `id` as its stream's events before `position` leave it.
  private static func transaction(
    _ id: TransactionID, before position: UInt64, reading stream: StreamReader
  ) throws -> TransactionAdded? {
    var record: TransactionAdded?
    for recorded in try stream(StreamName(id.stream)) where recorded.position < position {
      switch try LedgerEvent.decode(type: recorded.type, schemaVersion: recorded.schemaVersion, payload: recorded.payload) {
      case .transactionAdded(let added): record = added
      case .transactionAmended(let amendment): record?.apply(amendment)
      case .transactionRestored(let restored): record = restored.transaction
      default: break
      }
    }
    return record
  }
}
