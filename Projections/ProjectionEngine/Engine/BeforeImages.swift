import EventLog
import LedgerCodec
import LedgerDomain

/// Fills in the before-image that amend and delete events of schema version 1 lack, reading
/// the transaction's own stream from the log (the domain's rule is
/// `LedgerEvent.completingBeforeImage(earlierEvents:)`). Projectors then only ever see
/// complete events and keep no copy of every transaction to undo an edit with. Events
/// written since version 2 carry the image already; only an old ledger's amends and deletes
/// cost a read of their stream.
enum BeforeImages {
  /// Reads every event of a stream, oldest first, in the transaction the fold runs in.
  typealias StreamReader = (StreamName) throws -> [RecordedEvent]

  /// `event` with its before-image, read with `stream`; `event` itself if it has one or needs
  /// none.
  ///
  /// `event` is consumed: handed back as it is, most events are moved rather than copied (a
  /// copy retains, and later releases, every text field of a transaction).
  static func completing(
    _ event: consuming LedgerEvent, at position: UInt64, reading stream: StreamReader
  ) throws -> LedgerEvent {
    guard event.lacksBeforeImage else { return event }
    return try event.completingBeforeImage { try events(of: $0, before: position, reading: stream) }
  }

  /// `events` with every missing before-image filled in; the same array when none is missing.
  static func completing(
    _ events: [(event: LedgerEvent, point: LogPoint)], reading stream: StreamReader
  ) throws -> [(event: LedgerEvent, point: LogPoint)] {
    guard events.contains(where: { $0.event.lacksBeforeImage }) else { return events }
    var completed = events
    for index in completed.indices where completed[index].event.lacksBeforeImage {
      completed[index].event = try completing(
        completed[index].event, at: completed[index].point.position, reading: stream)
    }
    return completed
  }

  /// The events of transaction `id`'s stream recorded before `position`, decoded.
  private static func events(
    of id: TransactionID, before position: UInt64, reading stream: StreamReader
  ) throws -> [LedgerEvent] {
    try stream(StreamName(id.stream)).filter { $0.position < position }.map {
      try EventCodec.decode(type: $0.type, schemaVersion: $0.schemaVersion, payload: $0.payload)
    }
  }
}
