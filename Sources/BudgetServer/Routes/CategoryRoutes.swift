import Hummingbird
import Ledger
import LedgerDomain
import LedgerWire

/// `/categories`: `budget category add|rename|move|restyle|archive|restore|delete|list`, and
/// a category's due date and rollover (`budget budget due|rollover`).
struct CategoryRoutes {
  let api: LedgerAPI

  func register(on group: APIGroup) {
    group.get("categories") { request, _ in try list(request) }
    group.post("categories") { request, _ in try await create(request) }
    group.get("categories/:ref") { request, context in try show(request, context) }
    group.patch("categories/:ref") { request, context in try await update(request, context) }
    group.delete("categories/:ref") { request, context in
      try await api.write(.deleteCategory(try resolve(context)), request)
    }
    group.post("categories/:ref/archive") { request, context in
      // Looked up before the name: once archived, the name no longer resolves.
      if let replayed = try await api.replay(request) { return replayed }
      return try await api.write(.archiveCategory(try resolve(context)), request)
    }
    group.post("categories/:ref/restore") { request, context in try await restore(request, context) }
    group.put("categories/:ref/due-date") { request, context in
      let id = try resolve(context)
      let body = try await api.body(DueDateBody.self, request)
      guard let date = try api.date(body.date) else { throw APIError.badRequest("date is required", field: "date") }
      return try await api.write(.setDueDate(id, date), request)
    }
    group.delete("categories/:ref/due-date") { request, context in
      try await api.write(.clearDueDate(try resolve(context)), request)
    }
    group.put("categories/:ref/rollover") { request, context in
      let id = try resolve(context)
      let body = try await api.body(RolloverBody.self, request)
      let from: YearMonth?
      do { from = try body.from.map { try YearMonth(parsing: $0) } } catch {
        throw APIError.badRequest("from: \(error)", field: "from")
      }
      let command = SetRollover(
        category: id, carryUnspent: body.unspent ?? true, carryOverspent: body.overspent ?? false, from: from)
      return try await api.write(.setRollover(command), request)
    }
  }

  private func resolve(_ context: Context) throws -> CategoryID {
    try Resolver(state: try api.state()).category(try api.parameter(context, "ref"))
  }

  /// The categories as known at `point`, from their own streams, and how many transactions
  /// post to each, from the category totals — both as of the point the counts are answered at
  /// (the read models' checkpoint, if another process's import holds them back), with no fold
  /// of the log.
  private func categories(
    at point: TimePoint
  ) throws -> (state: LedgerState, counts: [CategoryID: Int], position: UInt64) {
    let counts = try api.ledger.categoryTransactionCounts(at: point)
    let state = try api.snapshots.family([CategoryID.self], at: .position(counts.position)).state
    return (state, counts.value, counts.position)
  }

  func list(_ request: Request) throws -> Response {
    try api.requireLedger()
    let query = QueryParameters(request)
    let all = try query.bool("all")
    let (state, counts, position) = try categories(at: try query.time().point)
    let items = state.categories.filter { !$0.value.isDeleted && (all || !$0.value.isArchived) }
      .sorted { ($0.value.sortOrder, $0.value.name) < ($1.value.sortOrder, $1.value.name) }
      .map { Wire.Category(id: $0.key, record: $0.value, state: state, transactions: counts[$0.key] ?? 0) }
    return try api.answer(ListDTO(position: position, items: items), position: position)
  }

  func show(_ request: Request, _ context: Context) throws -> Response {
    try api.requireLedger()
    let (state, counts, position) = try categories(at: try QueryParameters(request).time().point)
    let reference = try api.parameter(context, "ref")
    let id = try Resolver(state: state).categoryToRead(reference)
    guard let record = state.categories[id], !record.isDeleted else {
      throw APIError.notFound("category '\(reference)' not found")
    }
    let dto = Wire.Category(id: id, record: record, state: state, transactions: counts[id] ?? 0)
    return try api.answer(dto, position: position, etag: EntityTag.format(record.version))
  }

  func create(_ request: Request) async throws -> Response {
    let body = try await api.body(CreateCategoryBody.self, request)
    try api.requireLedger()
    let command = CreateCategory(
      name: body.name, kind: try api.choice(body.kind, CategoryKind.self, field: "kind") ?? .expense,
      budgetType: try api.choice(body.budgetType, BudgetType.self, field: "budgetType") ?? .variable,
      parent: try body.parent.map { try Resolver(state: try api.state()).category($0, .body("parent")) },
      icon: body.icon,
      color: try body.color.map(ColorHex.init(parsing:)))
    return try await api.write(.createCategory(command), request, status: .created)
  }

  func update(_ request: Request, _ context: Context) async throws -> Response {
    let body = try await api.body(UpdateCategoryBody.self, request)
    let commands = try updateCommands(body, reference: try api.parameter(context, "ref"), request: request)
    return try await api.writeAll(commands, request)
  }

  /// The commands a PATCH asks for (synchronous: no state copy outlives it).
  private func updateCommands(
    _ body: UpdateCategoryBody, reference: String, request: Request
  ) throws -> [LedgerCommand] {
    let state = try api.state()
    let resolver = Resolver(state: state)
    let id = try resolver.category(reference)
    let current = state.categories[id]!
    try api.requireVersion(request, current: current.version, of: "category '\(current.name)'")
    var commands: [LedgerCommand] = []
    if let name = body.name { commands.append(.renameCategory(id, name: name)) }
    if body.parent != nil || body.topLevel == true || body.order != nil {
      let parent =
        body.topLevel == true
        ? nil : try body.parent.map { try resolver.category($0, .body("parent")) } ?? current.parent
      commands.append(.moveCategory(id, parent: parent, sortOrder: body.order ?? current.sortOrder))
    }
    if body.icon != nil || body.color != nil {
      commands.append(
        .restyleCategory(
          id, icon: body.icon ?? current.icon, color: try body.color.map(ColorHex.init(parsing:)) ?? current.color))
    }
    return commands
  }

  func restore(_ request: Request, _ context: Context) async throws -> Response {
    // Looked up before the name: once restored, the category is no longer archived.
    if let replayed = try await api.replay(request) { return replayed }
    let reference = try api.parameter(context, "ref")
    let key = reference.lowercased()
    let archived = try api.state().categories.first { entry in
      entry.value.isArchived && !entry.value.isDeleted
        && (entry.value.name.lowercased() == key || entry.key.description == key)
    }
    guard let id = archived?.key else {
      if let active = try? Resolver(state: try api.state()).category(reference),
        let name = try api.state().categories[active]?.name
      {
        throw APIError.rule(
          "category '\(name)' is not archived; only an archived category can be restored", field: "ref")
      }
      throw APIError.notFound("no archived category '\(reference)'")
    }
    return try await api.write(.restoreCategory(id), request)
  }
}
