import BudgetServer
import Foundation
import LedgerTesting
import Testing

/// `budget login-link` and `budget sessions`: one-time links, the logins they started, and
/// their ending — and what a browser calls itself printed so that it cannot disguise a line.
@Suite("budget CLI: web logins")
struct SessionsCLITests {
  let directory = TemporaryDirectory()
  let ledger: String
  let budget: BinaryRunner

  init() throws {
    ledger = directory.file("home.ledger")
    budget = try BinaryRunner("budget", environment: ["BUDGET_LEDGER": ledger, "NO_COLOR": "1"])
  }

  @discardableResult
  func ok(_ arguments: [String]) throws -> String {
    let output = try budget.run(arguments)
    #expect(output.status == 0, "budget \(arguments.joined(separator: " ")) failed: \(output.stderr)")
    return output.stdout
  }

  /// A session started as the server starts one, for a browser calling itself `userAgent`.
  func givenASession(userAgent: String) throws -> String {
    let store = SessionStore(ledgerPath: ledger)
    let (code, _) = try store.mintCode()
    let token = try AccessToken(String(repeating: "t", count: 40))
    let made = try #require(try store.redeem(code: code, token: token, userAgent: userAgent, address: "127.0.0.1"))
    return made.session.id
  }

  @Test(
    "given no server, when budget login-link runs, then it prints a one-time link for port 8080 and keeps only its digest, 0600"
  )
  func loginLinkWithoutAServer() throws {
    let output = try budget.run(["login-link"])
    #expect(output.status == 0)
    #expect(output.stdout.hasPrefix("http://127.0.0.1:8080/?code="))
    #expect(output.stderr.contains("no budget serve holds"))
    let json = try JSONSerialization.jsonObject(with: Data(try ok(["login-link", "--json"]).utf8)) as? [String: Any]
    let code = try #require(json?["code"] as? String)
    #expect(json?["serving"] as? Bool == false)
    let file = ledger + ".sessions"
    #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
    #expect(!(try String(contentsOfFile: file, encoding: .utf8)).contains(code), "the file keeps digests, not codes")
  }

  @Test(
    "given sessions, when one is logged out by id and then all, then the list says so; an unknown id names the known ones"
  )
  func logout() throws {
    #expect(try ok(["sessions"]).contains("no web sessions"))
    let first = try givenASession(userAgent: "Firefox")
    let second = try givenASession(userAgent: "Safari")
    let listed = try ok(["sessions"])
    #expect(listed.contains(first) && listed.contains("Firefox") && listed.contains(second))
    let unknown = try budget.run(["sessions", "logout", "nope"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr.contains("no session 'nope'") && unknown.stderr.contains(first))
    #expect(try ok(["sessions", "logout", first]).contains("logged out \(first)"))
    #expect(!(try ok(["sessions"])).contains(first))
    #expect(try ok(["sessions", "logout", "--all"]).contains("logged out \(second)"))
    #expect(try ok(["sessions", "list", "--json"]).trimmingCharacters(in: .whitespacesAndNewlines) == "[\n\n]")
  }

  @Test(
    "given a browser name with a text-direction override, a CSI and a clear-screen, when budget sessions prints it, then each shows as <U+…>; --json keeps it exact"
  )
  func hiddenCharactersArePrintedVisibly() throws {
    _ = try givenASession(userAgent: "Evil\u{202E}exe.txt\u{9B}2J\u{1B}[8mhidden\u{200B}")
    let table = try ok(["sessions"])
    #expect(table.contains("Evil<U+202E>exe.txt<U+009B>2J<U+001B>[8mhidden<U+200B>"))
    for hidden in ["\u{202E}", "\u{9B}", "\u{1B}", "\u{200B}"] { #expect(!table.contains(hidden)) }
    let json = try ok(["sessions", "--json"])
    #expect(json.contains("\u{202E}") && json.contains("\\u001b"), "machine output stays exact")
  }
}
