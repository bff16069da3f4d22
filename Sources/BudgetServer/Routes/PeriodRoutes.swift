import Hummingbird
import Ledger
import LedgerDomain
import LedgerWire

/// `/periods`: `budget period open|close|reopen|list`.
struct PeriodRoutes {
  let api: LedgerAPI

  func register(on group: APIGroup) {
    group.get("periods") { request, _ in
      try api.requireLedger()
      let (state, position) = try api.snapshots.family([PeriodID.self], at: try QueryParameters(request).time().point)
      let items = state.periods.sorted { $0.value.start < $1.value.start }.map {
        Wire.Period(id: $0.key, record: $0.value)
      }
      return try api.answer(ListDTO(position: position, items: items), position: position)
    }
    group.post("periods") { request, _ in
      try api.requireLedger()
      let body = try await api.body(OpenPeriodBody.self, request)
      guard let start = try api.date(body.start, field: "start") else {
        throw APIError.badRequest("start is required", field: "start")
      }
      let command = OpenPeriod(name: body.name, start: start, end: try api.date(body.end, field: "end"))
      return try await api.write(.openPeriod(command), request, status: .created)
    }
    group.get("periods/:ref") { request, context in
      try api.requireLedger()
      let (state, position) = try api.snapshots.family([PeriodID.self], at: try QueryParameters(request).time().point)
      let id = try Resolver(state: state).period(try api.parameter(context, "ref"))
      let record = state.periods[id]!
      return try api.answer(
        Wire.Period(id: id, record: record), position: position, etag: EntityTag.format(record.version))
    }
    group.post("periods/:ref/close") { request, context in
      let id = try Resolver(state: try api.state()).period(try api.parameter(context, "ref"))
      let body = try await api.body(CloseBody.self, request)
      return try await api.write(.closePeriod(id, end: try api.date(body.end ?? body.date, field: "end")), request)
    }
    group.post("periods/:ref/reopen") { request, context in
      let id = try Resolver(state: try api.state()).period(try api.parameter(context, "ref"))
      let body = try await api.body(ReopenBody.self, request)
      return try await api.write(.reopenPeriod(id, reason: body.reason), request)
    }
  }
}
