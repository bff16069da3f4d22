import Hummingbird
import Ledger
import LedgerDomain
import LedgerWire

/// `/explain`: `budget explain balance|spent|left|available|carried|remaining|cashflow|forecast|goal` — a figure
/// and the entries that make it up.
struct ExplainRoutes {
  let api: LedgerAPI

  func register(on group: APIGroup) {
    group.get("explain/balance/:account") { request, context in try balance(request, context) }
    group.get("explain/spent/:category") { request, context in try spent(request, context) }
    group.get("explain/left/:category") { request, context in try left(request, context) }
    group.get("explain/available/:category") { request, context in
      try categoryInMonth(request, context) { .available($0, in: $1) }
    }
    group.get("explain/carried/:category") { request, context in
      try categoryInMonth(request, context) { .carried($0, in: $1) }
    }
    group.get("explain/remaining") { request, _ in try remaining(request) }
    group.get("explain/cashflow") { request, _ in try cashflow(request) }
    group.get("explain/forecast/:account") { request, context in try forecast(request, context) }
    group.get("explain/goal/:goal") { request, context in try goal(request, context) }
  }

  /// An account's balance at the end of `asOf` (default today), entry by entry.
  func balance(_ request: Request, _ context: Context) throws -> Response {
    try api.requireLedger()
    let time = try QueryParameters(request).time()
    let (state, _) = try api.snapshots.state(at: time.point)
    let (id, _) = try Resolver(state: state).account(try api.parameter(context, "account"))
    let explanation = try api.ledger.explain(.balance(id, on: time.asOf ?? api.today), at: time.point)
    return try answer(explanation, state: state)
  }

  /// A category's spending in `month` (default: the month of `asOf`, or this month), net of
  /// refunds, entry by entry.
  func spent(_ request: Request, _ context: Context) throws -> Response {
    try categoryInMonth(request, context) { .spent($0, in: $1) }
  }

  /// What a category has left in `month` on the budget sheet, part by part.
  func left(_ request: Request, _ context: Context) throws -> Response {
    try categoryInMonth(request, context) { .left($0, in: $1) }
  }

  /// The figure `figure` makes of the path's category and the query's `month` (default: the
  /// month of `asOf`, or this month), explained at the query's point of the log.
  private func categoryInMonth(
    _ request: Request, _ context: Context, _ figure: (CategoryID, YearMonth) -> Figure
  ) throws -> Response {
    try api.requireLedger()
    let query = QueryParameters(request)
    let time = try query.time()
    let month = try query.month("month") ?? (time.asOf ?? api.today).yearMonth
    let (state, _) = try api.snapshots.state(at: time.point)
    let id = try Resolver(state: state).categoryToRead(try api.parameter(context, "category"))
    return try answer(try api.ledger.explain(figure(id, month), at: time.point), state: state)
  }

  /// A month's remaining to assign, part by part.
  func remaining(_ request: Request) throws -> Response {
    try api.requireLedger()
    let query = QueryParameters(request)
    let time = try query.time()
    let month = try query.month("month") ?? (time.asOf ?? api.today).yearMonth
    let (state, _) = try api.snapshots.state(at: time.point)
    return try answer(try api.ledger.explain(.remaining(in: month), at: time.point), state: state)
  }

  /// A month's net cash flow, transaction by transaction.
  func cashflow(_ request: Request) throws -> Response {
    try api.requireLedger()
    let query = QueryParameters(request)
    let time = try query.time()
    let month = try query.month("month") ?? (time.asOf ?? api.today).yearMonth
    let (state, _) = try api.snapshots.state(at: time.point)
    return try answer(try api.ledger.explain(.cashflow(in: month), at: time.point), state: state)
  }

  /// An account's forecast balance at the end of `month` (default this month): the balance
  /// on `asOf` (default today) and each movement the forecast from then counts; `withBudgets`
  /// as the forecast takes it.
  func forecast(_ request: Request, _ context: Context) throws -> Response {
    try api.requireLedger()
    let query = QueryParameters(request)
    let time = try query.time()
    let month = try query.month("month") ?? (time.asOf ?? api.today).yearMonth
    let withBudgets = try query.bool("withBudgets")
    let (state, _) = try api.snapshots.state(at: time.point)
    let (id, _) = try Resolver(state: state).account(try api.parameter(context, "account"))
    let figure = Figure.forecast(id, in: month, withBudgets: withBudgets, from: time.asOf)
    return try answer(try api.ledger.explain(figure, at: time.point), state: state)
  }

  /// What a goal has left to save at the end of `asOf` (default today), part by part, and
  /// the months that share it.
  func goal(_ request: Request, _ context: Context) throws -> Response {
    try api.requireLedger()
    let time = try QueryParameters(request).time()
    let (state, _) = try api.snapshots.state(at: time.point)
    let (id, _) = try Resolver(state: state).goal(try api.parameter(context, "goal"))
    return try answer(try api.ledger.explain(.goal(id, on: time.asOf ?? api.today), at: time.point), state: state)
  }

  private func answer(_ explanation: Explanation, state: LedgerState) throws -> Response {
    try api.answer(Wire.Explanation(explanation, state: state), position: explanation.position)
  }
}
