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

  /// The payoff plan of every debt owed on `date`'s month from the month after it (or from
  /// `start`), with `extra` beyond the minimums (see ``PayoffPlan``).
  public func debtPlan(
    strategy: PayoffStrategy, extra: Money?, from start: YearMonth? = nil, on date: CivilDate
  ) throws(LedgerError) -> PayoffPlan {
    let owed = try debts(on: date).filter { $0.owed.isPositive }
    guard let currency = owed.first?.owed.currency else {
      throw .rejected(
        .invalidField(field: "debts", reason: "nothing is owed on any debt; add one with budget debt add"))
    }
    let first: YearMonth
    do { first = try start ?? YearMonth(year: date.year, month: date.month).adding(months: 1) } catch {
      throw .rejected(.invalidField(field: "from", reason: "\(error)"))
    }
    do {
      return try PayoffPlan.make(
        debts: owed.map { PayoffDebt(name: $0.name, balance: $0.owed, rate: $0.terms.apr, minimum: $0.terms.minimum) },
        strategy: strategy, extra: extra ?? .zero(currency), from: first)
    } catch {
      throw .rejected(error)
    }
  }
}
