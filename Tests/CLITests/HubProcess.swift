import Foundation
import LedgerTesting

#if canImport(Glibc)
  import Glibc
#endif

/// A real `budget serve` child process: the hub devices sync with. The port is read from the
/// line the server prints once it listens (no sleeping); a hub stopped and started again on
/// the same port is the same hub to its devices. (After `ServerProcess` in ReliabilityTests.)
final class HubProcess: @unchecked Sendable {
  /// The owner's token (`$BUDGET_TOKEN`); devices use their own.
  static let ownerToken = "sync-cli-owner-token-0123456789abcdef012345"

  // @unchecked: `process` is only touched by the test that owns this value.
  private let process = Process()
  let port: Int
  var url: String { "http://127.0.0.1:\(port)" }

  /// Starts `budget serve` on `ledger`, on `port` (a free one if 0).
  init(budget: BinaryRunner, ledger: String, port: Int = 0) throws {
    process.executableURL = URL(fileURLWithPath: budget.path)
    process.arguments = ["serve", "--port", String(port), "--ledger", ledger]
    var environment = ProcessInfo.processInfo.environment
    for (key, value) in budget.environment { environment[key] = value }
    environment["NO_COLOR"] = "1"
    environment["BUDGET_TOKEN"] = Self.ownerToken
    process.environment = environment
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    var text = ""
    let handle = out.fileHandleForReading
    while !text.contains("\n") {
      let chunk = handle.availableData
      if chunk.isEmpty { break }
      text += String(decoding: chunk, as: UTF8.self)
    }
    guard let range = text.range(of: #":(\d+)\s"#, options: .regularExpression),
      let found = Int(text[range].dropFirst().trimmingCharacters(in: .whitespaces))
    else {
      process.terminate()
      process.waitUntilExit()
      throw HubProcessError(description: "budget serve did not report a port: \(text)")
    }
    self.port = found
  }

  /// A clean stop (SIGTERM); returns once the process is gone.
  func stop() {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }

  deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}

struct HubProcessError: Error, CustomStringConvertible {
  let description: String
}
