import Ledger
import LedgerDomain
import QueryResults

/// What a ledger holds and answers, for comparing two ledgers that should agree — one that
/// had a command undone and one that never had it: live transactions, accounts, categories
/// (with their postings), budgets, periods and planned income as the rules see them, and what
/// the read models answer for `month` (balances at its end, its budget lines: budgeted, spent and left per category).
///
/// Versions and event counts are left out: an undo adds events, so they differ on purpose.
public struct ObservedLedger: Equatable {
  public var transactions: [TransactionID: TransactionAdded]
  public var accounts: [AccountID: AccountRecord]
  public var categories: [CategoryID: String]
  public var budgets: [YearMonth: [CategoryID: BudgetRecord]]
  public var periods: [PeriodID: PeriodRecord]
  public var plannedIncome: [IncomeKey: Money]
  public var readModels: [AnyHashable]

  public init(_ ledger: Ledger, month: YearMonth) throws {
    let state = ledger.state
    var live: [TransactionID: TransactionAdded] = [:]
    for (id, record) in state.transactions where !record.isDeleted { live[id] = record.added }
    transactions = live
    accounts = state.accounts.mapValues { account in
      var account = account
      account.version = 0
      return account
    }
    categories = state.categories.mapValues {
      "\($0.name) active \($0.isActive) postings \($0.transactionCount) budgets \($0.budgetCount)"
    }
    budgets = state.budgets
    periods = state.periods.mapValues { period in
      var period = period
      period.version = 0
      return period
    }
    plannedIncome = state.plannedIncome
    readModels = [
      AnyHashable(try ledger.balances(on: month.lastDay).value),
      AnyHashable(try ledger.budgetSheet(month).value.report.lines),
    ]
  }

  /// The names of what differs from `other` (empty when the two agree), for a test to say.
  public func differences(from other: ObservedLedger) -> [String] {
    var names: [String] = []
    if transactions != other.transactions { names.append("transactions") }
    if accounts != other.accounts { names.append("accounts") }
    if categories != other.categories { names.append("categories: \(categories) vs \(other.categories)") }
    if budgets != other.budgets { names.append("budgets") }
    if periods != other.periods { names.append("periods") }
    if plannedIncome != other.plannedIncome { names.append("planned income") }
    for (index, (mine, theirs)) in zip(readModels, other.readModels).enumerated() where mine != theirs {
      names.append("read model \(index): \(mine) vs \(theirs)")
    }
    return names
  }
}
