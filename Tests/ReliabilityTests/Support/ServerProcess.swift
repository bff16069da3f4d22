import Foundation
import LedgerTesting

#if canImport(Glibc)
  import Glibc
#endif

/// A `budget serve --port 0` child process with the reliability tests' token, and a raw HTTP
/// client for it.
final class ServerProcess: ServeProcess, @unchecked Sendable {
  /// The access token every test server is started with (`$BUDGET_TOKEN`), which ``RawHTTP``
  /// sends.
  static let token = "reliability-token-0123456789abcdef0123456789"

  var client: RawHTTP { RawHTTP(port: port) }

  /// - Parameters:
  ///   - stderr: a file that receives the server's standard error (default: none).
  ///   - token: given as `$BUDGET_TOKEN`; nil leaves the server to its token file.
  init(
    budget: BinaryRunner, ledger: String, extraArguments: [String] = [], stderr: String? = nil,
    token: String? = ServerProcess.token
  ) throws {
    try super.init(budget: budget, ledger: ledger, extraArguments: extraArguments, stderr: stderr, token: token)
  }
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
