import ProjectionEngine
import SharedRows

/// The months of a category the notifications read model holds rows for — every month from
/// the first to the last it has seen, so that rollover's carry can be followed month by
/// month — and its rollover settings, each from the month it applies.
///
/// Value: first month ‖ last month (4 + 4), settings count (8), then month (8) ‖ flags (1) each.
struct CategoryMonths: Hashable {
  var first: UInt32
  var last: UInt32
  var rollover: [Setting] = []

  /// A rollover setting and the month it applies from.
  struct Setting: Hashable {
    var month: UInt32
    var flags: RolloverFlags
  }

  init(first: UInt32, last: UInt32) {
    self.first = first
    self.last = last
  }

  /// The rollover setting in force in `month`: the last one applying from then or before.
  func flags(in month: UInt32) -> RolloverFlags {
    rollover.last { $0.month <= month }?.flags ?? RolloverFlags(carryUnspent: false, carryOverspent: false)
  }

  /// Records `flags` from `month` on, replacing a setting from the same month.
  mutating func set(_ flags: RolloverFlags, from month: UInt32) {
    rollover.removeAll { $0.month == month }
    rollover.append(Setting(month: month, flags: flags))
    rollover.sort { $0.month < $1.month }
  }

  var encoded: [UInt8] {
    var row = RowWriter(capacity: 10 + rollover.count * 5)
    row.word(UInt64(first) << 32 | UInt64(last))
    row.word(UInt64(rollover.count))
    for setting in rollover {
      row.word(UInt64(setting.month))
      row.byte(setting.flags.encoded[0])
    }
    return row.bytes
  }

  init?(_ bytes: some Collection<UInt8>) {
    var row = RowReader(bytes)
    guard let range = row.word(), let count = row.word() else { return nil }
    self.init(first: UInt32(truncatingIfNeeded: range >> 32), last: UInt32(truncatingIfNeeded: range))
    for _ in 0..<count {
      guard let month = row.word(), let flags = row.byte() else { return nil }
      rollover.append(Setting(month: UInt32(truncatingIfNeeded: month), flags: RolloverFlags(flags)))
    }
  }
}
