import Hummingbird
import Ledger
import LedgerDomain
import LedgerWire
import QueryResults

/// `/schedules/{id}/occurrences` and `/schedules/post`: `budget schedule
/// occurrences|pay|unpay|skip|unskip|post`. An occurrence is named by its nominal date (the
/// `date` an occurrence lists), not the day it is due after a weekend shift.
struct OccurrenceRoutes {
  let api: LedgerAPI

  /// The longest span `GET /schedules/{id}/occurrences` lists, as the CLI allows.
  static let maxSpanDays = 366 * 50

  func register(on group: APIGroup) {
    group.get("schedules/:id/occurrences") { request, context in try list(request, context) }
    group.post("schedules/:id/occurrences/:date/pay") { request, context in try await pay(request, context) }
    group.post("schedules/:id/occurrences/:date/unpay") { request, context in
      let (id, date) = try occurrence(context)
      return try await api.write(.unpayOccurrence(id, date: date), request)
    }
    group.post("schedules/:id/occurrences/:date/skip") { request, context in
      let body = try await api.body(SkipOccurrenceBody.self, request)
      let (id, date) = try occurrence(context)
      return try await api.write(.skipOccurrence(id, date: date, reason: body.reason), request)
    }
    group.post("schedules/:id/occurrences/:date/unskip") { request, context in
      let (id, date) = try occurrence(context)
      return try await api.write(.unskipOccurrence(id, date: date), request)
    }
    group.post("schedules/post") { request, _ in try await post(request) }
  }

  /// The schedule and the nominal date the path names.
  func occurrence(_ context: Context) throws -> (ScheduleID, CivilDate) {
    let id = try Resolver(state: try api.state()).schedule(try api.parameter(context, "id")).id
    let text = try api.parameter(context, "date")
    do { return (id, try CivilDate(parsing: text)) } catch {
      throw APIError.badRequest("the occurrence must be a date like 2024-03-31 (got '\(text)')", field: "date")
    }
  }

  func list(_ request: Request, _ context: Context) throws -> Response {
    let (id, _) = try Resolver(state: try api.state()).schedule(try api.parameter(context, "id"))
    let query = QueryParameters(request)
    let time = try query.time()
    let today = time.asOf ?? api.today
    let from = try query.date("from") ?? today
    let to = try query.date("to") ?? (try? from.adding(days: Ledger.detailDays.ahead)) ?? from
    guard from <= to else { throw APIError.badRequest("to \(to) is before from \(from)", field: "to") }
    guard from.days(until: to) <= Self.maxSpanDays else {
      throw APIError.badRequest("from and to are more than 50 years apart; ask for less", field: "to")
    }
    let answer = try api.ledger.occurrences(of: id, from: from, through: to, asOf: today, at: time.point)
    let names = try api.state()
    return try api.answer(
      ListDTO(position: answer.position, items: answer.value.map { Wire.Occurrence($0, names: names) }),
      position: answer.position)
  }

  func pay(_ request: Request, _ context: Context) async throws -> Response {
    let body = try await api.body(PayOccurrenceBody.self, request)
    return try await api.write(.payOccurrence(try payCommand(body, context)), request)
  }

  private func payCommand(_ body: PayOccurrenceBody, _ context: Context) throws -> PayOccurrence {
    let (id, date) = try occurrence(context)
    if body.transaction != nil || body.transfer != nil, body.amount != nil || body.date != nil {
      throw APIError.badRequest(
        "transaction and transfer link an existing one; amount and date are for recording one",
        field: body.transaction != nil ? "transaction" : "transfer")
    }
    if let transfer = body.transfer {
      guard body.transaction == nil else {
        throw APIError.badRequest("give transaction or transfer, not both", field: "transfer")
      }
      let found = try api.fullState().transfers(named: transfer.lowercased())
      guard transfer.count >= 4, found.count == 1, let linked = found.first?.transfer else {
        throw APIError.rule(
          found.count > 1
            ? "transfer '\(transfer)' names \(found.count) transfers; give more characters"
            : "transfer '\(transfer)' not found; give 4 or more characters of either leg's id",
          field: "transfer")
      }
      return PayOccurrence(schedule: id, date: date, payment: .linkTransfer(linked), source: .entered)
    }
    if let transaction = body.transaction {
      guard body.amount == nil, body.date == nil else {
        throw APIError.badRequest(
          "transaction links an existing transaction; amount and date are for recording one", field: "transaction")
      }
      let linked = try Resolver(state: try api.fullState()).transaction(transaction, .body("transaction")).id
      return PayOccurrence(schedule: id, date: date, payment: .link(linked), source: .entered)
    }
    let state = try api.state()
    let account = state.schedules[id]?.timeline.terms(on: date).account
    let currency = try account.flatMap { state.accounts[$0]?.currency } ?? api.baseCurrency()
    let amount = try body.amount.map {
      try api.money($0, currency, positive: true, direction: "the schedule's type gives the direction")
    }
    return PayOccurrence(
      schedule: id, date: date,
      payment: .record(id: EntityID.random(), date: try api.date(body.date), amount: amount), source: .entered)
  }

  /// Posts the waiting autopay occurrences. Each is recorded under its own key
  /// (`schedule:<id>:<date>`), so a repeated request posts nothing twice.
  func post(_ request: Request) async throws -> Response {
    let body = try await api.body(ScheduleDateBody.self, request)
    try api.requireLedger()
    let through = try api.date(body.through, field: "through")
    let report = try await api.ledger.postAutopay(through: through, metadata: try api.metadata(request))
    let warnings = (try? api.ledger.warnings(after: report.outcomes)) ?? []
    return try api.answer(Wire.Autopay(report, warnings: warnings), position: api.ledger.position)
  }
}
