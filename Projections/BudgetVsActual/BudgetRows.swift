import LedgerDomain
import SharedRows

/// A category's budget for a month as set, plus what was moved in or out in that month.
/// `BudgetSet` replaces the row (dropping earlier moves, as setting again replaces the
/// amount); `BudgetMoved` adds to `moved`. A `.quarter` amount is spread over the quarter by
/// the queries; moves count in their own month only.
///
/// Value: set (8), moved (8), currency (3), span (1: 0 month, 1 quarter).
struct BudgetRow: Hashable {
  var set: Int64
  var moved: Int64
  var currency: String
  var span: BudgetSpan

  init(set: Int64, moved: Int64, currency: String, span: BudgetSpan) {
    self.set = set
    self.moved = moved
    self.currency = currency
    self.span = span
  }

  var encoded: [UInt8] {
    var row = RowWriter(capacity: 20)
    row.int(set)
    row.int(moved)
    row.fixed(currency, width: 3)
    row.byte(span == .quarter ? 1 : 0)
    return row.bytes
  }

  init?(_ bytes: some Collection<UInt8>) {
    var row = RowReader(bytes)
    guard let set = row.int(), let moved = row.int(), let currency = row.fixed(width: 3), let span = row.byte() else { return nil }
    self.init(set: set, moved: moved, currency: currency, span: span == 1 ? .quarter : .month)
  }

  /// What the row gives the month `offset` months after its own (0...2), in units: a
  /// quarter's amount is split in cents by ``Money/allocatedInMinorUnits(into:)``, so the three parts add up to it.
  func units(monthsAfter offset: Int, currency: Currency) -> Int64 {
    // The rules' state works out the same share (``BudgetRecord/share(monthsAfter:)``): one
    // arithmetic, so that the sheet and the rules can never disagree on a month's budget.
    BudgetRecord(
      set: Money(units: set, currency: currency), moved: Money(units: moved, currency: currency), span: span
    ).share(monthsAfter: offset).units
  }
}

/// A planned income: amount, currency and the source's name.
///
/// Value: amount (8), currency (3), source (2 + UTF-8).
struct IncomeRow: Hashable {
  var amount: Int64
  var currency: String
  var source: String

  init(amount: Int64, currency: String, source: String) {
    self.amount = amount
    self.currency = currency
    self.source = source
  }

  var encoded: [UInt8] {
    var row = RowWriter(capacity: 16 + source.utf8.count)
    row.int(amount)
    row.fixed(currency, width: 3)
    row.text(source)
    return row.bytes
  }

  init?(_ bytes: some Collection<UInt8>) {
    var row = RowReader(bytes)
    guard let amount = row.int(), let currency = row.fixed(width: 3), let source = row.text() else { return nil }
    self.init(amount: amount, currency: currency, source: source)
  }
}

/// A category's rollover flags, from the month they apply. Value: 1 byte, bit 0 carry
/// unspent, bit 1 carry overspent (0 = rollover switched off).
struct RolloverFlags: Hashable {
  var carryUnspent: Bool
  var carryOverspent: Bool

  init(carryUnspent: Bool, carryOverspent: Bool) {
    self.carryUnspent = carryUnspent
    self.carryOverspent = carryOverspent
  }

  init(_ byte: UInt8) { self.init(carryUnspent: byte & 1 != 0, carryOverspent: byte & 2 != 0) }

  var encoded: [UInt8] { [(carryUnspent ? 1 : 0) | (carryOverspent ? 2 : 0)] }

  var isOn: Bool { carryUnspent || carryOverspent }

  /// What a month's `leftover` (available minus spent) carries into the next month.
  func carry(_ leftover: Int64) -> Int64 {
    if leftover > 0 { return carryUnspent ? leftover : 0 }
    return carryOverspent ? leftover : 0
  }
}
