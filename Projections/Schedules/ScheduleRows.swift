import LedgerCodec
import LedgerDomain
import ProjectionEngine

/// Keys of the schedules tables.
enum ScheduleKeys {
  static func id(_ id: EntityID) -> [UInt8] { KeyBuilder.words(id.high, id.low) }

  static func occurrence(_ schedule: EntityID, _ date: CivilDate) -> [UInt8] {
    KeyBuilder.words(schedule.high, schedule.low, KeyBuilder.ordered(Int64(date.daysSinceEpoch)))
  }

  /// The one key of the `stamp` table.
  static let stamp = [UInt8](repeating: 0, count: 8)

  static func stampValue(_ position: UInt64) -> [UInt8] { withUnsafeBytes(of: position.littleEndian) { Array($0) } }

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

/// A schedule's row: whether it was deleted (1 byte), then its timeline in its binary form.
struct ScheduleRow {
  var timeline: ScheduleTimeline
  var isDeleted: Bool

  var encoded: [UInt8] { [isDeleted ? 1 : 0] + timeline.binary }

  init(timeline: ScheduleTimeline, isDeleted: Bool = false) {
    self.timeline = timeline
    self.isDeleted = isDeleted
  }

  init?(_ bytes: some Collection<UInt8>) {
    let bytes = Array(bytes)
    guard let flag = bytes.first, let timeline = try? ScheduleTimeline(binary: Array(bytes.dropFirst())) else {
      return nil
    }
    self.init(timeline: timeline, isDeleted: flag == 1)
  }
}

/// An occurrence that was paid or skipped (the others have no row), in a compact form read
/// by hand: a bills overview reads every row of a year of 500 schedules.
///
/// Layout: flags (1: paid, 2: live, 4: skipped); when paid, the entry's kind (0 transaction,
/// 1 transfer), its id (16, big-endian), the source, the amount's units (8, little-endian),
/// its currency (3), the day it was paid (4, little-endian days since 1970); when skipped,
/// the reason's UTF-8 (none when empty).
struct OccurrenceRow: Sendable {
  var paid: ScheduleOccurrencePaid?
  /// Whether the payment's transaction (or transfer) is still in the ledger.
  var live: Bool
  var skipped: Bool
  var skipReason: String?

  init(paid: ScheduleOccurrencePaid?, live: Bool = true, skipped: Bool = false, skipReason: String? = nil) {
    self.paid = paid
    self.live = live
    self.skipped = skipped
    self.skipReason = skipReason
  }

  var encoded: [UInt8] {
    var bytes: [UInt8] = [(paid != nil ? 1 : 0) | (live ? 2 : 0) | (skipped ? 4 : 0)]
    if let paid, let entry = paid.entry {
      bytes.append(paid.transaction != nil ? 0 : 1)
      bytes += entry.bigEndianBytes
      bytes.append(UInt8(PaymentSource.allCases.firstIndex(of: paid.source) ?? 0))
      withUnsafeBytes(of: paid.amount.units.littleEndian) { bytes += $0 }
      bytes += Array(paid.amount.currency.code.utf8.prefix(3))
      withUnsafeBytes(of: Int32(truncatingIfNeeded: paid.paidOn.daysSinceEpoch).littleEndian) { bytes += $0 }
    }
    if skipped, let skipReason { bytes += Array(skipReason.utf8) }
    return bytes
  }

  /// The row of `schedule`'s occurrence on `date` stored as `bytes`.
  init?(_ bytes: some Collection<UInt8>, schedule: ScheduleID, date: CivilDate) {
    let bytes = Array(bytes)
    guard let flags = bytes.first else { return nil }
    live = flags & 2 != 0
    skipped = flags & 4 != 0
    var offset = 1
    if flags & 1 != 0 {
      guard bytes.count >= offset + 33, let id = EntityID(bigEndianBytes: bytes[(offset + 1)..<(offset + 17)]) else {
        return nil
      }
      let isTransfer = bytes[offset] == 1
      let sources = PaymentSource.allCases
      let source = sources[min(Int(bytes[offset + 17]), sources.count - 1)]
      let units = bytes[(offset + 18)..<(offset + 26)].reversed().reduce(Int64(0)) { $0 << 8 | Int64($1) }
      let code = String(decoding: bytes[(offset + 26)..<(offset + 29)], as: UTF8.self)
      let days = bytes[(offset + 29)..<(offset + 33)].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      guard let currency = try? Currency(code: code),
        let paidOn = try? CivilDate(daysSinceEpoch: Int(Int32(bitPattern: days)))
      else { return nil }
      paid = ScheduleOccurrencePaid(
        schedule: schedule, date: date, transaction: isTransfer ? nil : TransactionID(raw: id),
        transfer: isTransfer ? TransferID(raw: id) : nil, source: source,
        amount: Money(units: units, currency: currency),
        paidOn: paidOn)
      offset += 33
    }
    skipReason = skipped && bytes.count > offset ? String(decoding: bytes[offset...], as: UTF8.self) : nil
  }

  /// The row stored under `key` (an `occurrences` key) as `bytes`.
  init?(_ bytes: some Collection<UInt8>, key: some Collection<UInt8>) {
    guard let (schedule, date) = ScheduleKeys.decodeOccurrence(key) else { return nil }
    self.init(bytes, schedule: ScheduleID(raw: schedule), date: date)
  }
}
