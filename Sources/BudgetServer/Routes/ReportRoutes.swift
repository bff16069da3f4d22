import Hummingbird
import Ledger
import LedgerDomain
import LedgerWire
import QueryResults

/// `/reports/*`: `budget report budget-vs-actual|categories|balances|cashflow`, each on both
/// time axes (`asOf`, `asKnownAt`).
struct ReportRoutes {
  let api: LedgerAPI

  func register(on group: APIGroup) {
    group.get("reports/budget-vs-actual") { request, _ in
      try api.cachedAnswer(request) {
        try api.requireLedger()
        let query = QueryParameters(request)
        let time = try query.time()
        let month = try query.month("month") ?? (time.asOf ?? api.today).yearMonth
        try time.requireAsOf(within: month)
        let answer = try api.ledger.budgetSheet(month, asOf: time.asOf, at: time.point)
        return (Wire.BudgetSheet(answer, categories: try api.state().categories), answer.position, nil)
      }
    }
    group.get("reports/balances") { request, _ in
      try api.cachedAnswer(request) {
        try api.requireLedger()
        let time = try QueryParameters(request).time()
        let date = time.asOf ?? api.today
        let answer = try api.ledger.balances(on: date, at: time.point)
        return (Wire.Balances(date: date, answer: answer), answer.position, nil)
      }
    }
    group.get("reports/categories") { request, _ in try api.cachedAnswer(request) { try categories(request) } }
    group.get("reports/cashflow") { request, _ in
      try api.requireLedger()
      let query = QueryParameters(request)
      let time = try query.time()
      let year = try query.int("year", default: (time.asOf ?? api.today).year, range: 1...9999)
      try time.requireAsOf(within: year)
      // As of a date: the months up to the one it falls in, as the CLI answers.
      let through = try time.asOf?.yearMonth ?? YearMonth(year: year, month: 12)
      let answer = try api.ledger.cashflow(from: try YearMonth(year: year, month: 1), through: through, at: time.point)
      let cashflow = Wire.Cashflow(year: year, position: answer.position, rows: answer.value)
      return try api.answer(cashflow, position: answer.position)
    }
  }

  func categories(_ request: Request) throws -> (value: any Encodable, position: UInt64, etag: String?) {
    try api.requireLedger()
    let query = QueryParameters(request)
    let time = try query.time()
    let scope: TotalsScope
    let label: String
    if let period = query.string("period") {
      scope = .period(try Resolver(state: try api.state()).period(period, .body("period")))
      label = "period \(period)"
    } else if query.string("year") != nil {
      let year = try query.int("year", default: 0, range: 1...9999)
      try time.requireAsOf(within: year)
      scope = .year(year)
      label = String(year)
    } else {
      let month = try query.month("month") ?? (time.asOf ?? api.today).yearMonth
      try time.requireAsOf(within: month)
      scope = .month(month)
      label = month.description
    }
    let top = try query.string("top").map { _ in try query.int("top", default: 10, range: 1...1000) }
    let answer = try api.ledger.categoryTotals(scope, rolledUp: try query.bool("rolledUp"), at: time.point)
    var rows = answer.value.biggestSpendersFirst(base: api.ledger.baseCurrency)
    if let top { rows = Array(rows.prefix(top)) }
    return (Wire.CategoryTotals(scope: label, rows: rows, position: answer.position), answer.position, nil)
  }
}
