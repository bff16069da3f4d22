import LedgerDomain
import RunningBalances

/// Something a write did that is allowed but probably not meant: the write stands, and the
/// front end says so (a line on stderr, a `warnings` entry of the JSON answer, a toast).
public struct LedgerWarning: Sendable, Hashable {
  /// What kind of warning, stable for programs to match on.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// A budget account the write lowered ends below zero.
    case accountBelowZero = "account_below_zero"
    /// A goal the write put money into now holds more than its target.
    case goalPastTarget = "goal_past_target"
    /// A category's spending the write brought to 75 %, 90 % or all of its month's budget,
    /// or past it (``Ledger/budgetNotices(at:)``).
    case budgetThreshold = "budget_threshold"
  }

  public var code: Code
  /// One line for people: `Checking is now -3,734.99`.
  public var message: String
  /// The account, goal or category the warning is about.
  public var subject: EntityID

  public init(code: Code, message: String, subject: EntityID) {
    self.code = code
    self.message = message
    self.subject = subject
  }
}

extension Ledger {
  /// What the writes that recorded `outcomes` left that a user should hear about, read from
  /// the ledger as known right after them (their last position), so that asking again — a
  /// retried request under the same idempotency key — gives the same answer:
  ///
  /// - every **budget** account (``AccountRole/budget``, its role then) whose balance the
  ///   events lowered and that ends below zero today — also one that was below zero already
  ///   and went further; a tracking account (a loan) is never warned about;
  /// - every goal the events contributed to that now holds more than its target;
  /// - every category month whose spending the events brought to a threshold of its budget
  ///   (the highest one reached).
  public func warnings(after outcomes: [CommandOutcome]) throws(LedgerError) -> [LedgerWarning] {
    guard let first = outcomes.first?.positions.lowerBound, let last = outcomes.last?.positions.upperBound else {
      return []
    }
    return try warnings(for: first...last)
  }

  /// ``warnings(after:)`` for the events at `positions` (an undo's or a redo's).
  public func warnings(for positions: ClosedRange<UInt64>) throws(LedgerError) -> [LedgerWarning] {
    let (first, last) = (positions.lowerBound, positions.upperBound)
    guard first > 0 else { return [] }
    // A duplicate's outcome lists no events: they are read back from the log either way.
    var events: [LedgerEvent] = []
    for recorded in try self.events(from: first, limit: Int(last - first + 1)) {
      events.append(try StoredEvent.decode(recorded))
    }
    var lowered: [AccountID: Int64] = [:]
    var goals: [GoalID] = []
    for event in events {
      for (account, units) in Self.flows(of: event) { lowered[account, default: 0] &+= units }
      if case .goalContributed(let e) = event, !goals.contains(e.goal) { goals.append(e.goal) }
    }
    lowered = lowered.filter { $0.value < 0 }
    let budgets = try budgetWarnings(for: first...last)
    guard !lowered.isEmpty || !goals.isEmpty else { return budgets }
    let today = self.today()
    let base = baseCurrency
    var warnings: [LedgerWarning] = []
    if !lowered.isEmpty {
      let balances = try query(at: .position(last)) { reader, position in
        try BalanceQueries(reader).balances(on: today, asKnownAt: position)
      }.value
      for account in balances where lowered[account.account] != nil {
        guard account.role == .budget, account.balance.isNegative else { continue }
        let code = account.balance.currency == base ? "" : " \(account.balance.currency.code)"
        warnings.append(
          LedgerWarning(
            code: .accountBelowZero,
            message: "\(account.name) is now \(account.balance.formatted(grouping: true))\(code)",
            subject: account.account.raw))
      }
    }
    if !goals.isEmpty {
      let summaries = try self.goals(on: today, includingArchived: true, at: .position(last))
      for summary in summaries where goals.contains(summary.id) {
        let forecast = summary.forecast
        guard forecast.saved.currency == forecast.target.currency, forecast.saved.units > forecast.target.units else {
          continue
        }
        warnings.append(
          LedgerWarning(
            code: .goalPastTarget,
            message:
              "goal '\(summary.name)' is now \(forecast.percentText) % of its target "
              + "(\(forecast.saved.formatted(grouping: true)) of \(forecast.target.formatted(grouping: true)))",
            subject: summary.id.raw))
      }
    }
    return warnings + budgets
  }

  /// The signed units `event` moves in or out of each account's balance (negative: out).
  static func flows(of event: LedgerEvent) -> [(AccountID, Int64)] {
    func signed(_ t: TransactionAdded) -> (AccountID, Int64) {
      (t.account, t.type == .expense ? -t.amount.units : t.amount.units)
    }
    switch event {
    case .transactionAdded(let e): return [signed(e)]
    case .transactionRestored(let e): return [signed(e.transaction)]
    case .transactionDeleted(let e):
      guard let deleted = e.deleted else { return [] }
      let (account, units) = signed(deleted)
      return [(account, -units)]
    case .transactionAmended(let e):
      guard let previous = e.previous else { return [] }
      let (oldAccount, oldUnits) = signed(previous)
      return [(oldAccount, -oldUnits), signed(previous.applying(e))]
    case .transferMade(let e): return [(e.from, -e.amount.units), (e.to, e.amount.units)]
    case .transferCancelled(let e):
      return [(e.cancelled.from, e.cancelled.amount.units), (e.cancelled.to, -e.cancelled.amount.units)]
    case .openingBalanceChanged(let e): return [(e.account, e.balance.units &- e.previous.units)]
    default: return []
    }
  }
}
