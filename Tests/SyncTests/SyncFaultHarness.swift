import EventLog
import Foundation
import Ledger
import LedgerDomain
import LedgerTesting
import SyncClient

#if canImport(Glibc)
  import Glibc
#endif

/// One hub (a real `budget serve` child process) and its devices, which reach it through a
/// ``FaultProxy``. Device commands and syncs run in this process (``onDevice(_:_:)``,
/// ``sync(_:)``), each opening the ledgers it needs and closing them again, as the CLI does.
final class SyncWorld: @unchecked Sendable {
  // @unchecked: used by one test at a time; `hub` is replaced only by ``restartHub()``.
  static let todayText = "2026-11-27"
  static let ownerToken = "sync-owner-token-0123456789abcdef0123456789"
  static var options: Ledger.Options {
    Ledger.Options(log: EventLog.Options(durability: .noSync), today: { day(todayText) })
  }

  let directory = TemporaryDirectory(prefix: "sync-faults")
  let budget: BinaryRunner
  let hubPath: String
  let ownerTokenFile: String
  private(set) var hub: ChildProcess
  let proxy: FaultProxy
  private(set) var tokens: [String: String] = [:]

  /// Creates the hub ledger (EUR, a Checking account, then `seed`), adds the devices, serves
  /// the hub and starts the proxy; the devices are not cloned yet (``clone(_:)``).
  init(devices: [String], readOnly: Set<String> = [], seed: (Ledger) async throws -> Void = { _ in }) async throws {
    budget = try BinaryRunner("budget", environment: ["BUDGET_TODAY": Self.todayText])
    hubPath = directory.file("hub.ledger")
    ownerTokenFile = directory.file("owner.token")
    do {
      let ledger = try await Ledger(path: hubPath, options: Self.options)
      try await ledger.execute(.createLedger(LedgerCreated(name: "Hub", baseCurrency: .eur)))
      try await ledger.execute(
        .openAccount(
          OpenAccount(account: Scenario.checking, name: "Checking", type: .checking, date: day("2026-01-01"))))
      try await seed(ledger)
    }
    let registry = DeviceRegistry(files: SyncFiles(ledger: hubPath))
    for name in devices {
      tokens[name] = try registry.add(name: name, readOnly: readOnly.contains(name), now: DeviceRegistry.now()).token
    }
    _ = FileManager.default.createFile(
      atPath: ownerTokenFile, contents: Data(Self.ownerToken.utf8), attributes: [.posixPermissions: 0o600])
    hub = try Self.serve(budget, hubPath, ownerTokenFile)
    proxy = try FaultProxy(upstreamPort: hub.port)
  }

  func path(_ device: String) -> String { directory.file("\(device).ledger") }
  func files(_ device: String) -> SyncFiles { SyncFiles(ledger: path(device)) }

  /// Clones `device` from the hub through the proxy (the proxy's faults apply).
  @discardableResult
  func clone(_ device: String) async throws -> SyncReport {
    try await Cloner(files: files(device), options: Self.options).clone(url: proxy.url, token: tokens[device]!)
  }

  /// Opens the device's working ledger for `body` (made from the replica if the device had
  /// none yet, as its first change would), closed again when it returns.
  @discardableResult
  func onDevice<T>(_ device: String, _ body: (Ledger) async throws -> T) async throws -> T {
    if files(device).holdsOnlyReplica {
      // As a process that holds no ledger of the device open: the replica is opened for the
      // copy and closed again before the working ledger is.
      try await Ledger(path: files(device).replica, options: Self.options).makeWorkingLedger(at: path(device))
    }
    let ledger = try await Ledger(path: path(device), options: Self.options)
    return try await body(ledger)
  }

  /// One in-process `budget sync` of `device`.
  func sync(_ device: String) async throws -> SyncReport {
    try await Synchronizer(files: files(device), options: Self.options).sync()
  }

  /// The device's outbox, oldest first.
  func outbox(_ device: String) throws -> [OutboxEntry] { try Outbox(files: files(device)).entries() }

  /// The head of a ledger file (opened and closed again).
  func head(of path: String) async throws -> ChainHead {
    try await Ledger(path: path, options: Self.options).chainHead()
  }

