import EventLog
import LedgerCodec
import LedgerDomain

/// Conversions between domain events and the log's envelopes.
enum StoredEvent {
  /// The envelope for `event`.
  static func proposed(
    _ event: LedgerEvent, metadata: EventMetadata, schemaVersion: UInt16? = nil
  ) throws(LedgerError) -> ProposedEvent {
    do {
      // The append path (every command, every imported row): the current version without a
      // second look at the payload's type; an earlier one only for a restored event.
      if let schemaVersion {
        return ProposedEvent(
          type: event.typeName, schemaVersion: schemaVersion,
          payload: try EventCodec.payload(of: event, schemaVersion: schemaVersion), metadata: metadata)
      }
      return ProposedEvent(
        type: event.typeName, schemaVersion: event.schemaVersion, payload: try EventCodec.payload(of: event),
        metadata: metadata)
    } catch {
      throw .unreadableEvent(position: 0, error)
    }
  }

  /// The domain event stored in `view`, upcast to the current schema.
  static func decode(_ view: EventView) throws(LedgerError) -> LedgerEvent {
    do {
      return try EventCodec.decode(typeBytes: view.typeBytes, schemaVersion: view.schemaVersion, payload: view.payload)
        .completed(recordedAt: view.recordedAt)
    } catch {
      throw .unreadableEvent(position: view.position, error)
    }
  }

  /// The domain event of a recorded event.
  static func decode(_ event: RecordedEvent) throws(LedgerError) -> LedgerEvent {
    do {
      return try EventCodec.decode(type: event.type, schemaVersion: event.schemaVersion, payload: event.payload)
        .completed(recordedAt: event.recordedAt)
    } catch {
      throw .unreadableEvent(position: event.position, error)
    }
  }

  /// One `StreamAppend` per stream, in order of first appearance, each expecting the version
  /// the command assumed: new entities expect no stream, edits the version they checked.
  ///
  /// Returns the batch and the events in the order the log will store them.
  static func batch(
    _ events: [LedgerEvent], for command: LedgerCommand, metadata: EventMetadata, idempotencyKey: IdempotencyKey?,
    requestFingerprint: ChainHash? = nil
  ) throws(LedgerError) -> (batch: AppendBatch, ordered: [LedgerEvent]) {
    // A command touches a handful of streams at most: a list searched from the end (the
    // stream of the previous event, usually) is cheaper than dictionaries for so few.
    var groups: [(stream: String, expected: ExpectedVersion, proposed: [ProposedEvent], events: [LedgerEvent])] = []
    for event in events {
      let stream = event.stream
      let proposed = try proposed(event, metadata: metadata)
      if let index = groups.lastIndex(where: { $0.stream == stream }) {
        groups[index].proposed.append(proposed)
        groups[index].events.append(event)
      } else {
        groups.append((stream, expectation(for: event, command: command), [proposed], [event]))
      }
    }
    var appends: [StreamAppend] = []
    appends.reserveCapacity(groups.count)
    for group in groups {
      do {
        appends.append(
          StreamAppend(stream: try StreamName(group.stream), expectedVersion: group.expected, events: group.proposed))
      } catch {
        throw .log(error)
      }
    }
    let ordered = groups.count == 1 ? groups[0].events : groups.flatMap(\.events)
    return (AppendBatch(appends, idempotencyKey: idempotencyKey, requestFingerprint: requestFingerprint), ordered)
  }

  private static func expectation(for event: LedgerEvent, command: LedgerCommand) -> ExpectedVersion {
    switch (event, command) {
    case (.ledgerCreated, _), (.accountOpened, _), (.categoryCreated, _), (.periodOpened, _), (.transactionAdded, _),
      (.transferMade, _):
      return .noStream
    case (.transactionAmended, .amendTransaction(_, let version?)),
      (.transactionDeleted, .deleteTransaction(_, _, let version?)),
      (.transactionRestored, .restoreTransaction(_, _, let version?)):
      return .exact(version)
    default:
      return .any
    }
  }
}
