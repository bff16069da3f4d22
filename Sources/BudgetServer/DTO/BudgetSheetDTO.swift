import Ledger
import LedgerDomain
import LedgerWire
import QueryResults

/// Seed 001 Sheet 1 (and Sheet 3's numbers) for a month: income, the lines by budget type,
/// remaining to assign, available funds and due dates.
struct BudgetSheetDTO: Codable, Sendable {
  struct Line: Codable, Sendable {
    var category, name, budgetType, assigned, carried, budgeted, actual, difference: String
    var usedPercent: String?
    var overBudget: Bool
    var alert: Int
    var dueDate: String?
  }
  struct Income: Codable, Sendable {
    var source: String
    var month: String?
    var amount, counted: String
  }
  struct Due: Codable, Sendable {
    var category, categoryId, date: String
  }
  /// An amount in a currency other than the sheet's.
  struct CurrencyAmount: Codable, Sendable {
    var amount, currency: String
  }
  /// An account on the available-funds line, with its balance on `fundsDate`.
  struct FundsAccount: Codable, Sendable {
    var id, name, balance, currency: String

    init(_ balance: AccountBalance) {
      id = balance.account.description
      name = balance.name
      self.balance = balance.balance.formatted()
      currency = balance.balance.currency.code
    }
  }
  var month, title, currency: String
  var position: UInt64
  var recordedAt: String?
  var plannedIncome, fixed, variable, quarterly, totalBudgeted, totalActual, remainingToAssign, availableFunds,
    fundsDate: String
  /// The budget accounts `availableFunds` adds up (those in the sheet's currency), by name.
  var fundsAccounts: [FundsAccount]
  /// The tracking accounts (loans, investments, …), in any currency: not in `availableFunds`.
  var trackingAccounts: [FundsAccount]
  /// What budget accounts in other currencies hold, per currency: not in `availableFunds`.
  var otherCurrencyFunds: [CurrencyAmount]
  /// What the month spent in other currencies, per currency: in no line's `actual`.
  var otherCurrencySpending: [CurrencyAmount]
  var income: [Income]
  var lines: [Line]
  var dueDates: [Due]
  /// The goals whose monthly need is on the sheet.
  var goals: [BudgetGoalLineReport]

  init(_ answer: Answer<BudgetSheet>, categories: [CategoryID: CategoryRecord]) {
    let sheet = answer.value
    let summary = sheet.summary
    month = summary.month.description
    title = summary.month.title
    currency = summary.currency.code
    position = answer.position
    recordedAt = answer.recordedAt == 0 ? nil : Wire.timestamp(answer.recordedAt)
    plannedIncome = summary.plannedIncome.formatted()
    fixed = summary.budgeted.fixed.formatted()
    variable = summary.budgeted.variable.formatted()
    quarterly = summary.budgeted.quarterly.formatted()
    totalBudgeted = summary.budgeted.total.formatted()
    totalActual = sheet.report.totalActual.formatted()
    remainingToAssign = summary.remainingToAssign.formatted()
    availableFunds = sheet.availableFunds.formatted()
    fundsDate = sheet.fundsDate.description
    fundsAccounts = sheet.fundsAccounts.map(FundsAccount.init)
    trackingAccounts = sheet.trackingAccounts.map(FundsAccount.init)
    otherCurrencyFunds = sheet.otherCurrencyFunds.map {
      CurrencyAmount(amount: $0.formatted(), currency: $0.currency.code)
    }
    otherCurrencySpending = sheet.otherCurrencySpending.map {
      CurrencyAmount(amount: $0.formatted(), currency: $0.currency.code)
    }
    income = summary.incomeSources.map {
      Income(
        source: $0.source, month: $0.month?.description, amount: $0.amount.formatted(), counted: $0.counted.formatted())
    }
    let due = Dictionary(summary.dueDates.map { ($0.category, $0.date) }, uniquingKeysWith: { first, _ in first })
    lines = sheet.report.lines.map {
      Line(
        category: $0.category.description, name: $0.name, budgetType: $0.budgetType.rawValue,
        assigned: $0.assigned.formatted(),
        carried: $0.carried.formatted(), budgeted: $0.budgeted.formatted(), actual: $0.actual.formatted(),
        difference: $0.difference.formatted(), usedPercent: $0.usedBasisPoints.map(Self.percent),
        overBudget: $0.isOverBudget,
        alert: $0.alert.rawValue, dueDate: (due[$0.category] ?? categories[$0.category]?.dueDate)?.description)
    }
    dueDates = summary.dueDates.map {
      Due(category: $0.name, categoryId: $0.category.description, date: $0.date.description)
    }
    goals = sheet.goals.map(BudgetGoalLineReport.init)
  }

  /// 7,512 basis points → "75.12".
  static func percent(_ basisPoints: Int) -> String {
    let sign = basisPoints < 0 ? "-" : ""
    let magnitude = abs(basisPoints)
    let cents = magnitude % 100
    return "\(sign)\(magnitude / 100).\(cents < 10 ? "0" : "")\(cents)"
  }
}
