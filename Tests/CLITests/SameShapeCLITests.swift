import BudgetServer
import Dispatch
import Foundation
import LedgerTesting
import Synchronization
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `budget … --json` and the API answer the same question with the same JSON: one ledger,
/// served by `budget serve`, asked each question both ways. A field added to one front end
/// and not the other fails here.
@Suite("budget --json and the API: one shape per resource")
struct SameShapeCLITests {
  let directory = TemporaryDirectory()
  let budget: BinaryRunner
  static let token = "same-shape-token-0123456789abcdef0123456789"

  init() throws {
    budget = try BinaryRunner(
      "budget", environment: ["BUDGET_LEDGER": directory.file("same.ledger"), "BUDGET_TODAY": "2026-11-27"])
  }

  @discardableResult
  func ok(_ arguments: String...) throws -> String {
    let output = try budget.run(arguments)
    #expect(output.status == 0, "budget \(arguments.joined(separator: " ")) failed: \(output.stderr)")
    return output.stdout
  }

  /// What `budget ARGUMENTS --json` prints, parsed.
  func cli(_ arguments: [String]) throws -> JSONValue {
    let output = try budget.run(arguments + ["--json"])
    #expect(output.status == 0, "budget \(arguments.joined(separator: " ")) --json: \(output.stderr)")
    return try JSONDecoder().decode(JSONValue.self, from: Data(output.stdout.utf8))
  }

