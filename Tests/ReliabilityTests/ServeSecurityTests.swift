import Foundation
import LedgerTesting
import Testing

/// `budget serve` as a user starts it: a token by default (kept 0600 beside the ledger, never
/// printed: the login link carries a one-time code), never one on the command line, none
/// shorter than 128 bits.
@Suite("budget serve: the access token", .serialized)
struct ServeSecurityTests {
  @Test(
    "given no token configured, when budget serve starts, then it makes one in LEDGER.token (0600), prints a one-time login link without it, requires it, and reuses it on the next start"
  )
  func tokenByDefault() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("served.ledger")
    let budget = try BinaryRunner.checkingLedger(at: path)
    let server = try ServerProcess(budget: budget, ledger: path, token: nil)
    let tokenFile = path + ".token"
    let token = try String(contentsOfFile: tokenFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(token.count == 64)
    let mode = try FileManager.default.attributesOfItem(atPath: tokenFile)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    #expect(server.banner.contains("log in (works once, for 10 minutes): http://127.0.0.1:\(server.port)/?code="))
    #expect(!server.banner.contains(token), "the token itself is never printed")
    let code = try #require(
      server.banner.components(separatedBy: "?code=").dropFirst().first?.split(separator: "\n").first)
    let linkPath = "/?code=\(code)"
    let login = try RawHTTP(port: server.port).send("GET", linkPath)
    #expect(login.status == 200)
    #expect(login.header("Set-Cookie")?.hasPrefix("budget_session_\(server.port)=") == true)
    #expect(try RawHTTP(port: server.port).send("GET", linkPath).status == 401, "the link works once")
    let anonymous = RawHTTP(port: server.port)
    #expect(
      try anonymous.sendRaw(Array("GET /api/v1/ledger HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
        .status == 401)
    let authorized = try anonymous.send("GET", "/api/v1/ledger", headers: ["Authorization": "Bearer \(token)"])
    #expect(authorized.status == 200)
    server.stop()
    // the next start keeps the token (scripts and logged-in browsers keep working)
    let again = try ServerProcess(budget: budget, ledger: path, token: nil)
    defer { again.stop() }
    #expect(again.banner.contains("?code="))
    #expect(!again.banner.contains(token))
    let reused = try RawHTTP(port: again.port).send(
      "GET", "/api/v1/ledger", headers: ["Authorization": "Bearer \(token)"])
    #expect(reused.status == 200)
  }

  @Test(
    "given a token on the command line, a short token, or --no-auth beyond loopback, when budget serve starts, then it refuses with the fix"
  )
  func unsafeTokensAreRefused() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("refused.ledger")
    var budget = try BinaryRunner.checkingLedger(at: path)
    let onCommandLine = try budget.run(["serve", "--port", "0", "--token", String(repeating: "t", count: 40)])
    #expect(onCommandLine.status != 0)
    #expect(onCommandLine.stderr.contains("--token-file"))
    budget.environment["BUDGET_TOKEN"] = "short-token"
    let short = try budget.run(["serve", "--port", "0"])
    #expect(short.status != 0)
    #expect(short.stderr.contains("at least 32"))
    budget.environment["BUDGET_TOKEN"] = nil
    let open = try budget.run(["serve", "--port", "0", "--host", "0.0.0.0", "--no-auth"])
    #expect(open.status != 0)
    #expect(open.stderr.contains("beyond this machine"))
    // a token file other users can read is refused
    let loose = directory.file("loose.token")
    FileManager.default.createFile(
      atPath: loose, contents: Data(String(repeating: "k", count: 40).utf8), attributes: [.posixPermissions: 0o644])
    let looseRun = try budget.run(["serve", "--port", "0", "--token-file", loose])
    #expect(looseRun.status != 0)
    #expect(looseRun.stderr.contains("chmod 600"))
  }

  @Test(
    "given budget serve on a ledger, when a second one starts on it, then it is refused naming where the first answers, and the first's record stays for budget login-link"
  )
  func aSecondServerOnOneLedgerIsRefused() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("served.ledger")
    let budget = try BinaryRunner.checkingLedger(at: path)
    let first = try ServerProcess(budget: budget, ledger: path, token: nil)
    defer { first.stop() }
    let second = try budget.run(["serve", "--port", "0"])
    #expect(second.status == 1)
    #expect(second.stderr.contains("already serves") && second.stderr.contains(":\(first.port)"), "\(second.stderr)")
    let link = try budget.run(["login-link"])
    #expect(link.stdout.hasPrefix("http://127.0.0.1:\(first.port)/?code="), "\(link.stdout) \(link.stderr)")
  }
}
