/// A debt as a payoff plan sees it: what is owed now, its rate and minimum payment, and any
/// later changes of them month by month.
public struct PayoffDebt: Sendable, Hashable {
  /// A change of terms: the rate and minimum in force from `month` on.
  public struct Change: Sendable, Hashable {
    public var month: YearMonth
    public var rate: AnnualRate
    public var minimum: Money

    public init(month: YearMonth, rate: AnnualRate, minimum: Money) {
      self.month = month
      self.rate = rate
      self.minimum = minimum
    }
  }

  public var name: String
  /// What is owed, positive.
  public var balance: Money
  /// The rate in force before the first of ``changes``.
  public var rate: AnnualRate
  /// The minimum in force before the first of ``changes``.
  public var minimum: Money
  /// Later terms, earliest first: each applies from its month to the next change.
  public var changes: [Change]

  public init(name: String, balance: Money, rate: AnnualRate, minimum: Money, changes: [Change] = []) {
    self.name = name
    self.balance = balance
    self.rate = rate
    self.minimum = minimum
    self.changes = changes.sorted { $0.month < $1.month }
  }

  /// The rate and minimum in force in `month`.
  public func terms(in month: YearMonth) -> (rate: AnnualRate, minimum: Money) {
    guard let change = changes.last(where: { $0.month <= month }) else { return (rate, minimum) }
    return (change.rate, change.minimum)
  }
}
