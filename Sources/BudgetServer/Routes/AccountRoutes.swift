import Hummingbird
import Ledger
import LedgerDomain
import LedgerWire
import QueryResults

/// `/ledger` and `/accounts`: `budget init` and `budget account open|opening|set|rename|close|reopen|list`.
struct AccountRoutes {
  let api: LedgerAPI

  func register(on group: APIGroup) {
    group.get("ledger") { request, _ in try ledgerInfo(request) }
    group.post("ledger") { request, _ in try await createLedger(request) }
    group.get("accounts") { request, _ in try list(request) }
    group.post("accounts") { request, _ in try await open(request) }
    group.get("accounts/:ref") { request, context in try show(request, context) }
    group.patch("accounts/:ref") { request, context in try await rename(request, context) }
    group.post("accounts/:ref/close") { request, context in try await close(request, context) }
    group.post("accounts/:ref/opening") { request, context in try await changeOpening(request, context) }
    group.post("accounts/:ref/role") { request, context in try await setRole(request, context) }
    group.post("accounts/:ref/reopen") { request, context in
      let (id, _) = try Resolver(state: try api.state()).account(try api.parameter(context, "ref"))
      let reason = QueryParameters(request).string("reason") ?? "reopened by user"
      return try await api.write(.reopenAccount(id, reason: reason), request)
    }
  }

  func ledgerInfo(_ request: Request) throws -> Response {
    let state = api.ledger.state
    let settings = state.settings
    let info = LedgerDTO(
      created: settings != nil, name: settings?.name, currency: settings?.baseCurrency.code,
      position: api.ledger.position,
      today: api.today.description, firstDayOfWeek: settings?.firstDayOfWeek,
      fiscalYearStartMonth: settings?.fiscalYearStartMonth)
    return try api.answer(info, position: info.position)
  }

  func createLedger(_ request: Request) async throws -> Response {
    let body = try await api.body(CreateLedgerBody.self, request)
    if body.demo == true {
      guard body.name == nil, body.currency == nil, body.accounts == nil, body.categories == nil,
        body.firstDayOfWeek == nil, body.fiscalYearStartMonth == nil
      else {
        throw APIError.badRequest(
          "demo: the sample ledger has its own name, currency, calendar, accounts and categories: send {\"demo\": true} alone",
          field: "demo")
      }
      let outcomes = try await api.ledger.createDemo(today: api.today, metadata: try api.metadata(request))
      return try api.respond(to: outcomes, status: .created)
    }
    let currency: Currency
    do { currency = try Currency(code: body.currency ?? "EUR") } catch {
      throw APIError.badRequest("currency: \(error)", field: "currency")
    }
    let created = CreateLedger(
      name: body.name ?? "Household", baseCurrency: currency, firstDayOfWeek: body.firstDayOfWeek ?? 1,
      fiscalYearStartMonth: body.fiscalYearStartMonth ?? 1)
    var commands: [LedgerCommand] = [.createLedger(created)]
    for (index, account) in (body.accounts ?? []).enumerated() {
      commands.append(.openAccount(try openCommand(account, base: { currency }, field: "accounts[\(index)].")))
    }
    guard let starter = StarterCategories(rawValue: body.categories ?? "default") else {
      throw APIError.badRequest(
        "categories must be default, workbook or income-only (got '\(body.categories ?? "")')", field: "categories")
    }
    commands += starter.commands
    // All or nothing: a refused account leaves no ledger half set up.
    return try await api.writeAll(commands, request, status: .created)
  }

  /// The command that opens the account `body` describes; `field` prefixes the names of the
  /// fields an error points at (`accounts[1].`).
  private func openCommand(
    _ body: OpenAccountBody, base: () throws -> Currency, field: String = ""
  ) throws -> OpenAccount {
    let type = try api.choice(body.type, AccountType.self, field: field + "type") ?? .checking
    let currency: Currency
    do { currency = try body.currency.map { try Currency(code: $0) } ?? base() } catch let error as APIError {
      throw error
    } catch {
      throw APIError.badRequest("\(field)currency: \(error)", field: field + "currency")
    }
    return OpenAccount(
      name: body.name, type: type, currency: currency,
      openingBalance: try body.opening.map { try api.money($0, currency, field: field + "opening") },
      date: try api.date(body.date, field: field + "date") ?? api.today)
  }

