import Ledger
import LedgerDomain
import QueryResults

extension Wire {
  /// Account balances at the end of a date (`GET /reports/balances`, `budget report balances
  /// --json`), with a total per currency.
  public struct Balances: Codable, Sendable, Equatable {
    /// One account's balance.
    public struct Row: Codable, Sendable, Equatable {
      public var accountId, account, balance, currency: String
    }
    /// The sum of the balances in one currency.
    public struct Total: Codable, Sendable, Equatable {
      public var currency, balance: String
    }

    public var date: String
    public var position: UInt64
    public var accounts: [Row]
    public var totals: [Total]

    /// The sum of `balances` per currency, in order of currency code.
    public static func totals(_ balances: [Money]) -> [Money] {
      var sums: [String: Money] = [:]
      for balance in balances {
        let code = balance.currency.code
        sums[code] = (try? (sums[code] ?? .zero(balance.currency)).adding(balance)) ?? sums[code]
      }
      return sums.sorted { $0.key < $1.key }.map(\.value)
    }
  }
}

extension Wire.Balances {
  /// The balances `answer` holds for the end of `date`.
  public init(date: CivilDate, answer: Answer<[AccountBalance]>) {
    self.date = date.description
    position = answer.position
    accounts = answer.value.map {
      Row(
        accountId: $0.account.description, account: $0.name, balance: $0.balance.formatted(),
        currency: $0.balance.currency.code)
    }
    totals = Self.totals(answer.value.map(\.balance)).map {
      Total(currency: $0.currency.code, balance: $0.formatted())
    }
  }
}
