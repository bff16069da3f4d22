import LedgerDomain
import QueryResults

/// A debt as reports show it: what is owed on a date and the terms in force then.
public struct DebtSummary: Sendable, Hashable {
  public var id: DebtID
  public var name: String
  public var kind: DebtKind
  public var account: AccountID
  public var accountName: String
  /// What is owed: the account's balance, as a positive amount (zero when it is not negative).
  public var owed: Money
  public var terms: DebtTerms
  public var record: DebtRecord
}

extension Ledger {
  /// Every debt not removed, with what is owed at the end of `date` (its account's balance)
  /// and the terms in force then, by name.
  public func debts(on date: CivilDate) throws(LedgerError) -> [DebtSummary] {
    let state = self.state
    let balances = try balances(on: date).value
    return state.debts.filter { !$0.value.isRemoved }.map { id, record in
      let account = state.accounts[record.account]
      let balance = balances.first { $0.account == record.account }?.balance
      let currency = account?.currency ?? baseCurrency
      let owed = balance.map { $0.units < 0 ? Money(units: -$0.units, currency: $0.currency) : .zero($0.currency) }
      return DebtSummary(
        id: id, name: record.name, kind: record.kind, account: record.account, accountName: account?.name ?? "?",
        owed: owed ?? .zero(currency), terms: record.terms(on: date), record: record)
    }.sorted { $0.name < $1.name }
  }

  /// The payoff plan of every debt owed on `date` from the month after it (or from `start`),
  /// with `extra` beyond the minimums; each month uses the terms in force on its first day, so
  /// a change of terms dated in the future applies from its month on (a change dated after the
  /// 1st, from the month after). See ``PayoffPlan``.
  public func debtPlan(
    strategy: PayoffStrategy, extra: Money?, from start: YearMonth? = nil, on date: CivilDate
  ) throws(LedgerError) -> PayoffPlan {
    let (debts, first) = try payoffDebts(from: start, on: date)
    do {
      return try PayoffPlan.make(
        debts: debts, strategy: strategy, extra: extra ?? .zero(debts[0].balance.currency), from: first)
    } catch {
      throw .rejected(error)
    }
  }

  /// The smallest extra a month with which `strategy` pays every debt owed on `date` off by
  /// the end of `target` (see ``PayoffPlan/extraNeeded(debts:strategy:by:from:)``).
  public func debtExtraNeeded(
    strategy: PayoffStrategy, by target: YearMonth, from start: YearMonth? = nil, on date: CivilDate
  ) throws(LedgerError) -> Money {
    let (debts, first) = try payoffDebts(from: start, on: date)
    do { return try PayoffPlan.extraNeeded(debts: debts, strategy: strategy, by: target, from: first) } catch {
      throw .rejected(error)
    }
  }

  /// The debts owed on `date` as a plan from `start` (default: the month after `date`) sees
  /// them: today's balance, the terms in force on the first month's first day and each later
  /// change by the month it first applies in.
  func payoffDebts(from start: YearMonth?, on date: CivilDate) throws(LedgerError) -> ([PayoffDebt], YearMonth) {
    let owed = try debts(on: date).filter { $0.owed.isPositive }
    guard !owed.isEmpty else {
      throw .rejected(
        .invalidField(field: "debts", reason: "nothing is owed on any debt; add one with budget debt add"))
    }
    let first: YearMonth
    do { first = try start ?? YearMonth(year: date.year, month: date.month).adding(months: 1) } catch {
      throw .rejected(.invalidField(field: "from", reason: "\(error)"))
    }
    let debts = owed.map { debt -> PayoffDebt in
      let initial = debt.record.terms(on: first.firstDay)
      var months: [YearMonth] = []
      for change in debt.record.terms where change.from > first.firstDay {
        let month = change.from.day == 1 ? change.from.yearMonth : (try? change.from.yearMonth.adding(months: 1))
        if let month, months.last != month { months.append(month) }
      }
      let changes = months.map { month in
        let terms = debt.record.terms(on: month.firstDay)
        return PayoffDebt.Change(month: month, rate: terms.apr, minimum: terms.minimum)
      }
      return PayoffDebt(
        name: debt.name, balance: debt.owed, rate: initial.apr, minimum: initial.minimum, changes: changes)
    }
    return (debts, first)
  }
}

/// A "debt free by" answer: the smallest extra that pays every debt off by `by`, and whether
/// the plan asked for already does.
public struct DebtFreeTarget: Sendable, Hashable {
  public var by: YearMonth
  public var extraNeeded: Money
  /// Whether the plan with the extra asked for is paid off by `by`.
  public var onTrack: Bool
}

extension Ledger {
  /// The plan with `extra` and how it stands against paying everything off by `target`. When
  /// the plan with `extra` never ends, the plan answered is the one with the extra needed
  /// (and `onTrack` is false).
  public func debtPlan(
    strategy: PayoffStrategy, extra: Money?, by target: YearMonth, from start: YearMonth? = nil, on date: CivilDate
  ) throws(LedgerError) -> (plan: PayoffPlan, target: DebtFreeTarget) {
    let needed = try debtExtraNeeded(strategy: strategy, by: target, from: start, on: date)
    let plan: PayoffPlan
    do { plan = try debtPlan(strategy: strategy, extra: extra, from: start, on: date) } catch {
      let fallback = try debtPlan(strategy: strategy, extra: needed, from: start, on: date)
      return (fallback, DebtFreeTarget(by: target, extraNeeded: needed, onTrack: false))
    }
    return (plan, DebtFreeTarget(by: target, extraNeeded: needed, onTrack: plan.payoffMonth <= target))
  }
}
