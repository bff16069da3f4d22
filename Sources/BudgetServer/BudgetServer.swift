import Foundation
import Hummingbird
import HummingbirdCore
import Ledger
import LedgerDomain
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals

/// The HTTP API (`/api/v1`) and the web app (`/`) of one open ledger, served by Hummingbird.
///
/// Every write goes through ``Ledger/execute(_:metadata:idempotencyKey:)``, so requests from
/// many clients share the ledger's single writer and its group commit.
///
/// ```swift
/// let server = try BudgetServer(ledger: ledger, configuration: .init(port: 8080, access: .token(token)))
/// try await server.run { port in print("http://127.0.0.1:\(port)") }
/// ```
public struct BudgetServer: Sendable {
  /// Who may use the API.
  public enum Access: Sendable, Equatable {
    /// Every API request must present this token (or the session cookie derived from it).
    case token(AccessToken)
    /// No authentication — any program or user on this machine may read and write. Only
    /// on loopback; ``RequestGuardMiddleware`` still refuses other sites' pages.
    case open
  }

  /// Timeouts and caps that keep slow or numerous clients from holding the server.
  public struct Limits: Sendable, Equatable {
    /// A new connection must send its whole request head within this time.
    public var headerTimeout: Duration
    /// A kept-alive connection with no request (or a request body that stalls) is closed
    /// after this time; a response being written is not.
    public var idleTimeout: Duration
    /// Connections open at once; more are closed as they arrive.
    public var maxConnections: Int
    /// Event streams open at once; more are answered 503.
    public var maxEventStreams: Int
    /// A response the client stops reading is cut off (the connection closed) once none of it
    /// has gone out for this long, so that a stalled download — a snapshot, whose copy holds
    /// an LMDB read transaction and keeps the file from reusing pages — cannot last forever.
    public var sendTimeout: Duration
    /// A kept-alive connection none of whose requests has shown a credential is closed after
    /// this long without a request — much sooner than ``idleTimeout``, so that connections
    /// without a token cannot sit on the server's slots (see ``ConnectionTable``).
    public var unauthenticatedIdleTimeout: Duration

    public init(
      headerTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(60), maxConnections: Int = 128,
      maxEventStreams: Int = 32, sendTimeout: Duration = .seconds(30),
      unauthenticatedIdleTimeout: Duration = .seconds(5)
    ) {
      self.headerTimeout = headerTimeout
      self.idleTimeout = idleTimeout
      self.maxConnections = maxConnections
      self.maxEventStreams = maxEventStreams
      self.sendTimeout = sendTimeout
      self.unauthenticatedIdleTimeout = unauthenticatedIdleTimeout
    }
  }

  /// How the server listens and what it allows.
  public struct Configuration: Sendable {
    /// The address to bind; anything but loopback needs a token.
    public var host: String
    /// The port; 0 picks a free one (reported to `run`'s callback).
    public var port: Int
    /// Whether API requests need the token.
    public var access: Access
    /// Names besides loopback and the bound address that requests may be sent to (a reverse
    /// proxy's); see ``HostPolicy``.
    public var allowedHosts: [String]
    /// Timeouts and connection caps.
    public var limits: Limits
    /// The largest request body accepted, in bytes (413 beyond).
    public var maxBodyBytes: Int
    /// The largest CSV file `POST /api/v1/import/csv` accepts, in bytes (413 beyond). An import
    /// holds its file and what is parsed and recorded from it in memory, some 30 bytes for each
    /// byte of CSV at its peak: the default, 4 MiB, keeps that near 130 MB, well under 256 MB.
    /// A bigger file is for `budget import csv`.
    public var maxImportBytes: Int
    /// Today's date for defaults ("today" for new transactions, `asOf` for balances).
    public var today: @Sendable () -> CivilDate
    /// How often an idle event stream sends a keep-alive comment.
    public var heartbeat: Duration
    /// Whether the HTTP layer logs its errors (tests that stop servers abruptly turn it off).
    public var logsErrors: Bool
    /// Whether a reverse proxy in front adds the client's address to `X-Forwarded-For`: only
    /// then does that address, not the proxy's, count for throttling wrong credentials.
    public var trustProxy: Bool
    /// How long web sessions and login codes last.
    public var sessions: SessionStore.Policy

