import Ledger
import LedgerDomain
import QueryResults

extension Wire {
  /// The budget sheet of a month (`GET /budget/{month}`, `GET /reports/budget-vs-actual`,
  /// `budget budget show --json`, `budget report budget-vs-actual --json`): income, the lines by
  /// budget type, remaining to assign, available funds and what makes them up, due dates, goals.
  public struct BudgetSheet: Codable, Sendable, Equatable {
    /// One category's line: what it was given, carried, budgeted and spent, and its alert.
    public struct Line: Codable, Sendable, Equatable {
      public var category, name, budgetType, assigned, carried, budgeted, actual, difference: String
      public var usedPercent: String?
      public var overBudget: Bool
      public var alert: Int
      public var dueDate: String?
    }
    /// A planned income: for a month, or a year's (no month), and what it counts this month.
    public struct Income: Codable, Sendable, Equatable {
      public var source: String
      public var month: String?
      public var amount, counted: String
    }
    /// A planned income as counted this month.
    public struct IncomeSource: Codable, Sendable, Equatable {
      public var source, counted: String
      public var yearly: Bool
    }
    /// A category's due date this month.
    public struct Due: Codable, Sendable, Equatable {
      public var category, categoryId, date: String
    }
    /// An amount in a currency other than the sheet's.
    public struct CurrencyAmount: Codable, Sendable, Equatable {
      public var amount, currency: String
    }
    /// An account on the available-funds line, with its balance on `fundsDate`.
    public struct FundsAccount: Codable, Sendable, Equatable {
      public var id, name, balance, currency: String
    }
    public var month, title, currency: String
    public var position: UInt64
    public var recordedAt: String?
    public var plannedIncome, fixed, variable, quarterly, totalBudgeted, totalActual, remainingToAssign, availableFunds,
      fundsDate: String
    /// The budget accounts `availableFunds` adds up (those in the sheet's currency), by name.
    public var fundsAccounts: [FundsAccount]
    /// The tracking accounts (loans, investments, …), in any currency: not in `availableFunds`.
    public var trackingAccounts: [FundsAccount]
    /// What budget accounts in other currencies hold, per currency: not in `availableFunds`.
    public var otherCurrencyFunds: [CurrencyAmount]
    /// What the month spent in other currencies, per currency: in no line's `actual`.
    public var otherCurrencySpending: [CurrencyAmount]
    public var income: [Income]
    /// Each planned income counted this month, as `budget budget show` lists it: what it counts
    /// and whether it is a year's share (`income` says the same with the month it is for).
    public var incomeSources: [IncomeSource]
    public var lines: [Line]
    public var dueDates: [Due]
    /// The goals whose monthly need is on the sheet.
    public var goals: [BudgetGoalLineReport]
  }
}

extension Wire.BudgetSheet {
  /// The sheet `answer` holds; `categories` give the lines the due dates their categories
  /// carry (a month's own due dates come first).
  public init(_ answer: Answer<BudgetSheet>, categories: [CategoryID: CategoryRecord]) {
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
    incomeSources = summary.incomeSources.map {
      IncomeSource(source: $0.source, counted: $0.counted.formatted(), yearly: $0.month == nil)
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
  public static func percent(_ basisPoints: Int) -> String {
    let sign = basisPoints < 0 ? "-" : ""
    let magnitude = abs(basisPoints)
    let cents = magnitude % 100
    return "\(sign)\(magnitude / 100).\(cents < 10 ? "0" : "")\(cents)"
  }
}

extension Wire.BudgetSheet.FundsAccount {
  /// The account `balance` is of, with that balance.
  public init(_ balance: AccountBalance) {
    id = balance.account.description
    name = balance.name
    self.balance = balance.balance.formatted()
    currency = balance.balance.currency.code
  }
}
