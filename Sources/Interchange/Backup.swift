import EventLog
import Foundation
import Ledger
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
      let event = try LedgerEvent.decode(typeBytes: view.typeBytes, schemaVersion: view.schemaVersion, payload: view.payload)
      let payload = String(decoding: try EventJSON.encode(event, with: encoder), as: UTF8.self)
      let metadata = view.metadata
      func text(_ value: String?) -> String { value.flatMap { try? String(decoding: encoder.encode($0), as: UTF8.self) } ?? "null" }
      events.append(
        #"{"actor":\#(text(metadata.actor)),"causation":\#(text(metadata.causationId)),"correlation":\#(text(metadata.correlationId)),"event":\#(payload),"position":\#(view.position),"recordedAt":\#(view.recordedAt),"type":"\#(event.typeName)"}"#)
      return .continue
    }
    let state = ledger.state
    let snapshot = Snapshot(
      transactions: state.transactions.values.filter { !$0.isDeleted }.map(\.added).sorted { ($0.date, $0.transaction) < ($1.date, $1.transaction) },
      categories: state.categories.values.filter { !$0.isDeleted }.map { SnapshotCategory(name: $0.name, icon: $0.icon, colorHex: $0.color.description, isCustom: $0.isCustom, sortOrder: $0.sortOrder, archived: $0.isArchived) }.sorted { $0.sortOrder < $1.sortOrder },
      periods: state.periods.values.map { SnapshotPeriod(name: $0.name, startDate: $0.start.description, endDate: $0.end?.description, closed: $0.isClosed) }.sorted { $0.startDate < $1.startDate })
    let snapshotJSON = String(decoding: try encoder.encode(snapshot), as: UTF8.self)
    let date = ISO8601DateFormatter().string(from: exportDate)
    let text = #"{"format":"\#(format)","version":"\#(version)","exportDate":"\#(date)","snapshot":\#(snapshotJSON),"events":[\#n\#(events.joined(separator: ",\n"))\#n]}"#
    return Data(text.utf8)
  }

  /// The events of a backup, in order, with their actors.
  public static func events(from data: Data) throws -> [RestoredEvent] {
    guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw BackupError("the file is not JSON; a backup starts with {\"format\":\"\(format)\"")
    }
    guard root["format"] as? String == format else { throw BackupError("not a budget-ledger backup (no \"format\":\"\(format)\")") }
    guard root["version"] as? String == version else {
      throw BackupError("backup version \(root["version"] ?? "?") is not supported; this program reads \(version)")
    }
    guard let entries = root["events"] as? [[String: Any]] else { throw BackupError("the backup has no events list") }
    return try entries.enumerated().map { index, entry in
      // JSONSerialization.data(withJSONObject:) traps (it does not throw) on anything but an
      // object or array: a backup whose "event" is a string or number must be an error.
      guard let type = entry["type"] as? String, let payload = entry["event"], JSONSerialization.isValidJSONObject(payload) else {
        throw BackupError("event \(index + 1) has no type or event")
      }
      do {
        let event = try EventJSON.decode(type: type, from: try JSONSerialization.data(withJSONObject: payload))
        let metadata = EventMetadata(
          actor: entry["actor"] as? String, correlationId: entry["correlation"] as? String, causationId: entry["causation"] as? String)
        return RestoredEvent(event: event, metadata: metadata, recordedAt: (entry["recordedAt"] as? NSNumber)?.int64Value)
      } catch {
        throw BackupError("event \(index + 1) (\(type)) cannot be read: \(error)")
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

/// Why a backup could not be read.
public struct BackupError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}
