import LedgerDomain

extension Wire {
  /// The cash-flow forecast (`GET /reports/forecast`, `budget report forecast --json`): each
  /// account's projected balance at each month end and on each day a scheduled occurrence
  /// moves it, and its lowest point.
  public struct Forecast: Codable, Sendable, Equatable {
    /// One account's projection.
    public struct Account: Codable, Sendable, Equatable {
      public var account, currency, start: String
      public var months: [Month]
      public var days: [Day]
      public var lowest: Day
    }
    /// The balance at a month's end.
    public struct Month: Codable, Sendable, Equatable { public var month, balance: String }
    /// The balance at a day's end.
    public struct Day: Codable, Sendable, Equatable { public var date, balance: String }

    public var today, through: String
    public var position: UInt64
    public var accounts: [Account]
  }
}

extension Wire.Forecast {
  /// `forecast`, answered at `position`.
  public init(_ forecast: CashFlowForecast, position: UInt64) {
    today = forecast.today.description
    through = forecast.through.description
    self.position = position
    accounts = forecast.accounts.map { account in
      Account(
        account: account.name, currency: account.currency.code, start: account.start.formatted(),
        months: account.months.map { Month(month: $0.month.description, balance: $0.balance.formatted()) },
        days: account.days.map { Day(date: $0.date.description, balance: $0.balance.formatted()) },
        lowest: Day(date: account.lowest.date.description, balance: account.lowest.balance.formatted()))
    }
  }
}
