import ArgumentParser
import BudgetServer
import Foundation
import Ledger
import LedgerDomain

/// `budget serve`: the HTTP API (`/api/v1`) and the web app, on one ledger.
struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve", abstract: "Serve the JSON API (/api/v1) and the web app (the three sheets, live).",
    discussion: """
      Binds to 127.0.0.1:8080 by default. Every API request needs the access token: the \
      server makes one on its first start and keeps it in LEDGER.token (mode 0600), or takes \
      it from --token-file or $BUDGET_TOKEN. Scripts send 'Authorization: Bearer TOKEN'. To \
      use the web app, open the one-time login link it prints (budget login-link prints \
      another); budget sessions lists and ends the logins. docs/api.md, "Security", says more.
      """)
  @OptionGroup var options: LedgerOptions
  @Option(help: "The port (0 picks a free one).") var port = 8080
  @Option(help: "The address to bind.") var host = "127.0.0.1"
  @Option(help: "Read the access token from this file (0600, at least 32 characters).") var tokenFile: String?
  @Option(help: .hidden) var token: String?
  @Flag(
    help: "Serve without an access token: any program or user of this machine may then use the ledger (loopback only).")
  var noAuth = false
  @Option(help: "Also answer to this host name, e.g. a reverse proxy's (repeatable).") var allowHost: [String] = []
  @Flag(
    help:
      "A reverse proxy in front adds the client's address to X-Forwarded-For: count wrong credentials by that address, not the proxy's."
  )
  var trustProxy = false
  @Option(help: "The largest request body accepted, in bytes.") var maxBody = 64 * 1024
  @Option(help: "The largest CSV file POST /api/v1/import/csv accepts, in bytes (bigger ones: budget import csv).")
  var maxImport = 4 << 20
  @Option(help: "Seconds a new connection has to send its request headers.") var headerTimeout = 10.0
  @Option(help: "Seconds an idle kept-alive connection stays open.") var idleTimeout = 60.0
  @Option(help: "Connections open at once (more are closed).") var maxConnections = 128
  @Option(help: "Event streams (live views) open at once (more are refused).") var maxEventStreams = 32
  @Flag(help: "Create the demo ledger first when the ledger is empty.") var demo = false
  @Option(help: "Seconds between checks for reader slots of processes that died mid-read.")
  var readerCheckSeconds = 30.0

  func validate() throws {
    guard maxImport > 0 else { throw ValidationError("--max-import must be more than 0, got \(maxImport)") }
    guard readerCheckSeconds > 0, readerCheckSeconds <= 86_400 else {
      throw ValidationError("--reader-check-seconds must be more than 0 and at most 86400, got \(readerCheckSeconds)")
    }
    if token != nil {
      throw ValidationError(
        "--token puts the secret where every user of this machine sees it (ps); put it in a file and give --token-file PATH, or set $BUDGET_TOKEN"
      )
    }
    for (name, value) in [("--header-timeout", headerTimeout), ("--idle-timeout", idleTimeout)]
    where !(value > 0 && value <= 86_400) {
      throw ValidationError("\(name) must be more than 0 and at most 86400 seconds, got \(value)")
    }
    for (name, value) in [("--max-connections", maxConnections), ("--max-event-streams", maxEventStreams)]
    where value < 1 {
      throw ValidationError("\(name) must be at least 1, got \(value)")
    }
    if noAuth, tokenFile != nil { throw ValidationError("--no-auth and --token-file contradict each other; give one") }
  }

  func run() async throws {
    if SyncFiles(ledger: try options.resolvedPath()).isDevice {
      try await runOnDevice()
      return
    }
    let files = SyncFiles(ledger: try options.resolvedPath())
    if let other = ServerRecord.read(files) {
      throw UserError(
        "budget serve (process \(other.pid)) already serves \(files.ledger) at \(other.url); open that, or stop it (Ctrl-C) before starting another"
      )
    }
    let ledger = try await options.open(stateStoreInterval: Ledger.Options.serverStateStoreInterval)
    // Where `budget login-link` finds this server.
    defer { ServerRecord.remove(files) }
    let recordHost = recordHost
    _ = try await serve(
      ledger,
      onRunning: { port, access in
        var token: String?
        if case .token(let value) = access { token = value.value }
        try? ServerRecord(url: "http://\(recordHost):\(port)", token: token).write(to: files)
      }, until: nil)
  }

  /// Serves `ledger` until the server stops (SIGINT / SIGTERM) — or, with `until`, until that
  /// task returns `true` (a device's ledger must be rebuilt): then the server stops
  /// gracefully (the requests under way finish), every task that held the ledger has ended,
  /// and the answer is `true`. `onRunning` is told the port and the access before the server's
  /// address is printed; `port` replaces `--port` (a device's server starts again on the port
  /// it had).
  func serve(
    _ ledger: Ledger, port: Int? = nil, onRunning: (@Sendable (Int, BudgetServer.Access) async -> Void)? = nil,
    until: (@Sendable () async -> Bool)?
  ) async throws -> Bool {
    if ledger.state.settings == nil {
      if demo {
        try await userFacing { try await ledger.createDemo(today: LedgerOptions.today(), metadata: options.metadata) }
      } else {
        Console.note("the ledger at \(ledger.path) is empty: set it up with budget init, or POST /api/v1/ledger")
      }
    }
    // The first write would otherwise fold (or copy) the whole history inside a request.
    try await userFacing { try await ledger.prepareWriter() }
    let (access, tokenNote) = try resolveAccess(ledgerPath: ledger.path)
    let limits = BudgetServer.Limits(
      headerTimeout: .milliseconds(Int64(headerTimeout * 1000)), idleTimeout: .milliseconds(Int64(idleTimeout * 1000)),
      maxConnections: maxConnections, maxEventStreams: maxEventStreams)
    let configuration = BudgetServer.Configuration(
      host: host, port: port ?? self.port, access: access, allowedHosts: allowHost, limits: limits,
      maxBodyBytes: maxBody,
      maxImportBytes: maxImport,
      today: LedgerOptions.today, trustProxy: trustProxy)
    let server: BudgetServer
    do { server = try BudgetServer(ledger: ledger, configuration: configuration) } catch {
      throw UserError(error.description)
    }
    let shownHost = host.contains(":") ? "[\(host)]" : host
    let path = ledger.path
    // Reader slots, abandoned catch-ups, autopay and the stored state, while it serves.
    var schedule = Ledger.Maintenance()
    schedule.readerCheck = .milliseconds(Int64(readerCheckSeconds * 1000))
    let maintenance = Task.detached { await ledger.maintain(schedule) { Self.note($0) } }
    defer { maintenance.cancel() }
    let announce: @Sendable (Int) async -> Void = { port in
      await onRunning?(port, access)
      var lines = "serving \(path) at http://\(shownHost):\(port)  (Ctrl-C to stop)\n"
      let loginHost = configuration.isLoopback ? shownHost : "127.0.0.1"
      if case .token(let token) = access {
        do {
          let (code, _) = try server.sessions.mintCode(token: token)
          let minutes = server.sessions.policy.codeLifetime.components.seconds / 60
          lines += "log in (works once, for \(minutes) minutes): http://\(loginHost):\(port)/?code=\(code)\n"
          lines += "another login link: budget login-link; logins: budget sessions\n"
        } catch {
          lines += "no login link: \(error); fix it and run budget login-link\n"
        }
      }
      if let tokenNote { lines += tokenNote + "\n" }
      FileHandle.standardOutput.write(Data(lines.utf8))
    }
    guard let until else {
      try await server.run(onRunning: announce)
      maintenance.cancel()
      await maintenance.value  // the state stored at the head
      return false
    }
    let stopped = Latest<Bool>()
    try await server.run(onRunning: announce) { stopped.value = await until() }
    maintenance.cancel()
    await maintenance.value  // the state stored at the head
    return stopped.value ?? false
  }

  /// The token to require, and a line saying where it came from: `--token-file`, then
  /// `$BUDGET_TOKEN`, then the file beside the ledger (made on the first start).
  private func resolveAccess(ledgerPath: String) throws -> (BudgetServer.Access, String?) {
    if noAuth {
      Console.note(
        "warning: --no-auth: any program or user of this machine can read and change this ledger through the server")
      return (.open, nil)
    }
    do {
      if let tokenFile { return (.token(try AccessToken.load(from: tokenFile)), nil) }
      if let text = ProcessInfo.processInfo.environment["BUDGET_TOKEN"], !text.isEmpty {
        return (.token(try AccessToken(text)), nil)
      }
      let file = ledgerPath + ".token"
      let (token, created) = try AccessToken.loadOrCreate(at: file)
      let note = created ? "made a new access token in \(file) (mode 0600)" : "access token: \(file)"
      return (.token(token), note)
    } catch {
      throw UserError(error.description)
    }
  }
}
