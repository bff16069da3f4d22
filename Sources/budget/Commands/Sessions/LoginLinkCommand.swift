import ArgumentParser
import BudgetServer
import Foundation
import Ledger

/// `budget login-link`: a one-time link into the web app of the server on this ledger.
struct LoginLinkCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "login-link",
    abstract: "Print a one-time link that logs a browser into the web app (it works once, for 10 minutes).",
    discussion: """
      The link carries a code, never the access token: once opened (or after 10 minutes) it is \
      worth nothing, so it may stay in a browser's history or a chat. The browser then holds a \
      session, which budget sessions lists and ends. The code can also be typed into the web \
      app's login form (dashes and case do not matter).
      """)
  @OptionGroup var options: LedgerOptions

  func run() async throws {
    let path = try options.resolvedPath()
    let store = SessionStore(ledgerPath: path)
    let server = ServerRecord.read(SyncFiles(ledger: path))
    // Minted under the running server's token, if one runs: a link given out before the
    // token is replaced then opens nothing after.
    let token = server?.token.flatMap { try? AccessToken($0) }
    let (code, expires) = try userFacing { try store.mintCode(token: token) }
    let base = server?.url ?? "http://127.0.0.1:8080"
    let link = "\(base)/?code=\(code)"
    if options.json {
      try Console.json(
        LoginLinkReport(url: link, code: code, expires: expires.formatted(.iso8601), serving: server != nil))
      return
    }
    print(link)
    let until = expires.formatted(.iso8601)
    Console.note(
      server == nil
        ? "no budget serve holds \(path) open: start it within 10 minutes (until \(until)), on port 8080, and open the link"
        : "works once, until \(until); or type the code \(code) into the web app's login form")
  }
}

/// `budget login-link --json`.
struct LoginLinkReport: Encodable {
  var url: String
  var code: String
  var expires: String
  /// Whether a server holds the ledger open (else the URL assumes the default port).
  var serving: Bool
}
