import ArgumentParser
import BudgetServer
import EventLog
import Foundation
import LMDB
import Ledger
import LedgerDomain

/// `budget serve`: the HTTP API (`/api/v1`) and the web app, on one ledger.
struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve", abstract: "Serve the JSON API (/api/v1) and the web app (the three sheets, live).",
    discussion: """
      Binds to 127.0.0.1:8080 by default. Binding to any other address needs an access token \
      (--token or $BUDGET_TOKEN), which every API request must then send as \
      'Authorization: Bearer TOKEN'. docs/api.md describes the API.
      """)
  @OptionGroup var options: LedgerOptions
  @Option(help: "The port (0 picks a free one).") var port = 8080
  @Option(help: "The address to bind.") var host = "127.0.0.1"
  @Option(help: "Access token for API requests (default: $BUDGET_TOKEN); required beyond loopback.") var token: String?
  @Option(help: "The largest request body accepted, in bytes.") var maxBody = 64 * 1024
  @Flag(help: "Create the demo ledger first when the ledger is empty.") var demo = false
  @Option(help: "Seconds between checks for reader slots of processes that died mid-read.")
  var readerCheckSeconds = 30.0

  func validate() throws {
    guard readerCheckSeconds > 0, readerCheckSeconds <= 86_400 else {
      throw ValidationError("--reader-check-seconds must be more than 0 and at most 86400, got \(readerCheckSeconds)")
    }
  }

  func run() async throws {
    let ledger = try await options.open()
    if ledger.state.settings == nil {
      if demo {
        try await DemoData(options: options, ledger: ledger, today: LedgerOptions.today()).create()
      } else {
        Console.note("the ledger at \(ledger.log.path) is empty: set it up with budget init, or POST /api/v1/ledger")
      }
    }
    // The first write would otherwise fold (or copy) the whole history inside a request.
    try await userFacing { try await ledger.prepareWriter() }
    let environmentToken = ProcessInfo.processInfo.environment["BUDGET_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    let configuration = BudgetServer.Configuration(
      host: host, port: port, token: token ?? environmentToken, maxBodyBytes: maxBody,
      actor: options.metadata.actor ?? "api", today: LedgerOptions.today)
    let server: BudgetServer
    do { server = try BudgetServer(ledger: ledger, configuration: configuration) } catch {
      throw UserError(error.description)
    }
    let shownHost = host.contains(":") ? "[\(host)]" : host
    let path = ledger.log.path
    // A reader killed inside its read transaction (a `budget verify` interrupted, say) keeps
    // its slot, and the snapshot it pins stops LMDB from reusing pages, until someone runs the
    // reader check. Opening a ledger does; a server that stays open must do it itself.
    let readerCheck = Task.detached { [readerCheckSeconds] in
      while !Task.isCancelled {
        try? await Task.sleep(for: .seconds(readerCheckSeconds))
        _ = try? ledger.log.environment.clearStaleReaders()
      }
    }
    // Projections an import in another process deferred, and left behind when it was killed
    // (or its catch-up failed): opening rebuilds them, a server that stays open must look.
    let catchUp = Task.detached { await Self.catchUpAbandonedProjections(of: ledger, every: 5) }
    defer {
      readerCheck.cancel()
      catchUp.cancel()
    }
    try await server.run { port in
      FileHandle.standardOutput.write(Data("serving \(path) at http://\(shownHost):\(port)  (Ctrl-C to stop)\n".utf8))
    }
  }
}
