import LedgerDomain
import ProjectionEngine
import SharedRows

/// What the notifications read model keeps of a category's month, in the ledger's base
/// currency: the budget set for it and moved in or out, its shares of earlier quarters', the
/// rollover setting in force, what was spent and refunded, what rollover carried in, which
/// thresholds the spending has reached, and how many times each was crossed (so that each
/// crossing has a key of its own). A transaction in a month without rollover reads and
/// writes this row alone.
///
/// Value: has budget (1), set (8), moved (8), span (1), quarter shares (8), rollover (1),
/// spent (8), received (8), carried in (8), reached (1: a bit per ``BudgetThreshold``),
/// crossings (8: 4 × 16 bits).
struct BudgetMonthRow: Hashable {
  var budget: BudgetRow?
  /// The shares of quarter budgets set one or two months before.
  var quarterShares: Int64 = 0
  /// The rollover setting in force this month: whether its leftover carries into the next.
  var rollover = RolloverFlags(carryUnspent: false, carryOverspent: false)
  var spent: Int64 = 0
  var received: Int64 = 0
  var carriedIn: Int64 = 0
  var reached: UInt8 = 0
  /// How many times each threshold was crossed, 16 bits each by ``BudgetThreshold`` (one
  /// word, so that decoding a row allocates nothing).
  var crossings: UInt64 = 0

  init() {}

  var encoded: [UInt8] {
    var row = RowWriter(capacity: 68)
    row.byte(budget == nil ? 0 : 1)
    row.int(budget?.set ?? 0)
    row.int(budget?.moved ?? 0)
    row.byte(budget?.span == .quarter ? 1 : 0)
    row.int(quarterShares)
    row.byte(rollover.encoded[0])
    row.int(spent)
    row.int(received)
    row.int(carriedIn)
    row.byte(reached)
    row.word(crossings)
    return row.bytes
  }

  init?(_ bytes: some Collection<UInt8>) {
    var row = RowReader(bytes)
    guard let hasBudget = row.byte(), let set = row.int(), let moved = row.int(), let span = row.byte(),
      let quarterShares = row.int(), let rollover = row.byte(), let spent = row.int(), let received = row.int(),
      let carriedIn = row.int(), let reached = row.byte()
    else { return nil }
    budget = hasBudget == 1 ? BudgetRow(set: set, moved: moved, currency: "", span: span == 1 ? .quarter : .month) : nil
    self.quarterShares = quarterShares
    self.rollover = RolloverFlags(rollover)
    self.spent = spent
    self.received = received
    self.carriedIn = carriedIn
    self.reached = reached
    crossings = row.word() ?? 0
  }

  /// Spending net of refunds: the budget sheet's *actual*.
  var net: Int64 { spent &- received }

  /// What the month has to spend: its budget and moves, the shares of earlier quarters' and
  /// what was carried in.
  func available(in currency: Currency) -> Int64 {
    (budget?.units(monthsAfter: 0, currency: currency) ?? 0) &+ quarterShares &+ carriedIn
  }
}
