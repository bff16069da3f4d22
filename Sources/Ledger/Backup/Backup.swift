import EventLog
import Foundation
import LedgerCodec
import LedgerDomain

/// A JSON backup: every event of the ledger in order (with who recorded it and when), plus
/// a readable snapshot of transactions, categories and periods in the spirit of seed 000's
/// export. Restoring replays the events into a new ledger.
public enum Backup {
  public static let format = "budget-ledger-backup"
  public static let version = "1.0"

  /// Writes the backup of `ledger` as JSON.
  public static func export(_ ledger: Ledger, exportDate: Date = Date()) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var events: [String] = []
    try ledger.log.scan { view in
      let event = try EventCodec.decode(
        typeBytes: view.typeBytes, schemaVersion: view.schemaVersion, payload: view.payload)
      let payload = String(decoding: try EventJSON.encode(event, with: encoder), as: UTF8.self)
      let metadata = view.metadata
      func text(_ value: String?) -> String {
        value.flatMap { try? String(decoding: encoder.encode($0), as: UTF8.self) } ?? "null"
      }
      events.append(
        #"{"actor":\#(text(metadata.actor)),"causation":\#(text(metadata.causationId)),"correlation":\#(text(metadata.correlationId)),"event":\#(payload),"position":\#(view.position),"recordedAt":\#(view.recordedAt),"schemaVersion":\#(view.schemaVersion),"type":"\#(event.typeName)"}"#
      )
      return .continue
    }
    let state = ledger.state
    let snapshot = Snapshot(
      transactions: state.transactions.values.filter { !$0.isDeleted }.map(\.added).sorted {
        ($0.date, $0.transaction) < ($1.date, $1.transaction)
      },
      categories: state.categories.values.filter { !$0.isDeleted }.map {
        SnapshotCategory(
          name: $0.name, icon: $0.icon, colorHex: $0.color.description, isCustom: $0.isCustom, sortOrder: $0.sortOrder,
          archived: $0.isArchived)
      }.sorted { $0.sortOrder < $1.sortOrder },
      periods: state.periods.values.map {
        SnapshotPeriod(
          name: $0.name, startDate: $0.start.description, endDate: $0.end?.description, closed: $0.isClosed)
      }.sorted { $0.startDate < $1.startDate })
    let snapshotJSON = String(decoding: try encoder.encode(snapshot), as: UTF8.self)
    // The idempotency keys: so that the restored ledger skips what this one would — a
    // statement imported again, a retried request.
    let keys = try ledger.log.idempotencyRecords().map { record in
      #"{"count":\#(record.positions.count),"fingerprint":"\#(record.fingerprint.hex)","first":\#(record.positions.lowerBound),"key":\#(String(decoding: try encoder.encode(record.key), as: UTF8.self))}"#
    }
    let date = ISO8601DateFormatter().string(from: exportDate)
    let text =
      #"{"format":"\#(format)","version":"\#(version)","exportDate":"\#(date)","snapshot":\#(snapshotJSON),"events":[\#n\#(events.joined(separator: ",\n"))\#n],"idempotencyKeys":[\#n\#(keys.joined(separator: ",\n"))\#n]}"#
    return Data(text.utf8)
  }

  /// The events of a backup, in order, with their actors.
  ///
  /// One pass of `JSONDecoder` over the file, each payload decoded where it lies by its type:
  /// reading the file as untyped objects and writing each payload back to JSON to decode it
  /// took three quarters of a restore's time.
  public static func events(from data: Data) throws -> [RestoredEvent] {
    try contents(from: data).events
  }

  /// The events of a backup and the idempotency keys it kept (none in backups made before
  /// they were kept).
  public static func contents(from data: Data) throws -> (events: [RestoredEvent], keys: [IdempotencyRecord]) {
    guard let file = try? JSONDecoder().decode(BackupFile.self, from: data) else {
      throw BackupError("the file is not JSON; a backup starts with {\"format\":\"\(format)\"")
    }
    guard file.format == format else { throw BackupError("not a budget-ledger backup (no \"format\":\"\(format)\")") }
    guard file.version == version else {
      throw BackupError("backup version \(file.version ?? "?") is not supported; this program reads \(version)")
    }
    guard let entries = file.events else { throw BackupError("the backup has no events list") }
    let keys = try (file.idempotencyKeys ?? []).enumerated().map { index, key in
      guard let name = key.key, let first = key.first, let count = key.count, count > 0, first > 0,
        let fingerprint = key.fingerprint.flatMap(ChainHash.init(hex:))
      else {
        throw BackupError("idempotency key \(index + 1) is malformed: it needs key, first, count and fingerprint")
      }
      return IdempotencyRecord(key: name, positions: first...(first + count - 1), fingerprint: fingerprint)
    }
    let events = try entries.enumerated().map { index, entry -> RestoredEvent in
      switch entry.result {
      case .success(let event): return event
      case .failure(.missing): throw BackupError("event \(index + 1) has no type or event")
      case .failure(.unreadable(let type, let reason)):
        throw BackupError("event \(index + 1) (\(type)) cannot be read: \(reason)")
      }
    }
    return (events, keys)
  }

  /// A backup file as ``events(from:)`` reads it: whatever is not as expected comes back as
  /// `nil` (or a failed entry), so that the error can say what is wrong.
  private struct BackupFile: Decodable {
    var format: String?
    var version: String?
    var events: [BackupEntry]?
    var idempotencyKeys: [KeyEntry]?

    private enum Key: String, CodingKey { case format, version, events, idempotencyKeys }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Key.self)
      format = try? container.decode(String.self, forKey: .format)
      version = try? container.decode(String.self, forKey: .version)
      events = try? container.decode([BackupEntry].self, forKey: .events)
      idempotencyKeys = try? container.decode([KeyEntry].self, forKey: .idempotencyKeys)
    }
  }

  /// One kept idempotency key.
  private struct KeyEntry: Decodable {
    var key: String?
    var first: UInt64?
    var count: UInt64?
    var fingerprint: String?
  }

  /// One entry of a backup's events list; decoding it never fails, the failure is kept.
  private struct BackupEntry: Decodable {
    enum Failure: Error {
      case missing
      case unreadable(type: String, reason: String)
    }

    var result: Result<RestoredEvent, Failure>

    private enum Key: String, CodingKey { case type, event, actor, correlation, causation, recordedAt, schemaVersion }

    /// Any key: to tell whether a value is a JSON object.
    private struct AnyKey: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) {
      guard let container = try? decoder.container(keyedBy: Key.self),
        let type = try? container.decode(String.self, forKey: .type),
        (try? container.nestedContainer(keyedBy: AnyKey.self, forKey: .event)) != nil
      else {
        result = .failure(.missing)
        return
      }
      do {
        let event = try EventJSON.decode(type: type, from: container, forKey: .event)
        let metadata = EventMetadata(
          actor: try? container.decode(String.self, forKey: .actor),
          correlationId: try? container.decode(String.self, forKey: .correlation),
          causationId: try? container.decode(String.self, forKey: .causation))
        result = .success(
          RestoredEvent(
            event: event, metadata: metadata, recordedAt: try? container.decode(Int64.self, forKey: .recordedAt),
            // Backups before versions were written: told by the event's content.
            schemaVersion: (try? container.decode(UInt16.self, forKey: .schemaVersion)) ?? event.impliedSchemaVersion))
      } catch {
        result = .failure(.unreadable(type: type, reason: "\(error)"))
      }
    }
  }

  struct Snapshot: Encodable {
    var transactions: [TransactionAdded]
    var categories: [SnapshotCategory]
    var periods: [SnapshotPeriod]
  }

  struct SnapshotCategory: Encodable {
    var name, icon, colorHex: String
    var isCustom: Bool
    var sortOrder: Int
    var archived: Bool
  }

  struct SnapshotPeriod: Encodable {
    var name, startDate: String
    var endDate: String?
    var closed: Bool
  }
}
