import LedgerDomain

/// A category's budget for a month as set, plus what was moved in or out in that month.
/// `BudgetSet` replaces the row (dropping earlier moves, as setting again replaces the
/// amount); `BudgetMoved` adds to `moved`. A `.quarter` amount is spread over the quarter by
/// the queries; moves count in their own month only.
///
/// Value: set (8), moved (8), currency (3), span (1: 0 month, 1 quarter).
package struct BudgetRow: Hashable {
  package var set: Int64
  package var moved: Int64
  package var currency: String
  package var span: BudgetSpan

  package init(set: Int64, moved: Int64, currency: String, span: BudgetSpan) {
    self.set = set
    self.moved = moved
    self.currency = currency
    self.span = span
  }

  package var encoded: [UInt8] {
    var row = RowWriter(capacity: 20)
    row.int(set)
    row.int(moved)
    row.fixed(currency, width: 3)
    row.byte(span == .quarter ? 1 : 0)
    return row.bytes
  }

  package init?(_ bytes: some Collection<UInt8>) {
    var row = RowReader(bytes)
    guard let set = row.int(), let moved = row.int(), let currency = row.fixed(width: 3), let span = row.byte() else { return nil }
    self.init(set: set, moved: moved, currency: currency, span: span == 1 ? .quarter : .month)
  }

  /// What the row gives the month `offset` months after its own (0...2), in units: a
  /// quarter's amount is split in cents by ``Money/allocatedInMinorUnits(into:)``, so the three parts add up to it.
  package func units(monthsAfter offset: Int, currency: Currency) -> Int64 {
    // The rules' state works out the same share (``BudgetRecord/share(monthsAfter:)``): one
    // arithmetic, so that the sheet and the rules can never disagree on a month's budget.
    BudgetRecord(
      set: Money(units: set, currency: currency), moved: Money(units: moved, currency: currency), span: span
    ).share(monthsAfter: offset).units
  }
}
