import LedgerDomain

/// A goal as the CLI's `--json` and the API show it: money as exact decimal strings, dates as
/// `YYYY-MM-DD`.
public struct GoalReport: Codable, Sendable, Hashable {
  /// A contribution (money in) or a withdrawal (money out) on the goal's list.
  public struct Entry: Codable, Sendable, Hashable {
    public var id: String
    /// `contribution` or `withdrawal`.
    public var type: String
    public var date: String
    public var amount: String
    /// `manual`, `recurring`, `roundup` or `windfall`.
    public var source: String
    public var transaction: String?
    public var transfer: String?
    public var note: String?
  }

  public var id: String
  public var name: String
  public var kind: String
  /// `active`, `completed` or `archived`.
  public var status: String
  /// The day it was completed or archived.
  public var statusDate: String?
  /// `account` or `category`.
  public var fundingType: String
  /// The funding account's or category's name.
  public var funding: String
  public var currency: String
  public var target: String
  public var targetDate: String?
  public var startDate: String
  public var onBudgetSheet: Bool
  public var note: String?
  /// The day the progress is as of.
  public var asOf: String
  public var saved: String
  public var left: String
  /// Saved as a percentage of the target, one decimal, rounded down: `"42.5"`.
  public var percent: String
  public var monthlyNeed: String?
  /// The average net monthly contribution of the three full months before `asOf`'s month.
  public var monthlyRate: String
  /// A projection at `monthlyRate`: the last day of the month the target would be reached.
  public var projectedDate: String?
  /// `reached`, `on-track`, `behind`, `overdue` or `no-date`.
  public var pace: String
  public var entries: [Entry]

  public init(_ goal: GoalSummary) {
    let record = goal.record
    let forecast = goal.forecast
    id = goal.id.description
    name = record.name
    kind = record.settings.goalKind.rawValue
    switch record.status {
    case .active: status = "active"
    case .completed(let date): (status, statusDate) = ("completed", date.description)
    case .archived(let date): (status, statusDate) = ("archived", date.description)
    }
    switch record.funding {
    case .account: fundingType = "account"
    case .category: fundingType = "category"
    }
    funding = goal.fundingName
    currency = record.settings.target.currency.code
    target = record.settings.target.formatted()
    targetDate = record.settings.targetDate?.description
    startDate = record.startDate.description
    onBudgetSheet = record.settings.onBudgetSheet
    note = record.settings.note
    asOf = goal.asOf.description
    saved = forecast.saved.formatted()
    left = forecast.left.formatted()
    percent = forecast.percentText
    monthlyNeed = forecast.monthlyNeed?.formatted()
    monthlyRate = forecast.monthlyRate.formatted()
    projectedDate = forecast.projected?.description
    pace = forecast.pace.rawValue
    entries = record.entries.sorted { ($0.date, $0.id) < ($1.date, $1.id) }.map {
      Entry(
        id: $0.id.description, type: $0.isWithdrawal ? "withdrawal" : "contribution", date: $0.date.description,
        amount: $0.amount.formatted(), source: $0.source.rawValue, transaction: $0.transaction?.description,
        transfer: $0.transfer?.description, note: $0.note)
    }
  }
}

/// A goal's line on the budget sheet as the CLI's `--json` and the API show it.
public struct BudgetGoalLineReport: Codable, Sendable, Hashable {
  public var goal: String
  /// The goal's name; the sheet shows it as "goal: NAME".
  public var name: String
  /// The goal's category id, for a goal funded by a category.
  public var category: String?
  public var monthlyNeed: String
  /// Whether the need is in the sheet's totals (see ``BudgetGoalLine/counted``).
  public var counted: Bool

  public init(_ line: BudgetGoalLine) {
    goal = line.goal.description
    name = line.name
    category = line.category?.description
    monthlyNeed = line.monthlyNeed.formatted()
    counted = line.counted
  }
}