  /// The hub's head, asked of the hub itself (not through the proxy).
  func hubHead() throws -> ChainHead {
    let answer = try HubHTTP(port: hub.port).send("GET", "/api/v1/sync/head")
    guard answer.status == 200 else { throw ProxyError("GET sync/head answered \(answer.status): \(answer.text)") }
    return try JSONDecoder().decode(ChainHead.self, from: answer.body)
  }

  /// Adds a transaction named `name` on the hub directly, with the owner's token.
  func hubAddTransaction(name: String, amount: String) throws {
    let body =
      #"{"amount": "\#(amount)", "name": "\#(name)", "category": "Food", "account": "Checking", "date": "2026-11-20"}"#
    let answer = try HubHTTP(port: hub.port).send("POST", "/api/v1/transactions", body: Array(body.utf8))
    guard (200..<300).contains(answer.status) else {
      throw ProxyError("the hub refused its own write \(name): \(answer.status) \(answer.text)")
    }
  }

  /// Starts the hub again on the same ledger (after ``ChildProcess/kill9()``) and points the
  /// proxy at its new port.
  func restartHub() throws {
    hub.kill9()
    hub = try Self.serve(budget, hubPath, ownerTokenFile)
    proxy.upstreamPort = hub.port
  }

  /// Stops the proxy and the hub.
  func shutDown() {
    proxy.stop()
    hub.stop()
  }

  private static func serve(_ budget: BinaryRunner, _ ledger: String, _ tokenFile: String) throws -> ChildProcess {
    try ChildProcess(
      budget, ["serve", "--port", "0", "--ledger", ledger, "--token-file", tokenFile], waitForPort: true)
  }
}

/// A `budget` child process that the test may `kill -9`.
final class ChildProcess: @unchecked Sendable {
  // @unchecked: `process` is only touched by the test that owns this value.
  let process = Process()
  private let output = Pipe()
  /// The port it reported listening on (``init(_:_:waitForPort:)`` with `waitForPort`).
  private(set) var port = 0

  /// Starts `budget arguments`; with `waitForPort`, returns once it printed its URL
  /// (`… http://127.0.0.1:PORT …`), a deterministic ready signal for `budget serve --port 0`.
  init(_ budget: BinaryRunner, _ arguments: [String], waitForPort: Bool = false) throws {
    process.executableURL = URL(fileURLWithPath: budget.path)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    for (key, value) in budget.environment { environment[key] = value }
    environment["NO_COLOR"] = "1"
    process.environment = environment
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    guard waitForPort else { return }
    var text = ""
    while !text.contains("\n") {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      text += String(decoding: chunk, as: UTF8.self)
    }
    guard let range = text.range(of: #"127\.0\.0\.1:(\d+)"#, options: .regularExpression),
      let port = Int(text[range].split(separator: ":").last ?? "")
    else {
      kill9()
      throw ProxyError("budget \(arguments.first ?? "") did not report a port: \(text)")
    }
    self.port = port
  }

  /// `kill -9`, then waits for the process to be gone.
  func kill9() {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  /// A clean stop (SIGTERM).
  func stop() {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }

  /// Waits for the process to end and returns its exit status and standard output.
  func finish() -> (status: Int32, stdout: String) {
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}

/// A blocking HTTP/1.1 client for the hub's owner: one request per connection.
struct HubHTTP: Sendable {
  let port: Int
  var token = SyncWorld.ownerToken

  func send(_ method: String, _ path: String, body: [UInt8]? = nil) throws -> HTTPResponse {
    var lines = [
      "\(method) \(path) HTTP/1.1", "Host: 127.0.0.1", "Connection: close", "Authorization: Bearer \(token)",
    ]
    if let body { lines += ["Content-Type: application/json", "Content-Length: \(body.count)"] }
    let request = Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + (body ?? [])
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var timeout = timeval(tv_sec: 30, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    guard connected else { throw ProxyError("cannot connect to the hub at 127.0.0.1:\(port)") }
    guard
      request.withUnsafeBytes({ Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count
    else { throw ProxyError("cannot send to the hub") }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while !HTTPWire.isComplete(data) {
      let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { break }
      data.append(contentsOf: buffer[0..<count])
    }
    return try HTTPWire.parse(data)
  }
}
