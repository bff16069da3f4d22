import Hummingbird
import Ledger
import LedgerDomain
import LedgerWire
import QueryResults

/// `/schedules`: `budget schedule add|list|show|change|pause|resume|end|delete`. A schedule
/// is named in the path by its id, its name, or a unique start or end of its id.
struct ScheduleRoutes {
  let api: LedgerAPI

  func register(on group: APIGroup) {
    group.get("schedules") { request, _ in try api.cachedAnswer(request) { try list(request) } }
    group.post("schedules") { request, _ in try await create(request) }
    group.get("schedules/:id") { request, context in try show(request, context) }
    group.delete("schedules/:id") { request, context in
      let (id, _) = try Resolver(state: try api.state()).schedule(try api.parameter(context, "id"))
      let reason = QueryParameters(request).string("reason") ?? "deleted by user"
      return try await api.write(.deleteSchedule(id, reason: reason), request)
    }
    group.post("schedules/:id/change") { request, context in try await change(request, context) }
    group.post("schedules/:id/pause") { request, context in
      let body = try await api.body(ScheduleDateBody.self, request)
      let id = try schedule(context)
      return try await api.write(.pauseSchedule(id, from: try api.date(body.from, field: "from") ?? api.today), request)
    }
    group.post("schedules/:id/resume") { request, context in
      let body = try await api.body(ScheduleDateBody.self, request)
      let id = try schedule(context)
      return try await api.write(.resumeSchedule(id, on: try api.date(body.on, field: "on") ?? api.today), request)
    }
    group.post("schedules/:id/end") { request, context in
      let body = try await api.body(ScheduleDateBody.self, request)
      let id = try schedule(context)
      return try await api.write(
        .endSchedule(id, after: try api.date(body.after, field: "after") ?? api.today), request)
    }
  }

  /// The schedule the path names (404 when none).
  func schedule(_ context: Context) throws -> ScheduleID {
    try Resolver(state: try api.state()).schedule(try api.parameter(context, "id")).id
  }

  func list(_ request: Request) throws -> (value: any Encodable, position: UInt64, etag: String?) {
    let time = try QueryParameters(request).time()
    let list = try api.ledger.scheduleList(today: time.asOf ?? api.today, at: time.point, names: try api.state())
    return (ListDTO(position: list.position, items: list.rows.map(\.shape)), list.position, nil)
  }

  func show(_ request: Request, _ context: Context) throws -> Response {
    let names = try api.state()
    let reference = try api.parameter(context, "id")
    let (id, _) = try Resolver(state: names).schedule(reference)
    let time = try QueryParameters(request).time()
    guard
      let (info, occurrences, position) = try api.ledger.scheduleAround(
        id, today: time.asOf ?? api.today, at: time.point)
    else { throw APIError.notFound("schedule '\(reference)' was not known then") }
    let detail = Wire.ScheduleDetail(info, occurrences: occurrences, position: position, names: names)
    return try api.answer(detail, position: position)
  }

  // Writes decode the body first, then resolve names in synchronous helpers, so no copy of the
  // ledger state is held across an await (see `LedgerAPI.state()`).

  func create(_ request: Request) async throws -> Response {
    let body = try await api.body(ScheduleBody.self, request)
    let id = ScheduleID.random()
    let terms = try ScheduleTermsBuilder(api: api, resolver: Resolver(state: try api.state())).created(body)
    let outcome = try await api.execute(.createSchedule(id, terms: terms), request)
    let recorded = try api.ledger.events(
      from: outcome.positions.lowerBound, limit: Int(outcome.positions.upperBound - outcome.positions.lowerBound + 1))
    let result = Wire.WriteResult(events: recorded)
    let created = try result.id.flatMap { try? EntityID(parsing: $0) }.flatMap {
      try api.ledger.schedule(ScheduleID(raw: $0), at: .position(outcome.positions.upperBound)).value
    }
    let dto = try created.map { info in
      let next = try api.ledger.occurrences(
        of: info.schedule, from: api.today, through: (try? api.today.adding(days: 800)) ?? api.today, asOf: api.today,
        at: .position(outcome.positions.upperBound)
      ).value.first(where: \.isOpen)
      return Wire.Schedule(info, next: next, names: try api.state())
    }
    var headers: HTTPFields = [
      .eTag: EntityTag.format(result.version), .ledgerPosition: String(outcome.positions.upperBound),
    ]
    if outcome.wasDuplicate { headers[.idempotentReplayed] = "true" }
    if let id = result.id { headers[.location] = "/api/v1/schedules/\(id)" }
    return try JSONCoding.response(ScheduleCreatedDTO(result, schedule: dto), status: .created, headers: headers)
  }

  func change(_ request: Request, _ context: Context) async throws -> Response {
    let body = try await api.body(ScheduleBody.self, request)
    let command = try changeCommand(body, reference: try api.parameter(context, "id"))
    return try await api.write(command, request)
  }

  private func changeCommand(_ body: ScheduleBody, reference: String) throws -> LedgerCommand {
    let resolver = Resolver(state: try api.state())
    let (id, record) = try resolver.schedule(reference)
    let from = try api.date(body.from, field: "from") ?? api.today
    let terms = try ScheduleTermsBuilder(api: api, resolver: resolver).changed(
      body, base: record.timeline.terms(on: from))
    return .changeSchedule(id, from: from, terms: terms)
  }
}
