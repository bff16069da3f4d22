import Foundation
import LedgerTesting

#if canImport(Glibc)
  import Glibc
#endif

/// A real `budget serve --port 0` child process on a ledger file; the port is read from the
/// line the server prints once it listens (a deterministic "ready" signal, no sleeping).
final class ServerProcess: @unchecked Sendable {
  /// The access token every test server is started with (`$BUDGET_TOKEN`), which ``RawHTTP``
  /// sends.
  static let token = "reliability-token-0123456789abcdef0123456789"

  // @unchecked: `process` is only touched by the test thread that owns this value.
  let process = Process()
  let port: Int
  /// What the server printed on starting (its URL, the login link, where its token is).
  let banner: String
  var client: RawHTTP { RawHTTP(port: port) }

  /// - Parameters:
  ///   - stderr: a file that receives the server's standard error (default: none).
  ///   - token: given as `$BUDGET_TOKEN`; nil leaves the server to its token file.
  init(
    budget: BinaryRunner, ledger: String, extraArguments: [String] = [], stderr: String? = nil,
    token: String? = ServerProcess.token
  ) throws {
    process.executableURL = URL(fileURLWithPath: budget.path)
    process.arguments = ["serve", "--port", "0", "--ledger", ledger] + extraArguments
    var environment = ProcessInfo.processInfo.environment
    for (key, value) in budget.environment { environment[key] = value }
    environment["NO_COLOR"] = "1"
    environment["BUDGET_TOKEN"] = token
    process.environment = environment
    let out = Pipe()
    process.standardOutput = out
    if let stderr {
      FileManager.default.createFile(atPath: stderr, contents: nil)
      process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderr))
    } else {
      process.standardError = FileHandle.nullDevice
    }
    try process.run()
    // Read the "serving … at http://127.0.0.1:PORT" line.
    var text = ""
    let handle = out.fileHandleForReading
    while !text.contains("\n") {
      let chunk = handle.availableData
      if chunk.isEmpty { break }
      text += String(decoding: chunk, as: UTF8.self)
    }
    guard let range = text.range(of: #":(\d+)\s"#, options: .regularExpression),
      let port = Int(text[range].dropFirst().trimmingCharacters(in: .whitespaces))
    else {
      process.terminate()
      throw RawHTTPError("budget serve did not report a port: \(text)")
    }
    self.port = port
    banner = text
  }

  var pid: Int32 { process.processIdentifier }

  /// `kill -9`, then waits for the process to be gone.
  func kill9() {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  /// A clean stop (SIGTERM), for tests that do not crash the server.
  func stop() {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }

  deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}

/// Scale factor for the long variants: `BUDGET_RELIABILITY_SCALE=10 swift test …` (make soak).
enum Soak {
  static var scale: Int { max(1, Int(ProcessInfo.processInfo.environment["BUDGET_RELIABILITY_SCALE"] ?? "1") ?? 1) }
  static func rounds(_ base: Int) -> Int { base * scale }
}

/// Small helpers over the CLI runner.
extension BinaryRunner {
  /// Runs and returns stdout, recording a failure message when the exit code is not 0.
  func json(_ arguments: [String]) throws -> Any {
    let output = try run(arguments + ["--json"])
    guard output.status == 0 else {
      throw RawHTTPError("budget \(arguments.joined(separator: " ")) failed: \(output.stderr)")
    }
    return try JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
  }

  /// Every event of the ledger, oldest first, as `budget log --json` prints them.
  func events(ledger: String? = nil) throws -> [[String: Any]] {
    let arguments = ["log", "--limit", "10000000"] + (ledger.map { ["--ledger", $0] } ?? [])
    let events = try json(arguments) as? [[String: Any]] ?? []
    return events.sorted { ($0["position"] as? Int ?? 0) < ($1["position"] as? Int ?? 0) }
  }

  /// `budget verify` (deep: projections against a fresh fold) or `--skip-projections`.
  func verify(deep: Bool, ledger: String? = nil) throws -> BinaryRunner.Output {
    try run(["verify"] + (deep ? [] : ["--skip-projections"]) + (ledger.map { ["--ledger", $0] } ?? []))
  }
}

func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
