/// Each account's projected balance day by day: its balance today plus every scheduled
/// occurrence still open (not paid, skipped or paused) up to the horizon. A projection, not a
/// promise: estimated bills count at their estimate, and nothing unscheduled is foreseen.
///
/// Sums are exact (`Int64` units) and clamp at the ledger's limits rather than wrap.
public struct CashFlowForecast: Sendable, Hashable {
  /// One account's projection.
  public struct AccountForecast: Sendable, Hashable {
    public var account: AccountID
    public var name: String
    public var currency: Currency
    /// The balance at the end of today.
    public var start: Money
    /// The balance at the end of each day an occurrence moves it, in date order.
    public var days: [(date: CivilDate, balance: Money)]
    /// The balance at the end of each month from today's to the horizon's.
    public var months: [(month: YearMonth, balance: Money)]
    /// The lowest end-of-day balance from today to the horizon (today's if nothing lowers it).
    public var lowest: (date: CivilDate, balance: Money)

    public static func == (a: Self, b: Self) -> Bool {
      a.account == b.account && a.start == b.start && a.days.map(\.date) == b.days.map(\.date)
        && a.days.map(\.balance) == b.days.map(\.balance) && a.months.map(\.month) == b.months.map(\.month)
        && a.months.map(\.balance) == b.months.map(\.balance) && a.lowest.date == b.lowest.date
        && a.lowest.balance == b.lowest.balance
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(account)
      hasher.combine(start)
    }
  }

  /// One movement of money the forecast counts.
  public struct Movement: Sendable, Hashable {
    public var account: AccountID
    public var date: CivilDate
    /// Signed units: negative leaves the account.
    public var units: Int64
    /// The schedule whose occurrence it is; nil for the unspent budgets' spending.
    public var schedule: ScheduleID?

    public init(account: AccountID, date: CivilDate, units: Int64, schedule: ScheduleID? = nil) {
      self.account = account
      self.date = date
      self.units = units
      self.schedule = schedule
    }
  }

  public var today: CivilDate
  public var through: CivilDate
  public var accounts: [AccountForecast]

  /// The projection of `accounts` (id, name, currency, balance today) from `today` through
  /// `through`, moved by `movements` dated after today and on or before `through` (earlier
  /// ones — overdue bills — count on tomorrow's date: still to be paid).
  public init(
    today: CivilDate, through: CivilDate,
    accounts: [(account: AccountID, name: String, balance: Money)], movements: [Movement]
  ) {
    self.today = today
    self.through = through
    let tomorrow = (try? today.adding(days: 1)) ?? today
    var byAccount: [AccountID: [CivilDate: Int64]] = [:]
    for movement in movements where movement.date <= through {
      let date = max(movement.date, tomorrow)
      byAccount[movement.account, default: [:]][date, default: 0] =
        (byAccount[movement.account]?[date] ?? 0).addingSaturated(movement.units)
    }
    let months = Self.months(from: today.yearMonth, through: through.yearMonth)
    self.accounts = accounts.map { account in
      let currency = account.balance.currency
      var balance = account.balance.units
      var days: [(date: CivilDate, balance: Money)] = []
      var lowest = (date: today, balance: account.balance)
      for (date, units) in (byAccount[account.account] ?? [:]).sorted(by: { $0.key < $1.key }) {
        balance = balance.addingSaturated(units)
        let money = Money(units: balance, currency: currency)
        days.append((date, money))
        if money.units < lowest.balance.units { lowest = (date, money) }
      }
      var monthEnds: [(month: YearMonth, balance: Money)] = []
      var index = 0
      var running = account.balance.units
      for month in months {
        while index < days.count, days[index].date.yearMonth <= month {
          running = days[index].balance.units
          index += 1
        }
        monthEnds.append((month, Money(units: running, currency: currency)))
      }
      return AccountForecast(
        account: account.account, name: account.name, currency: currency, start: account.balance, days: days,
        months: monthEnds, lowest: lowest)
    }
  }

  private static func months(from first: YearMonth, through last: YearMonth) -> [YearMonth] {
    var result: [YearMonth] = []
    var month = first
    while month <= last, result.count < 1200 {
      result.append(month)
      guard let next = try? month.next else { break }
      month = next
    }
    return result
  }
}

extension Int64 {
  /// `self + other`, held at `Int64.max` or `Int64.min` instead of wrapping.
  func addingSaturated(_ other: Int64) -> Int64 {
    let (sum, overflow) = addingReportingOverflow(other)
    guard overflow else { return sum }
    return other > 0 ? .max : .min
  }
}
