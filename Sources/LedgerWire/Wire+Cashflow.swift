import Ledger
import LedgerDomain

extension Wire {
  /// Income, expenses and net per month of a year, in the ledger's base currency
  /// (`GET /reports/cashflow`; `budget report cashflow --json` prints its months).
  public struct Cashflow: Codable, Sendable, Equatable {
    /// One month's figures.
    public struct Month: Codable, Sendable, Equatable {
      public var month, income, expenses, net: String
      /// The currency of the figures: the base currency.
      public var currency: String
    }

    public var year: Int
    public var position: UInt64
    public var months: [Month]
  }
}

extension Wire.Cashflow {
  /// The months of `year` in `rows`, answered at `position`.
  public init(year: Int, position: UInt64, rows: [CashflowRow]) {
    self.year = year
    self.position = position
    months = rows.map(Month.init)
  }
}

extension Wire.Cashflow.Month {
  /// The figures of `row`.
  public init(_ row: CashflowRow) {
    month = row.month.description
    income = row.income.formatted()
    expenses = row.expenses.formatted()
    net = row.net.formatted()
    currency = row.net.currency.code
  }
}
