import Hummingbird
import Ledger
import LedgerDomain

/// `/debts`: `budget debt add|terms|list|show|remove|plan` (docs/goals-and-debts.md).
struct DebtRoutes {
  let api: LedgerAPI

  func register(on group: APIGroup) {
    group.get("debts") { request, _ in
      let date = try api.date(QueryParameters(request).string("asOf"), field: "asOf") ?? api.today
      let debts = try api.ledger.debts(on: date).map(DebtReport.init)
      return try api.answer(ListDTO(position: api.ledger.position, items: debts), position: api.ledger.position)
    }
    group.post("debts") { request, _ in try await add(request) }
    // A plan runs month by month for up to a hundred years: on its own lane (``WorkLane``).
    group.get("debts/plan") { request, _ in try await WorkLane.reads.run { try plan(request) } }
    group.get("debts/:ref") { _, context in
      let id = try debt(context)
      guard let debt = try api.ledger.debts(on: api.today).first(where: { $0.id == id }) else {
        throw APIError.notFound("debt not found")
      }
      return try api.answer(DebtReport(debt), position: api.ledger.position)
    }
    group.post("debts/:ref/terms") { request, context in try await changeTerms(request, context) }
    // A statement's months, worked out and encoded on their own lane (``WorkLane``).
    group.get("debts/:ref/statement") { request, context in
      let id = try debt(context)
      let through = try api.withinHorizon(
        try api.date(QueryParameters(request).string("through"), field: "through") ?? api.today, field: "through")
      let name = try api.state().debts[id]?.name ?? id.description
      return try await WorkLane.reads.run {
        let statement = try api.ledger.debtStatement(id, through: through)
        return try api.answer(DebtStatementReport(name: name, statement), position: api.ledger.position)
      }
    }
    group.post("debts/:ref/interest") { request, context in try await postInterest(request, context) }
    group.delete("debts/:ref") { request, context in
      let reason = QueryParameters(request).string("reason") ?? "removed by user"
      return try await api.write(.removeDebt(try debt(context), reason: reason), request)
    }
  }

  private func debt(_ context: ServerContext) throws -> DebtID {
    try Resolver(state: try api.state()).debt(try api.parameter(context, "ref")).id
  }

  private func terms(
    _ body: DebtTermsBody, currency: Currency, current: DebtTerms?
  ) throws -> DebtTerms {
    guard let aprText = body.apr ?? current?.apr.description else {
      throw APIError.badRequest("apr is required", field: "apr")
    }
    guard let minimumText = body.minimum ?? current?.minimum.formatted() else {
      throw APIError.badRequest("minimum is required", field: "minimum")
    }
    let apr: AnnualRate
    do { apr = try AnnualRate(parsing: aprText) } catch { throw APIError.from(domain: error) }
    let minimum = try api.money(
      minimumText, currency, field: "minimum", positive: true, direction: "give the monthly minimum")
    return DebtTerms(
      apr: apr, minimum: minimum, dueDay: body.dueDay ?? current?.dueDay, termMonths: body.term ?? current?.termMonths)
  }

  private func add(_ request: Request) async throws -> Response {
    let body = try await api.body(DebtBody.self, request)
    let (account, record) = try Resolver(state: try api.state()).account(body.account, .body("account"))
    let kind: DebtKind
    if let text = body.kind {
      guard let parsed = DebtKind(rawValue: text) else {
        throw APIError.badRequest(
          "kind '\(text)' is not one of \(DebtKind.allCases.map(\.rawValue).joined(separator: ", "))", field: "kind")
      }
      kind = parsed
    } else {
      kind = record.type == .creditCard ? .creditCard : .other
    }
    let added = AddDebt(
      debt: .random(), name: body.name, debtKind: kind, account: account,
      terms: try terms(body.terms, currency: record.currency, current: nil),
      from: try api.date(body.from, field: "from") ?? api.today)
    return try await api.write(.addDebt(added), request, status: .created)
  }

  private func changeTerms(_ request: Request, _ context: ServerContext) async throws -> Response {
    let (id, record) = try Resolver(state: try api.state()).debt(try api.parameter(context, "ref"))
    let body = try await api.body(DebtTermsBody.self, request)
    let from = try api.date(body.from, field: "from") ?? api.today
    let current = record.terms(on: from)
    let terms = try terms(body, currency: current.minimum.currency, current: current)
    return try await api.write(.changeDebtTerms(id, from: from, terms: terms), request)
  }

  private func postInterest(_ request: Request, _ context: ServerContext) async throws -> Response {
    if let replayed = try await api.replay(request) { return replayed }
    let (id, record) = try Resolver(state: try api.state()).debt(try api.parameter(context, "ref"))
    let body = try await api.body(DebtInterestBody.self, request)
    let month: YearMonth?
    do { month = try body.month.map { try YearMonth(parsing: $0) } } catch {
      throw APIError.badRequest("month '\(body.month ?? "")' is not a month, YYYY-MM", field: "month")
    }
    let currency = try api.state().accounts[record.account]?.currency ?? api.ledger.baseCurrency
    let amount = try body.amount.map {
      try api.money($0, currency, field: "amount", positive: true, direction: "give the statement's interest")
    }
    let posting = try api.ledger.debtInterestPosting(id, month: month, amount: amount, today: api.today)
    return try await api.writeAll(posting.commands, request)
  }

  private func plan(_ request: Request) throws -> Response {
    let query = QueryParameters(request)
    let strategy: PayoffStrategy
    do {
      strategy = try PayoffStrategy(
        named: query.string("strategy") ?? "avalanche",
        order: query.string("order")?.split(separator: ",").map(String.init))
    } catch {
      throw APIError.badRequest(error.description, field: "strategy")
    }
    let from = try query.month("from").map { try api.withinHorizon($0, field: "from") }
    let extra = try query.string("extra").map { text -> Money in
      let currency = try api.ledger.debts(on: api.today).first?.owed.currency ?? api.ledger.baseCurrency
      let money = try api.money(text, currency, field: "extra")
      guard !money.isNegative else { throw APIError.badRequest("extra must be zero or more", field: "extra") }
      return money
    }
    if let by = try query.month("by").map({ try api.withinHorizon($0, field: "by") }) {
      let (plan, target) = try api.ledger.debtPlan(strategy: strategy, extra: extra, by: by, from: from, on: api.today)
      return try api.answer(PayoffPlanReport(plan, target: target), position: api.ledger.position)
    }
    let plan = try api.ledger.debtPlan(strategy: strategy, extra: extra, from: from, on: api.today)
    return try api.answer(PayoffPlanReport(plan), position: api.ledger.position)
  }
}