  func list(_ request: Request) throws -> Response {
    try api.requireLedger()
    let time = try QueryParameters(request).time()
    let date = time.asOf ?? api.today
    let (state, position) = try api.snapshots.family([AccountID.self], at: time.point)
    let balances = try api.ledger.balances(on: date, at: .position(position))
    let byID = Dictionary(balances.value.map { ($0.account, $0.balance) }, uniquingKeysWith: { first, _ in first })
    let items = state.accounts.sorted { $0.value.name < $1.value.name }.map {
      Wire.Account(id: $0.key, record: $0.value, balance: byID[$0.key])
    }
    return try api.answer(ListDTO(position: balances.position, items: items), position: balances.position)
  }

  func show(_ request: Request, _ context: Context) throws -> Response {
    try api.requireLedger()
    let time = try QueryParameters(request).time()
    let (state, position) = try api.snapshots.family([AccountID.self], at: time.point)
    let (id, record) = try Resolver(state: state).account(try api.parameter(context, "ref"))
    let balances = try api.ledger.balances(on: time.asOf ?? api.today, at: .position(position))
    let dto = Wire.Account(id: id, record: record, balance: balances.value.first { $0.account == id }?.balance)
    return try api.answer(dto, position: position, etag: EntityTag.format(record.version))
  }

  func open(_ request: Request) async throws -> Response {
    let body = try await api.body(OpenAccountBody.self, request)
    let command = try openCommand(body, base: { try api.baseCurrency() })
    return try await api.write(.openAccount(command), request, status: .created)
  }

  func rename(_ request: Request, _ context: Context) async throws -> Response {
    let body = try await api.body(RenameBody.self, request)
    let (id, record) = try Resolver(state: try api.state()).account(try api.parameter(context, "ref"))
    try api.requireVersion(request, current: record.version, of: "account '\(record.name)'")
    return try await api.write(.renameAccount(id, name: body.name), request)
  }

  func changeOpening(_ request: Request, _ context: Context) async throws -> Response {
    let body = try await api.body(OpeningBalanceBody.self, request)
    let (id, record) = try Resolver(state: try api.state()).account(try api.parameter(context, "ref"))
    let balance = try api.money(body.balance, record.currency, field: "balance")
    return try await api.write(.changeOpeningBalance(id, to: balance), request)
  }

  func setRole(_ request: Request, _ context: Context) async throws -> Response {
    let body = try await api.body(AccountRoleBody.self, request)
    let (id, _) = try Resolver(state: try api.state()).account(try api.parameter(context, "ref"))
    guard let role = try api.choice(body.role, AccountRole.self, field: "role") else {
      throw APIError.badRequest("role must be budget or tracking", field: "role")
    }
    return try await api.write(.setAccountRole(id, role: role), request)
  }

  func close(_ request: Request, _ context: Context) async throws -> Response {
    let body = try await api.body(CloseBody.self, request)
    let (id, record) = try Resolver(state: try api.state()).account(try api.parameter(context, "ref"))
    let date = try api.date(body.date) ?? api.today
    if body.force != true, !record.isClosed, let balance = try api.ledger.balance(of: id, on: date), !balance.isZero {
      throw APIError(
        .conflict, code: "account_not_empty",
        "'\(record.name)' still holds \(balance.formatted()) \(balance.currency.code) on \(date); move it out first, or send \"force\": true to close it anyway",
        details: ["balance": balance.formatted(), "currency": balance.currency.code])
    }
    return try await api.write(.closeAccount(id, date: date), request)
  }
}
