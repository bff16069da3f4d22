import Foundation
import Hummingbird
import Ledger
import LedgerDomain
import Logging
import NIOCore

/// The HTTP API (`/api/v1`) and the web app (`/`) of one open ledger, served by Hummingbird.
///
/// Every write goes through ``Ledger/execute(_:metadata:idempotencyKey:)``, so requests from
/// many clients share the ledger's single writer and its group commit.
///
/// ```swift
/// let server = try BudgetServer(ledger: ledger, configuration: .init(port: 8080))
/// try await server.run { port in print("http://127.0.0.1:\(port)") }
/// ```
public struct BudgetServer: Sendable {
  /// How the server listens and what it allows.
  public struct Configuration: Sendable {
    /// The address to bind; anything but loopback needs a ``token``.
    public var host: String
    /// The port; 0 picks a free one (reported to `run`'s callback).
    public var port: Int
    /// The bearer token every API request must carry, if set.
    public var token: String?
    /// The largest request body accepted, in bytes (413 beyond).
    public var maxBodyBytes: Int
    /// The actor recorded on events when a request names none (`X-Budget-Actor`).
    public var actor: String
    /// Today's date for defaults ("today" for new transactions, `asOf` for balances).
    public var today: @Sendable () -> CivilDate
    /// How often an idle event stream sends a keep-alive comment.
    public var heartbeat: Duration
    /// Whether the HTTP layer logs its errors (tests that stop servers abruptly turn it off).
    public var logsErrors: Bool

    public init(
      host: String = "127.0.0.1", port: Int = 8080, token: String? = nil, maxBodyBytes: Int = 64 * 1024,
      actor: String = "api",
      today: @escaping @Sendable () -> CivilDate = Ledger.localToday, heartbeat: Duration = .seconds(15),
      logsErrors: Bool = true
    ) {
      self.host = host
      self.port = port
      self.token = token
      self.maxBodyBytes = maxBodyBytes
      self.actor = actor
      self.today = today
      self.heartbeat = heartbeat
      self.logsErrors = logsErrors
    }

    /// Whether `host` is a loopback address (127.0.0.0/8, ::1 or localhost).
    public var isLoopback: Bool {
      host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
  }

  public let ledger: Ledger
  public let configuration: Configuration

  /// - Throws: ``ServerConfigurationError`` when binding beyond loopback without a token.
  public init(ledger: Ledger, configuration: Configuration) throws(ServerConfigurationError) {
    if !configuration.isLoopback, (configuration.token ?? "").isEmpty {
      throw .tokenRequired(host: configuration.host)
    }
    if let token = configuration.token, !token.isEmpty, token.count < 8 {
      throw .tokenTooShort
    }
    self.ledger = ledger
    self.configuration = configuration
  }

  /// The router: `/api/v1/...` behind the error (and token) middleware, the web app at `/`.
  public func makeRouter() -> Router<BasicRequestContext> {
    let api = LedgerAPI(ledger: ledger, configuration: configuration)
    let router = Router(context: BasicRequestContext.self)
    router.add(middleware: ErrorMiddleware())
    WebRoutes().register(on: router)
    let group = router.group("api/v1")
    if let token = configuration.token, !token.isEmpty { group.add(middleware: TokenMiddleware(token: token)) }
    group.add(middleware: IdempotentBodyMiddleware(maxBodyBytes: configuration.maxBodyBytes))
    AccountRoutes(api: api).register(on: group)
    CategoryRoutes(api: api).register(on: group)
    PeriodRoutes(api: api).register(on: group)
    BudgetRoutes(api: api).register(on: group)
    TransactionRoutes(api: api).register(on: group)
    ReportRoutes(api: api).register(on: group)
    AuditRoutes(api: api).register(on: group)
    EventStreamRoute(api: api).register(on: group)
    return router
  }

  /// Serves until the task is cancelled (or SIGINT / SIGTERM); `onRunning` receives the
  /// bound port once the server accepts connections.
  public func run(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
    // Hummingbird logs each start and stop at info; only problems matter here ($LOG_LEVEL overrides).
    var logger = Logger(label: "budget-serve")
    logger.logLevel =
      ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:))
      ?? (configuration.logsErrors ? .warning : .critical)
    let app = Application(
      router: makeRouter(),
      configuration: .init(
        address: .hostname(configuration.host, port: configuration.port), serverName: "budget-ledger"),
      onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) }, logger: logger)
    try await app.runService()
  }
}

/// Why the server refuses to start.
public enum ServerConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Binding beyond loopback without an access token.
  case tokenRequired(host: String)
  /// A token shorter than 8 characters.
  case tokenTooShort

  public var description: String {
    switch self {
    case .tokenRequired(let host):
      "binding to \(host) exposes the ledger beyond this machine; give an access token with --token or $BUDGET_TOKEN"
    case .tokenTooShort:
      "the access token is too short; use at least 8 characters (e.g. openssl rand -hex 16)"
    }
  }
}
