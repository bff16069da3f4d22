import LedgerDomain

/// A share of a month's budget that spending can reach, each a notification of its own
/// (seed 002's `alertAt75`, `alertAt90`, `alertAt100` and `alertOnOverspend`).
public enum BudgetThreshold: UInt8, Sendable, Hashable, CaseIterable, Comparable {
  /// 75 % of what the month has to spend.
  case percent75 = 0
  /// 90 %.
  case percent90 = 1
  /// All of it.
  case percent100 = 2
  /// More than all of it.
  case overspent = 3

  /// How the CLI and the API name it: `75`, `90`, `100` or `overspent`.
  public var name: String {
    switch self {
    case .percent75: "75"
    case .percent90: "90"
    case .percent100: "100"
    case .overspent: "overspent"
    }
  }

  public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// A category's spending that reached a threshold of its month's budget, as the
/// notifications read model holds it while the spending stays there: taken back when an
/// amendment, a deletion or an undo brings the spending below it, and a new one (the next
/// ``crossing``) if it reaches it again.
public struct BudgetNotice: Sendable, Hashable {
  public var category: CategoryID
  public var month: YearMonth
  public var threshold: BudgetThreshold
  /// The log position of the event that brought the spending there.
  public var position: UInt64
  /// The transaction that did, when one did (not a budget lowered or a move out).
  public var transaction: TransactionID?
  /// Which time this threshold was crossed in this month: 1 the first time.
  public var crossing: Int
  /// The month's spending, net of refunds, when the threshold was reached (the sheet's actual).
  public var actual: Money
  /// What the month had to spend then (the sheet's available).
  public var available: Money

  @inlinable
  package init(
    category: CategoryID, month: YearMonth, threshold: BudgetThreshold, position: UInt64,
    transaction: TransactionID?, crossing: Int, actual: Money, available: Money
  ) {
    self.category = category
    self.month = month
    self.threshold = threshold
    self.position = position
    self.transaction = transaction
    self.crossing = crossing
    self.actual = actual
    self.available = available
  }

  /// A key no other notification has, and this one keeps across rebuilds:
  /// `budget:2024-03:<category>:90:1`.
  public var key: String { "budget:\(month):\(category):\(threshold.name):\(crossing)" }
}
