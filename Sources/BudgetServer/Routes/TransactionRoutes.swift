import Hummingbird
import Ledger
import LedgerDomain
import LedgerWire

/// `/transactions` and `/transfers`: `budget tx add|amend|delete|restore|show|list|search` and
/// `budget transfer`; `DELETE /transfers/{id}` cancels a transfer by either leg's id. `GET /transactions/{id}` returns the version as `ETag`; amend and
/// delete honour `If-Match` (412 with the current version when it is stale).
struct TransactionRoutes {
  let api: LedgerAPI

  func register(on group: APIGroup) {
    group.get("transactions") { request, _ in try TransactionListing(api: api).list(request, search: nil) }
    group.get("transactions/search") { request, _ in
      guard let text = QueryParameters(request).string("q") else {
        throw APIError.badRequest("q is required: the words to find", field: "q")
      }
      return try TransactionListing(api: api).list(request, search: text)
    }
    group.post("transactions") { request, _ in try await add(request) }
    group.get("transactions/:id") { request, context in try show(request, context) }
    group.patch("transactions/:id") { request, context in try await amend(request, context) }
    group.delete("transactions/:id") { request, context in
      let (id, _) = try Resolver(state: try api.fullState()).transaction(try api.parameter(context, "id"))
      let reason = QueryParameters(request).string("reason") ?? "deleted by user"
      return try await api.write(
        .deleteTransaction(id, reason: reason, expectedVersion: try EntityTag.expectedVersion(request)), request)
    }
    group.post("transactions/:id/restore") { request, context in
      let (id, _) = try Resolver(state: try api.fullState()).transaction(try api.parameter(context, "id"))
      let reason = QueryParameters(request).string("reason") ?? "restored by user"
      return try await api.write(
        .restoreTransaction(id, reason: reason, expectedVersion: try EntityTag.expectedVersion(request)), request)
    }
    group.post("transfers") { request, _ in try await transfer(request) }
    group.delete("transfers/:id") { request, context in
      let transfer = try transfer(try api.parameter(context, "id"))
      let reason = QueryParameters(request).string("reason") ?? "cancelled by user"
      return try await api.write(.cancelTransfer(transfer.transfer, reason: reason), request)
    }
    group.patch("transfers/:id") { request, context in try await amendTransfer(request, context) }
  }

  /// The transfer `reference` names: either leg's id, as the log of an account shows it, or a
  /// unique run of 4 or more of its characters.
  private func transfer(_ reference: String) throws -> TransferMade {
    let reference = reference.lowercased()
    let matches = try api.fullState().transfers(named: reference)
    guard matches.count == 1, let transfer = matches.first else {
      throw matches.isEmpty
        ? APIError.notFound(
          "transfer '\(reference)' not found (cancelled transfers leave the log); the log with GET /transactions shows both legs"
        )
        : APIError.badRequest("transfer id '\(reference)' is ambiguous; give more characters", field: "id")
    }
    return transfer
  }

  /// `PATCH /transfers/{id}`: the transfer made again as changed, under a new id (the answer's
  /// `id`), and the old one cancelled — one change, one undo step.
  func amendTransfer(_ request: Request, _ context: Context) async throws -> Response {
    let body = try await api.body(AmendTransferBody.self, request)
    let current = try transfer(try api.parameter(context, "id"))
    let commands = try transferAmendment(body, current)
    return try await api.writeAll(commands, request)
  }

  private func transferAmendment(_ body: AmendTransferBody, _ current: TransferMade) throws -> [LedgerCommand] {
    let resolver = Resolver(state: try api.state())
    let from = try body.from.map { try resolver.account($0, .body("from")) }
    let to = try body.to.map { try resolver.account($0, .body("to")) }
    let currency = from?.record.currency ?? current.amount.currency
    let changes = TransferChanges(
      from: from?.id, to: to?.id, amount: try body.amount.map { try api.money($0, currency, positive: true) },
      date: try api.date(body.date), note: body.note.map { note -> String? in note.isEmpty ? nil : note })
    return try api.ledger.transferAmendment(current.transfer, changes, as: .random())
  }

