import Ledger
import LedgerDomain
import QueryResults

/// Account balances at the end of a date.
struct BalancesDTO: Codable, Sendable {
  struct Row: Codable, Sendable {
    var accountId, account, balance, currency: String
  }
  struct Total: Codable, Sendable {
    var currency, balance: String
  }
  var date: String
  var position: UInt64
  var accounts: [Row]
  var totals: [Total]

  init(date: CivilDate, answer: Answer<[AccountBalance]>) {
    self.date = date.description
    position = answer.position
    accounts = answer.value.map {
      Row(
        accountId: $0.account.description, account: $0.name, balance: $0.balance.formatted(),
        currency: $0.balance.currency.code)
    }
    var sums: [String: Money] = [:]
    for row in answer.value {
      let code = row.balance.currency.code
      sums[code] = (try? (sums[code] ?? .zero(row.balance.currency)).adding(row.balance)) ?? sums[code]
    }
    totals = sums.sorted { $0.key < $1.key }.map { Total(currency: $0.key, balance: $0.value.formatted()) }
  }
}