  /// What `METHOD /api/v1PATH` with `body` answers, parsed.
  static func api(
    _ server: ServeProcess, _ method: String = "GET", path: String, body: String? = nil
  ) throws
    -> JSONValue
  {
    var request = URLRequest(url: try #require(URL(string: server.url + "/api/v1" + path)))
    request.httpMethod = method
    request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    if method != "GET" { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
    request.httpBody = body.map { Data($0.utf8) }
    let answer = Mutex<(Data?, Int, (any Error)?)>((nil, 0, nil))
    let done = DispatchSemaphore(value: 0)
    URLSession.shared.dataTask(with: request) { data, response, error in
      answer.withLock { $0 = (data, (response as? HTTPURLResponse)?.statusCode ?? 0, error) }
      done.signal()
    }.resume()
    done.wait()
    let (data, status, error) = answer.withLock { $0 }
    if let error { throw error }
    let body = try #require(data)
    #expect(status == 200, "\(method) \(path): \(status) \(String(decoding: body, as: UTF8.self))")
    return try JSONDecoder().decode(JSONValue.self, from: body)
  }

  /// Checking (3,000.00 from 2026-01-01), Food with a split purchase, a monthly rent paid in
  /// October and overdue in November, a period and a budget.
  func setUp() throws -> String {
    try ok("init", "--currency", "EUR")
    try ok("account", "open", "Checking", "--opening", "3000", "--date", "2026-01-01")
    try ok("account", "open", "Savings", "--type", "savings", "--date", "2026-01-01")
    try ok("category", "add", "Household")
    try ok("period", "open", "Autumn", "--start", "2026-09-01", "--end", "2026-11-30")
    try ok("budget", "set", "Food", "400", "--month", "2026-11")
    let added = try ok(
      "tx", "add", "42.50", "--name", "Market", "--account", "Checking", "--split", "Food=30", "--split",
      "Household=12.50", "--date", "2026-11-03", "--tag", "weekly", "--json")
    try ok("tx", "add", "12", "--name", "Bakery", "--category", "Food", "--account", "Checking", "--date", "2026-11-05")
    try ok(
      "schedule", "add", "Rent", "950", "--account", "Checking", "--category", "Bills", "--every", "month", "--day",
      "1", "--start", "2026-10-01")
    try ok("schedule", "pay", "Rent", "--occurrence", "2026-10-01")
    let id = try JSONDecoder().decode([String: JSONValue].self, from: Data(added.utf8))["id"]
    guard case .string(let transaction) = id else {
      throw SetUpError(description: "tx add --json gave no id: \(added)")
    }
    return transaction
  }

  @Test(
    "given a ledger with accounts, a split transaction, a paid and an overdue bill, when each question is asked of the CLI and the API, then the JSON is the same"
  )
  func sameAnswers() throws {
    let transaction = try setUp()
    let server = try ServeProcess(budget: budget, ledger: directory.file("same.ledger"), token: Self.token)
    defer { server.stop() }

    // (CLI arguments, API path, the part of the API's answer the CLI prints: its list's items)
    let questions: [([String], String, String?)] = [
      (["account", "list"], "/accounts", "items"),
      (["category", "list"], "/categories", "items"),
      (["period", "list"], "/periods", "items"),
      (["report", "balances"], "/reports/balances", nil),
      (["report", "cashflow", "--year", "2026"], "/reports/cashflow?year=2026", "months"),
      (["budget", "show", "--month", "2026-11"], "/budget/2026-11", nil),
      (["report", "budget-vs-actual", "--month", "2026-11"], "/reports/budget-vs-actual?month=2026-11", nil),
      (["report", "categories", "--month", "2026-11"], "/reports/categories?month=2026-11", "rows"),
      (["report", "forecast", "--months", "3"], "/reports/forecast?months=3", nil),
      (["tx", "show", transaction], "/transactions/\(transaction)", nil),
      (["schedule", "list"], "/schedules", "items"),
      (["schedule", "show", "Rent"], "/schedules/Rent", nil),
      (
        ["schedule", "occurrences", "Rent", "--from", "2026-09-01", "--to", "2027-01-31"],
        "/schedules/Rent/occurrences?from=2026-09-01&to=2027-01-31", "items"
      ),
      (["bills"], "/bills", nil),
      (["bills", "--month", "2026-11"], "/bills/calendar?month=2026-11", "items"),
      (["history", "category", "Food"], "/history/category/Food", nil),
      (["history", "schedule", "Rent"], "/history/schedule/Rent", nil),
      (["history", "tx", transaction], "/history/transaction/\(transaction)", nil),
      (["verify"], "/verify", nil),
      (["projections", "status"], "/projections", "items"),
      (["tx", "list", "--category", "Food"], "/transactions?category=Food", nil),
      (
        ["tx", "list", "--account", "Checking", "--min", "1", "--max", "500"],
        "/transactions?account=Checking&min=1&max=500", nil
      ),
      (["tx", "search", "Market"], "/transactions/search?q=Market", nil),
      (["explain", "balance", "Checking"], "/explain/balance/Checking", nil),
      (["explain", "spent", "Food", "--month", "2026-11"], "/explain/spent/Food?month=2026-11", nil),
      (["explain", "cashflow", "--month", "2026-11"], "/explain/cashflow?month=2026-11", nil),
      (["explain", "forecast", "Checking", "--with-budgets"], "/explain/forecast/Checking?withBudgets=true", nil),
    ]
    for (arguments, path, part) in questions {
      let fromCLI = try cli(arguments)
      var fromAPI = try Self.api(server, path: path)
      if let part, case .object(let members) = fromAPI { fromAPI = members[part] ?? .null }
      #expect(
        fromCLI == fromAPI,
        "budget \(arguments.joined(separator: " ")) --json and GET \(path) differ:\n\(fromCLI.difference(from: fromAPI))"
      )
    }
    // The log, newest first from the CLI, oldest first from the feed: the same events.
    guard case .array(let newestFirst) = try cli(["log", "--limit", "3", "--from", "5"]),
      case .object(let page) = try Self.api(server, path: "/events?after=2&limit=3")
    else { return #expect(Bool(false), "budget log --json and GET /events gave no lists") }
    #expect(JSONValue.array(newestFirst.reversed()) == page["events"], "budget log --json and GET /events differ")
  }

  @Test(
    "given a ledger with more rows than a page, when the log is paged by the CLI and the API, then each page and its cursor are the same"
  )
  func transactionPagesShareTheirCursor() throws {
    _ = try setUp()
    let server = try ServeProcess(budget: budget, ledger: directory.file("same.ledger"), token: Self.token)
    defer { server.stop() }
    var before: String?
    var pages = 0
    repeat {
      let fromCLI = try cli(["tx", "list", "--limit", "2"] + (before.map { ["--before", $0] } ?? []))
      let fromAPI = try Self.api(server, path: "/transactions?limit=2" + (before.map { "&before=\($0)" } ?? ""))
      #expect(
        fromCLI == fromAPI,
        "budget tx list --before \(before ?? "-") --json and GET /transactions differ:\n\(fromCLI.difference(from: fromAPI))"
      )
      guard case .object(let page) = fromAPI, case .string(let next) = page["nextBefore"] else { break }
      before = next
      pages += 1
    } while pages < 10
    #expect(pages >= 1, "the set-up's log should fill more than one page of 2 rows")
  }

  @Test(
    "given the same plan in two ledgers, when the CLI copies it in one and the API in the other, then they answer the same"
  )
  func budgetCopySharesItsShape() throws {
    func plan(_ ledger: String) throws {
      try ok("init", "--currency", "EUR", "--ledger", ledger)
      try ok("budget", "set", "Food", "400", "--month", "2026-11", "--ledger", ledger)
      try ok("budget", "income", "Salary", "3200", "--month", "2026-11", "--ledger", ledger)
    }
    let (first, second) = (directory.file("first.ledger"), directory.file("second.ledger"))
    try plan(first)
    try plan(second)
    let fromCLI = try cli(["budget", "copy", "--from", "2026-11", "--to", "2026-12", "--ledger", first])
    let server = try ServeProcess(budget: budget, ledger: second, token: Self.token)
    defer { server.stop() }
    let fromAPI = try Self.api(server, "POST", path: "/budget/2026-12/copy", body: #"{"from": "2026-11"}"#)
    #expect(
      fromCLI == fromAPI,
      "budget budget copy --json and POST /budget/2026-12/copy differ:\n\(fromCLI.difference(from: fromAPI))")
  }

  @Test("given a web login, when the CLI and the API list the sessions, then they list the same")
  func sessionsShareTheirShape() throws {
    try ok("init", "--currency", "EUR")
    let store = SessionStore(ledgerPath: directory.file("same.ledger"))
    let (code, _) = try store.mintCode()
    let made = try store.redeem(
      code: code, token: try AccessToken(Self.token), userAgent: "Firefox", address: "127.0.0.1")
    #expect(made != nil, "the login code was not redeemed")
    let server = try ServeProcess(budget: budget, ledger: directory.file("same.ledger"), token: Self.token)
    defer { server.stop() }
    let fromCLI = try cli(["sessions"])
    guard case .object(let list) = try Self.api(server, path: "/sessions"), let items = list["items"] else {
      return #expect(Bool(false), "GET /sessions gave no items")
    }
    #expect(fromCLI == items, "budget sessions --json and GET /sessions differ:\n\(fromCLI.difference(from: items))")
    guard case .array(let sessions) = items else { return #expect(Bool(false), "no list of sessions") }
    #expect(sessions.count == 1)
  }

  @Test(
    "given a device with a change that waits for its stopped hub, when the CLI and the device's server are asked its sync status, then they answer the same"
  )
  func syncStatusSharesItsShape() throws {
    let hub = directory.file("hub.ledger")
    try ok("init", "--currency", "EUR", "--ledger", hub)
    try ok("account", "open", "Checking", "--opening", "1000", "--date", "2026-01-01", "--ledger", hub)
    let added = try budget.run(["device", "add", "laptop", "--ledger", hub, "--json"])
    guard case .object(let device) = try JSONDecoder().decode(JSONValue.self, from: Data(added.stdout.utf8)),
      case .string(let token) = device["token"]
    else { return #expect(Bool(false), "device add gave no token: \(added.stderr)") }
    let tokenFile = directory.file("laptop.token")
    #expect(
      FileManager.default.createFile(
        atPath: tokenFile, contents: Data(token.utf8), attributes: [.posixPermissions: 0o600]))
    let laptop = directory.file("laptop.ledger")
    let hubServer = try ServeProcess(budget: budget, ledger: hub, token: Self.token)
    try ok("clone", hubServer.url, "--ledger", laptop, "--token-file", tokenFile)
    hubServer.stop()
    try ok(
      "tx", "add", "9.90", "--account", "Checking", "--category", "Food", "--name", "Kiosk", "--ledger", laptop)
    let server = try ServeProcess(budget: budget, ledger: laptop, token: Self.token)
    defer { server.stop() }
    let fromCLI = try cli(["sync", "status", "--ledger", laptop])
    let fromAPI = try Self.api(server, path: "/sync/status")
    #expect(
      fromCLI == fromAPI, "budget sync status --json and GET /sync/status differ:\n\(fromCLI.difference(from: fromAPI))"
    )
    guard case .object(let status) = fromAPI else { return #expect(Bool(false), "no status") }
    #expect(status["device"] == .bool(true) && status["pending"] == .integer(1), "\(fromAPI)")
  }

  @Test("given a ledger, when the CLI undoes and the API redoes, then both answer with the same fields")
  func undoAndRedoShareTheirShape() throws {
    _ = try setUp()
    let undone = try cli(["undo"])
    let server = try ServeProcess(budget: budget, ledger: directory.file("same.ledger"), token: Self.token)
    defer { server.stop() }
    let redone = try Self.api(server, "POST", path: "/redo")
    // The same fields, at the top and in what each took back (the events' types differ).
    func fields(_ value: JSONValue) -> [String] {
      guard case .object(let members) = value else { return [] }
      return members.keys.sorted()
    }
    func takenBack(_ value: JSONValue) -> JSONValue {
      if case .object(let members) = value { members["undone"] ?? .null } else { .null }
    }
    #expect(fields(undone) == fields(redone), "\(undone.shape)\n\(redone.shape)")
    #expect(fields(takenBack(undone)) == fields(takenBack(redone)), "\(undone.shape)\n\(redone.shape)")
  }
}

/// A set-up step that did not give what the test needs.
struct SetUpError: Error, CustomStringConvertible {
  var description: String
}
