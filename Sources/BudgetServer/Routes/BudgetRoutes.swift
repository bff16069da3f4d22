import Hummingbird
import Ledger
import LedgerDomain
import LedgerWire

/// `/budget/{month}`: seed 001 Sheet 1 and `budget budget show|set|move|income|copy`.
struct BudgetRoutes {
  let api: LedgerAPI

  func register(on group: APIGroup) {
    group.get("budget/:month") { request, context in try api.cachedAnswer(request) { try sheet(request, context) } }
    group.put("budget/:month/categories/:ref") { request, context in
      let body = try await api.body(SetBudgetBody.self, request)
      let month = try month(context)
      let id = try Resolver(state: try api.state()).category(try api.parameter(context, "ref"))
      let amount = try api.money(body.amount, try api.baseCurrency())
      return try await api.write(
        .setBudget(
          SetBudget(month: month, category: id, amount: amount, span: body.quarter == true ? .quarter : .month)),
        request)
    }
    group.post("budget/:month/moves") { request, context in
      let body = try await api.body(MoveBudgetBody.self, request)
      let month = try month(context)
      let command = try moveCommand(body, month: month)
      return try await api.write(.moveBudget(command), request)
    }
    group.put("budget/:month/income/:source") { request, context in
      let body = try await api.body(IncomeBody.self, request)
      let month = try month(context)
      let planned = PlanIncome(
        month: month, year: month.year, source: try api.parameter(context, "source"),
        amount: try api.money(body.amount, try api.baseCurrency()))
      return try await api.write(.planIncome(planned), request)
    }
    group.put("budget/years/:year/income/:source") { request, context in
      let body = try await api.body(IncomeBody.self, request)
      let text = try api.parameter(context, "year")
      guard let year = Int(text), (1...9999).contains(year) else {
        throw APIError.badRequest("year must be like 2024 (got '\(text)')", field: "year")
      }
      let planned = PlanIncome(
        month: nil, year: year, source: try api.parameter(context, "source"),
        amount: try api.money(body.amount, try api.baseCurrency()))
      return try await api.write(.planIncome(planned), request)
    }
    group.post("budget/:month/copy") { request, context in try await copy(request, context) }
  }

  private func month(_ context: Context) throws -> YearMonth {
    try QueryParameters.month(try api.parameter(context, "month"), field: "month")
  }

  func sheet(_ request: Request, _ context: Context) throws -> (value: any Encodable, position: UInt64, etag: String?) {
    try api.requireLedger()
    let month = try month(context)
    let time = try QueryParameters(request).time()
    try time.requireAsOf(within: month)
    let answer = try api.ledger.budgetSheet(month, asOf: time.asOf, at: time.point)
    let version = try api.ledger.version(ofStream: budgetStream(month)) ?? 0
    let sheet = Wire.BudgetSheet(answer, categories: try api.state().categories)
    return (sheet, answer.position, EntityTag.format(version))
  }

  private func moveCommand(_ body: MoveBudgetBody, month: YearMonth) throws -> MoveBudget {
    let state = try api.state()
    let resolver = Resolver(state: state)
    return MoveBudget(
      month: month, from: try resolver.category(body.from, .body("from")),
      to: try resolver.category(body.to, .body("to")),
      amount: try api.money(
        body.amount, state.baseCurrency, positive: true, direction: "swap from and to to move money the other way"))
  }

  /// Copies `from`'s plan — every budget and its planned income — into this month, in one
  /// write transaction, all or nothing.
  func copy(_ request: Request, _ context: Context) async throws -> Response {
    let body = try await api.body(CopyBudgetBody.self, request)
    if let replay = try await api.replay(request) { return replay }
    do {
      let commands = try copyCommands(from: try QueryParameters.month(body.from, field: "from"), to: try month(context))
      return try await api.writeAll(commands, request)
    } catch {
      // A retry racing its first request: that one may have committed since the check above.
      if let replay = try await api.replay(request) { return replay }
      throw error
    }
  }

  /// One `setBudget` per active category budgeted in `source` whose budget in `target` differs,
  /// and one `planIncome` per source of income planned in `source` that `target` lacks.
  private func copyCommands(from source: YearMonth, to target: YearMonth) throws -> [LedgerCommand] {
    let state = try api.state()
    guard state.hasPlan(in: source) else {
      throw APIError.rule("\(source.title) has no budgets or planned income to copy", field: "from")
    }
    let commands = state.planToCopy(from: source, to: target)
    if commands.isEmpty, let why = state.budgetCopyRefusal(from: source, to: target) {
      throw APIError.rule(why, field: "from")
    }
    guard !commands.isEmpty else {
      throw APIError.rule("\(target.title) already has the plan of \(source.title)", field: "from")
    }
    return commands
  }
}
