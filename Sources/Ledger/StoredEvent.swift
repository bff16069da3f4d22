import EventLog
import LedgerDomain

/// Conversions between domain events and the log's envelopes.
enum StoredEvent {
  /// The envelope for `event`.
  static func proposed(_ event: LedgerEvent, metadata: EventMetadata) throws(LedgerError) -> ProposedEvent {
    do {
      return ProposedEvent(
        type: event.typeName, schemaVersion: event.schemaVersion, payload: try event.encodedPayload(),
        metadata: metadata)
    } catch {
      throw .unreadableEvent(position: 0, error)
    }
  }

  /// The domain event stored in `view`, upcast to the current schema.
  static func decode(_ view: EventView) throws(LedgerError) -> LedgerEvent {
    do {
      return try LedgerEvent.decode(typeBytes: view.typeBytes, schemaVersion: view.schemaVersion, payload: view.payload)
    } catch {
      throw .unreadableEvent(position: view.position, error)
    }
  }

  /// The domain event of a recorded event.
  static func decode(_ event: RecordedEvent) throws(LedgerError) -> LedgerEvent {
    do {
      return try LedgerEvent.decode(type: event.type, schemaVersion: event.schemaVersion, payload: event.payload)
    } catch {
      throw .unreadableEvent(position: event.position, error)
    }
  }

  /// One `StreamAppend` per stream, in order of first appearance, each expecting the version
  /// the command assumed: new entities expect no stream, edits the version they checked.
  ///
  /// Returns the batch and the events in the order the log will store them.
  static func batch(
    _ events: [LedgerEvent], for command: LedgerCommand, metadata: EventMetadata, idempotencyKey: IdempotencyKey?
  ) throws(LedgerError) -> (batch: AppendBatch, ordered: [LedgerEvent]) {
    var order: [String] = []
    var byStream: [String: [ProposedEvent]] = [:]
    var eventsByStream: [String: [LedgerEvent]] = [:]
    var expected: [String: ExpectedVersion] = [:]
    for event in events {
      let stream = event.stream
      if byStream[stream] == nil {
        order.append(stream)
        expected[stream] = expectation(for: event, command: command)
      }
      byStream[stream, default: []].append(try proposed(event, metadata: metadata))
      eventsByStream[stream, default: []].append(event)
    }
    var appends: [StreamAppend] = []
    for stream in order {
      do {
        appends.append(StreamAppend(stream: try StreamName(stream), expectedVersion: expected[stream] ?? .any, events: byStream[stream] ?? []))
      } catch {
        throw .log(error)
      }
    }
    return (AppendBatch(appends, idempotencyKey: idempotencyKey), order.flatMap { eventsByStream[$0] ?? [] })
  }

  private static func expectation(for event: LedgerEvent, command: LedgerCommand) -> ExpectedVersion {
    switch (event, command) {
    case (.ledgerCreated, _), (.accountOpened, _), (.categoryCreated, _), (.periodOpened, _), (.transactionAdded, _),
      (.transferMade, _):
      return .noStream
    case (.transactionAmended, .amendTransaction(_, let version?)), (.transactionDeleted, .deleteTransaction(_, _, let version?)),
      (.transactionRestored, .restoreTransaction(_, _, let version?)):
      return .exact(version)
    default:
      return .any
    }
  }
}
