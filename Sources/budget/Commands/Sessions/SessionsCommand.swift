import ArgumentParser
import BudgetServer
import Foundation
import Ledger
import LedgerWire

/// `budget sessions [list] | logout`: the browsers logged into this ledger's web app.
struct SessionsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sessions", abstract: "The web app's logins: list them, log them out.",
    discussion: """
      A login lasts until it has been unused for 7 days, is 30 days old, is logged out (here \
      or by the web app's Log out button), or the server's access token is replaced. Logging \
      out takes effect at the browser's next request, server running or not.
      """,
    subcommands: [List.self, Logout.self], defaultSubcommand: List.self)

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the logins.")
    @OptionGroup var options: LedgerOptions

    func run() async throws {
      let sessions = try userFacing { try SessionStore(ledgerPath: options.resolvedPath()).list() }
      if options.json {
        try Console.json(sessions.map { Wire.Session($0) })
        return
      }
      guard !sessions.isEmpty else {
        print("no web sessions; budget login-link prints a link that starts one")
        return
      }
      var table = Table([
        ("SESSION", .left), ("STARTED", .left), ("LAST USED", .left), ("FROM", .left), ("BROWSER", .left),
      ])
      for session in sessions.map({ Wire.Session($0) }) {
        table.add([session.id, session.created, session.lastUsed, session.address, session.userAgent])
      }
      print(table.render())
    }
  }

  struct Logout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "logout", abstract: "Log out the sessions named, or all of them with --all.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "Sessions, as budget sessions lists them.") var ids: [String] = []
    @Flag(help: "Log out every session.") var all = false

    func validate() throws {
      if all, !ids.isEmpty { throw ValidationError("give session ids or --all, not both") }
      if !all, ids.isEmpty {
        throw ValidationError("name the sessions to log out (budget sessions lists them), or give --all")
      }
    }

    func run() async throws {
      let store = try SessionStore(ledgerPath: options.resolvedPath())
      let known = try userFacing { try store.list() }.map(\.id)
      let unknown = ids.filter { !known.contains($0) }
      guard unknown.isEmpty else {
        throw UserError(
          "no session \(unknown.map { "'\($0)'" }.joined(separator: ", "))"
            + (known.isEmpty ? "; there are none" : " — sessions: \(known.joined(separator: ", "))"))
      }
      let ended = try userFacing { try store.logout(all ? nil : ids) }
      if options.json {
        try Console.json(["loggedOut": ended])
      } else {
        print(ended.isEmpty ? "no sessions to log out" : "logged out \(ended.joined(separator: ", "))")
      }
    }
  }
}
