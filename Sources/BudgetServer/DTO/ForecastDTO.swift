import LedgerDomain

/// `GET /reports/forecast` (the CLI's `budget report forecast --json`): each account's
/// projected balance at each month end and on each day a scheduled occurrence moves it, and
/// its lowest point.
struct ForecastDTO: Codable, Sendable {
  struct Account: Codable, Sendable {
    var account, currency, start: String
    var months: [Month]
    var days: [Day]
    var lowest: Day
  }
  struct Month: Codable, Sendable { var month, balance: String }
  struct Day: Codable, Sendable { var date, balance: String }

  var today, through: String
  var position: UInt64
  var accounts: [Account]

  init(_ forecast: CashFlowForecast, position: UInt64) {
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
