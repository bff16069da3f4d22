import Hummingbird
import Ledger
import LedgerDomain

/// `/goals`: `budget goal add|change|contribute|withdraw|list|show|complete|archive`
/// (docs/goals-and-debts.md).
struct GoalRoutes {
  let api: LedgerAPI

  func register(on group: APIGroup) {
    group.get("goals") { request, _ in
      let query = QueryParameters(request)
      let time = try query.time()
      let all = query.string("archived") == "true"
      let goals = try api.ledger.goals(on: time.asOf ?? api.today, includingArchived: all, at: time.point).map(
        GoalReport.init)
      return try api.answer(ListDTO(position: api.ledger.position, items: goals), position: api.ledger.position)
    }
    group.post("goals") { request, _ in try await add(request) }
    group.get("goals/:ref") { request, context in
      let (id, _) = try goal(context)
      let time = try QueryParameters(request).time()
      let goal = try api.ledger.goal(id, on: time.asOf ?? api.today, at: time.point)
      return try api.answer(GoalReport(goal), position: api.ledger.position)
    }
    group.patch("goals/:ref") { request, context in try await change(request, context) }
    group.post("goals/:ref/contributions") { request, context in try await move(request, context, into: true) }
    group.post("goals/:ref/withdrawals") { request, context in try await move(request, context, into: false) }
    group.post("goals/:ref/complete") { request, context in
      let (id, _) = try goal(context)
      let body = try await api.body(GoalDateBody.self, request)
      return try await api.write(.completeGoal(id, date: try api.date(body.date) ?? api.today), request)
    }
    group.post("goals/:ref/archive") { request, context in
      let (id, _) = try goal(context)
      let body = try await api.body(GoalDateBody.self, request)
      return try await api.write(.archiveGoal(id, date: try api.date(body.date) ?? api.today), request)
    }
  }

  private func goal(_ context: ServerContext) throws -> (id: GoalID, record: GoalRecord) {
    try Resolver(state: try api.state()).goal(try api.parameter(context, "ref"))
  }

  private func kind(_ text: String) throws -> GoalKind {
    guard let kind = GoalKind(rawValue: text) else {
      throw APIError.badRequest(
        "kind '\(text)' is not one of \(GoalKind.allCases.map(\.rawValue).joined(separator: ", "))", field: "kind")
    }
    return kind
  }

  private func add(_ request: Request) async throws -> Response {
    let body = try await api.body(GoalBody.self, request)
    let resolver = Resolver(state: try api.state())
    let funding: GoalFunding
    var currency = api.ledger.baseCurrency
    switch (body.account, body.category) {
    case (let account?, nil):
      let (id, record) = try resolver.account(account, .body("account"))
      funding = .account(id)
      currency = record.currency
    case (nil, let category?):
      funding = .category(try resolver.category(category, .body("category")))
    default:
      throw APIError.badRequest(
        "a goal is funded by an account or by a category: give exactly one of 'account' and 'category'",
        field: "account")
    }
    let settings = GoalSettings(
      name: body.name, goalKind: try body.kind.map(kind) ?? .custom,
      target: try api.money(body.target, currency, field: "target"),
      targetDate: try api.date(body.targetDate, field: "targetDate"), onBudgetSheet: body.onBudgetSheet ?? false,
      note: body.note)
    let added = AddGoal(
      goal: .random(), settings: settings, startDate: try api.date(body.startDate, field: "startDate") ?? api.today,
      funding: funding)
    return try await api.write(.addGoal(added), request, status: .created)
  }

  private func change(_ request: Request, _ context: ServerContext) async throws -> Response {
    let (id, record) = try goal(context)
    let body = try await api.body(GoalChangeBody.self, request)
    var settings = record.settings
    if let name = body.name { settings.name = name }
    if let target = body.target {
      settings.target = try api.money(target, settings.target.currency, field: "target")
    }
    if let date = body.targetDate {
      settings.targetDate = date.isEmpty ? nil : try api.date(date, field: "targetDate")
    }
    if let text = body.kind { settings.goalKind = try kind(text) }
    if let flag = body.onBudgetSheet { settings.onBudgetSheet = flag }
    if let note = body.note { settings.note = note.isEmpty ? nil : note }
    return try await api.write(.changeGoal(id, settings: settings), request)
  }

  private func move(_ request: Request, _ context: ServerContext, into: Bool) async throws -> Response {
    let (id, record) = try goal(context)
    let body = try await api.body(GoalMovementBody.self, request)
    let state = try api.state()
    let resolver = Resolver(state: state)
    let payment: GoalMovement.Payment
    switch (body.amount, body.transaction, body.transfer) {
    case (let amount?, nil, nil):
      guard let account = body.account else {
        throw APIError.badRequest(
          "account is required: the account the money moves \(into ? "from" : "to")", field: "account")
      }
      payment = .record(
        id: .random(), account: try resolver.account(account, .body("account")).id,
        date: try api.date(body.date) ?? api.today,
        amount: try api.money(amount, record.settings.target.currency, field: "amount"))
    case (nil, let transaction?, nil):
      payment = .link(try resolver.transaction(transaction, .body("transaction")).id)
    case (nil, nil, let transfer?):
      guard let raw = try? EntityID(parsing: transfer.lowercased()), state.transferRecords[TransferID(raw: raw)] != nil
      else { throw APIError.rule("transfer '\(transfer)' not found; give its full id", field: "transfer") }
      payment = .linkTransfer(TransferID(raw: raw))
    default:
      throw APIError.badRequest(
        "give 'amount' (with 'account'), or 'transaction', or 'transfer' — exactly one", field: "amount")
    }
    var source = ContributionSource.manual
    if let text = body.source {
      guard into, let parsed = ContributionSource(rawValue: text) else {
        throw APIError.badRequest(
          into
            ? "source '\(text)' is not one of \(ContributionSource.allCases.map(\.rawValue).joined(separator: ", "))"
            : "a withdrawal has no source", field: "source")
      }
      source = parsed
    }
    let movement = GoalMovement(goal: id, entry: .random(), payment: payment, source: source, note: body.note)
    return try await api.write(
      into ? .contributeToGoal(movement) : .withdrawFromGoal(movement), request, status: .created)
  }
}