  func show(_ request: Request, _ context: Context) throws -> Response {
    try api.requireLedger()
    let (state, position) = try api.snapshots.state(at: try QueryParameters(request).time().point)
    let (_, record) = try Resolver(state: state).transaction(try api.parameter(context, "id"))
    return try api.answer(
      Wire.Transaction(record, state: state), position: position, etag: EntityTag.format(record.version))
  }

  // Writes decode the body first, then resolve names in synchronous helpers, so no copy of the
  // ledger state is held across an await (see `LedgerAPI.state()`).

  func add(_ request: Request) async throws -> Response {
    let body = try await api.body(AddTransactionBody.self, request)
    let command = try addCommand(body)
    // A transaction that looks like a due bill pays it: the use case links them.
    let addition = try await api.keyed(request) { metadata, key, fingerprint in
      try await api.ledger.addTransaction(
        command, metadata: metadata, idempotencyKey: key, requestFingerprint: fingerprint)
    }
    return try api.respond(to: [addition.outcome], status: .created)
  }

  func amend(_ request: Request, _ context: Context) async throws -> Response {
    let expected = try EntityTag.expectedVersion(request)
    let body = try await api.body(AmendTransactionBody.self, request)
    let amendment = try amendCommand(body, reference: try api.parameter(context, "id"))
    return try await api.write(.amendTransaction(amendment, expectedVersion: expected), request)
  }

  func transfer(_ request: Request) async throws -> Response {
    let body = try await api.body(TransferBody.self, request)
    return try await api.write(.makeTransfer(try transferCommand(body)), request, status: .created)
  }

  private func addCommand(_ body: AddTransactionBody) throws -> AddTransaction {
    let resolver = Resolver(state: try api.state())
    let account = try resolver.accountOrOnly(body.account)
    let currency = account.record.currency
    let amount = try api.money(body.amount, currency, positive: true)
    let splits = try (body.splits ?? []).enumerated().map { index, part in
      Split(
        category: try resolver.category(part.category, .body("splits[\(index)].category")),
        amount: try api.money(
          part.amount, currency, field: "splits[\(index)].amount", positive: true,
          direction: "each part is positive; the transaction's type gives the direction"), memo: part.memo)
    }
    if body.category == nil, splits.isEmpty {
      throw APIError.rule("category: choose a category, or give at least two splits", field: "category")
    }
    return AddTransaction(
      transaction: .random(), account: account.id, date: try api.date(body.date) ?? api.today, amount: amount,
      type: try api.choice(body.type, TransactionType.self, field: "type") ?? .expense,
      category: try body.category.map { try resolver.category($0, .body("category")) }, splits: splits, name: body.name,
      description: body.description, notes: body.notes,
      period: try body.period.map { try resolver.period($0, .body("period")) },
      tags: body.tags ?? [])
  }

  private func amendCommand(_ body: AmendTransactionBody, reference: String) throws -> AmendTransaction {
    let resolver = Resolver(state: try api.fullState())
    let (id, record) = try resolver.transaction(reference)
    var amendment = AmendTransaction(transaction: id)
    let currency = record.added.amount.currency
    amendment.amount = try body.amount.map { try api.money($0, currency, positive: true) }
    amendment.name = body.name
    amendment.category = try body.category.map { try resolver.category($0, .body("category")) }
    amendment.account = try body.account.map { try resolver.account($0, .body("account")).id }
    amendment.type = try api.choice(body.type, TransactionType.self, field: "type")
    amendment.date = try api.date(body.date)
    amendment.description = body.description.map { Change($0.isEmpty ? nil : $0) }
    amendment.notes = body.notes.map { Change($0.isEmpty ? nil : $0) }
    amendment.tags = body.tags
    return amendment
  }

  private func transferCommand(_ body: TransferBody) throws -> MakeTransfer {
    let resolver = Resolver(state: try api.state())
    let from = try resolver.account(body.from, .body("from"))
    let to = try resolver.account(body.to, .body("to"))
    return MakeTransfer(
      transfer: .random(), from: from.id, to: to.id,
      amount: try api.money(
        body.amount, from.record.currency, positive: true, direction: "swap from and to to send money the other way"),
      date: try api.date(body.date) ?? api.today, note: body.note)
  }
}