    public init(
      host: String = "127.0.0.1", port: Int = 8080, access: Access, allowedHosts: [String] = [],
      limits: Limits = Limits(), maxBodyBytes: Int = 64 * 1024, maxImportBytes: Int = 4 << 20,
      today: @escaping @Sendable () -> CivilDate = Ledger.localToday, heartbeat: Duration = .seconds(15),
      logsErrors: Bool = true, trustProxy: Bool = false, sessions: SessionStore.Policy = .init()
    ) {
      self.host = host
      self.port = port
      self.access = access
      self.allowedHosts = allowedHosts
      self.limits = limits
      self.maxBodyBytes = maxBodyBytes
      self.maxImportBytes = maxImportBytes
      self.today = today
      self.heartbeat = heartbeat
      self.logsErrors = logsErrors
      self.trustProxy = trustProxy
      self.sessions = sessions
    }

    /// Whether `host` is a loopback address (127.0.0.0/8, ::1 or localhost).
    public var isLoopback: Bool {
      host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// The names requests may be sent to.
    public var hostPolicy: HostPolicy { HostPolicy(boundAddress: host, allowedHosts: allowedHosts) }
  }

  public let ledger: Ledger
  public let configuration: Configuration
  /// Wrong credentials per client address (shared by every request).
  let throttle: AuthThrottle
  /// The web app's logins and login codes (`LEDGER.sessions`).
  public let sessions: SessionStore
  /// The tickets event streams are opened with.
  let tickets = EventTickets()
  /// The open connections, and which have shown a credential (shared by every connection).
  let connections: ConnectionTable

  /// - Throws: ``ServerConfigurationError`` when binding beyond loopback without a token.
  public init(ledger: Ledger, configuration: Configuration) throws(ServerConfigurationError) {
    try self.init(ledger: ledger, configuration: configuration, throttle: AuthThrottle.Policy())
  }

  /// A server whose guessing throttle follows `policy` (tests use a long first delay).
  package init(
    ledger: Ledger, configuration: Configuration, throttle policy: AuthThrottle.Policy
  ) throws(ServerConfigurationError) {
    if !configuration.isLoopback, configuration.access == .open {
      throw .tokenRequired(host: configuration.host)
    }
    let limits = configuration.limits
    guard limits.maxConnections > 0, limits.maxEventStreams > 0, limits.headerTimeout > .zero,
      limits.idleTimeout > .zero, limits.sendTimeout > .zero, limits.unauthenticatedIdleTimeout > .zero
    else { throw .badLimits }
    self.ledger = ledger
    self.configuration = configuration
    self.throttle = AuthThrottle(policy: policy)
    self.sessions = SessionStore(ledgerPath: ledger.path, policy: configuration.sessions)
    self.connections = ConnectionTable(limit: limits.maxConnections)
  }

  /// Every route the server answers, as method and path (`:name` for a captured segment), in
  /// the router's own words: for the check that what the docs and messages name exists.
  package var routes: [(method: String, path: String)] {
    makeRouter().routes.map { ($0.method.rawValue, $0.path.description) }
  }

