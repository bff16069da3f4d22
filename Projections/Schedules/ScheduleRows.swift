import LedgerDomain
import ProjectionEngine

/// Keys of the schedules tables.
enum ScheduleKeys {
  static func id(_ id: EntityID) -> [UInt8] { KeyBuilder.words(id.high, id.low) }

  static func occurrence(_ schedule: EntityID, _ date: CivilDate) -> [UInt8] {
    KeyBuilder.words(schedule.high, schedule.low, KeyBuilder.ordered(Int64(date.daysSinceEpoch)))
  }

  /// The occurrence a `links` value or an `occurrences` key names.
  static func decodeOccurrence(_ bytes: some Collection<UInt8>) -> (schedule: EntityID, date: CivilDate)? {
    let bytes = Array(bytes)
    guard bytes.count == 24 else { return nil }
    let high = bytes[0..<8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    let low = bytes[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    let ordered = bytes[16..<24].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    let days = Int64(bitPattern: ordered ^ (1 << 63))
    guard let date = try? CivilDate(daysSinceEpoch: Int(days)) else { return nil }
    return (EntityID(high: high, low: low), date)
  }
}

/// A schedule's row: its terms over time, and whether it was deleted.
struct ScheduleRow: Codable {
  var timeline: ScheduleTimeline
  var isDeleted: Bool

  var encoded: [UInt8] { (try? BinaryEncoder().encode(self)) ?? [] }

  init(timeline: ScheduleTimeline, isDeleted: Bool = false) {
    self.timeline = timeline
    self.isDeleted = isDeleted
  }

  init?(_ bytes: some Collection<UInt8>) {
    guard let row = try? BinaryDecoder().decode(ScheduleRow.self, from: Array(bytes)) else { return nil }
    self = row
  }
}

/// An occurrence that was paid or skipped (the others have no row).
struct OccurrenceRow: Codable {
  var paid: ScheduleOccurrencePaid?
  /// Whether the payment's transaction (or transfer) is still in the ledger.
  var live: Bool
  var skipped: Bool
  var skipReason: String?

  var encoded: [UInt8] { (try? BinaryEncoder().encode(self)) ?? [] }

  init(paid: ScheduleOccurrencePaid?, live: Bool = true, skipped: Bool = false, skipReason: String? = nil) {
    self.paid = paid
    self.live = live
    self.skipped = skipped
    self.skipReason = skipReason
  }

  init?(_ bytes: some Collection<UInt8>) {
    guard let row = try? BinaryDecoder().decode(OccurrenceRow.self, from: Array(bytes)) else { return nil }
    self = row
  }
}
