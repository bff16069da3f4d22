import Hummingbird
import Ledger
import LedgerDomain
import LedgerWire
import QueryResults

/// `/bills`, `/bills/calendar` and `/reports/forecast`: `budget bills [--month]` and `budget
/// report forecast`, each on both time axes (`asOf`, `asKnownAt`).
struct BillsRoutes {
  let api: LedgerAPI

  func register(on group: APIGroup) {
    group.get("bills") { request, _ in
      try api.cachedAnswer(request) {
        let names = try api.state()
        let query = QueryParameters(request)
        let time = try query.time()
        let days = try query.int("days", default: 14, range: 0...366)
        let answer = try api.ledger.bills(days: days, asOf: time.asOf ?? api.today, at: time.point)
        return (Wire.Bills(answer.value, position: answer.position, names: names), answer.position, nil)
      }
    }
    group.get("bills/calendar") { request, _ in
      try api.cachedAnswer(request) {
        let names = try api.state()
        let query = QueryParameters(request)
        let time = try query.time()
        let today = time.asOf ?? api.today
        let month = try query.month("month") ?? today.yearMonth
        let answer = try api.ledger.occurrences(
          dueFrom: month.firstDay, through: month.lastDay, asOf: today, at: time.point)
        let dto = BillsCalendarDTO(
          month: month.description, title: month.title, position: answer.position,
          items: answer.value.map { Wire.Occurrence($0, names: names) })
        return (dto, answer.position, nil)
      }
    }
    group.get("reports/forecast") { request, _ in
      try api.cachedAnswer(request) {
        let names = try api.state()
        let query = QueryParameters(request)
        let time = try query.time()
        let months = try query.int("months", default: 12, range: 1...120)
        let resolver = Resolver(state: names)
        let account = try query.string("account").map { try resolver.account($0, .body("account")).id }
        // With budgets: spent from budgetAccount, else the account asked about, else the only
        // open one.
        let budgetsFrom: AccountID? =
          try query.bool("withBudgets")
          ? try query.string("budgetAccount").map { try resolver.account($0, .body("budgetAccount")).id }
            ?? account ?? resolver.accountOrOnly(nil).id : nil
        let answer = try api.ledger.forecast(
          months: months, account: account, budgetsFrom: budgetsFrom, asOf: time.asOf ?? api.today, at: time.point)
        return (Wire.Forecast(answer.value, position: answer.position), answer.position, nil)
      }
    }
  }
}