  /// The router: every route behind the security headers, the error shape and the request
  /// guard; `/api/v1/...` also behind authentication; the web app and its login at `/`.
  func makeRouter() -> Router<ServerContext> {
    let api = LedgerAPI(ledger: ledger, configuration: configuration)
    let router = Router(context: ServerContext.self)
    router.add(middleware: SecurityHeadersMiddleware())
    router.add(middleware: ErrorMiddleware())
    router.add(middleware: RequestGuardMiddleware(hosts: configuration.hostPolicy))
    WebRoutes(
      access: configuration.access, throttle: throttle, sessions: sessions, trustProxy: configuration.trustProxy
    )
    .register(on: router)
    let group = router.group("api/v1")
    group.add(
      middleware: AuthenticationMiddleware(
        access: configuration.access, throttle: throttle, devices: api.devices,
        sessions: sessions, tickets: tickets, trustProxy: configuration.trustProxy, connections: connections))
    group.add(middleware: IdempotentBodyMiddleware(maxBodyBytes: configuration.maxBodyBytes))
    AccountRoutes(api: api).register(on: group)
    CategoryRoutes(api: api).register(on: group)
    PeriodRoutes(api: api).register(on: group)
    BudgetRoutes(api: api).register(on: group)
    TransactionRoutes(api: api).register(on: group)
    ReportRoutes(api: api).register(on: group)
    ExplainRoutes(api: api).register(on: group)
    AuditRoutes(api: api).register(on: group)
    EventStreamRoute(api: api, sessions: sessions).register(on: group)
    ImportRoutes(api: api).register(on: group)
    ScheduleRoutes(api: api).register(on: group)
    OccurrenceRoutes(api: api).register(on: group)
    BillsRoutes(api: api).register(on: group)
    NotificationRoutes(api: api).register(on: group)
    SyncRoutes(api: api).register(on: group)
    DebtRoutes(api: api).register(on: group)
    GoalRoutes(api: api).register(on: group)
    SessionRoutes(sessions: sessions, tickets: tickets).register(on: group)
    return router
  }

  /// Serves until the task is cancelled, SIGINT / SIGTERM, or `stop` returns; `onRunning`
  /// receives the bound port once the server accepts connections. A signal or `stop` shuts the
  /// server down gracefully: no new connection is taken, and the requests under way finish
  /// (long polls and event streams end at once).
  public func run(
    onRunning: @escaping @Sendable (Int) async -> Void = { _ in }, stopWhen stop: (@Sendable () async -> Void)? = nil
  ) async throws {
    // Hummingbird logs each start and stop at info; only problems matter here ($LOG_LEVEL overrides).
    var logger = Logger(label: "budget-serve")
    logger.logLevel =
      ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:))
      ?? (configuration.logsErrors ? .warning : .critical)
    // Logins made under a token since replaced, and ended ones, go at the start.
    if case .token(let token) = configuration.access { try sessions.prune(token: token) }
    let limits = configuration.limits
    let connections = self.connections
    let app = Application(
      router: makeRouter(),
      server: HTTPServerBuilder { responder in
        GuardedHTTP1Channel(
          inner: HTTP1Channel(
            responder: responder,
            configuration: .init(
              additionalChannelHandlers: [ConnectionGuard(limits: limits, connections: connections)],
              idleTimeout: .init(limits.idleTimeout))))
      },
      configuration: .init(
        address: .hostname(configuration.host, port: configuration.port), serverName: "budget-ledger"),
      onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) }, logger: logger)
    let services = ServiceGroup(
      configuration: .init(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    guard let stop else {
      try await services.run()
      return
    }
    try await withThrowingTaskGroup(of: Bool.self) { tasks in
      tasks.addTask {
        try await services.run()
        return true
      }
      tasks.addTask {
        await stop()
        await services.triggerGracefulShutdown()
        return false
      }
      // Until the server has ended: after a signal, `stop` is not waited for.
      while let served = try await tasks.next(), !served {}
      tasks.cancelAll()
    }
  }
}

/// Why the server refuses to start.
public enum ServerConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Binding beyond loopback without an access token.
  case tokenRequired(host: String)
  /// A timeout or cap of zero or less.
  case badLimits

  public var description: String {
    switch self {
    case .tokenRequired(let host):
      "binding to \(host) exposes the ledger beyond this machine; it needs the access token (leave out --no-auth)"
    case .badLimits:
      "timeouts and connection caps must be more than zero"
    }
  }
}
