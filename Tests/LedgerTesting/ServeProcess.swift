import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A real `budget serve` child process on a ledger file. The port is read from the line the
/// server prints once it listens (a deterministic "ready" signal, no sleeping); a server
/// stopped and started again on the same port is the same server to its clients.
open class ServeProcess: @unchecked Sendable {
  // @unchecked: `process` is only touched by the test that owns this value.
  public let process = Process()
  public let port: Int
  /// What the server printed on starting (its URL, the login link, where its token is).
  public let banner: String
  public var url: String { "http://127.0.0.1:\(port)" }
  public var pid: Int32 { process.processIdentifier }

  /// Starts `budget serve` on `ledger`.
  ///
  /// - Parameters:
  ///   - port: the port to listen on; 0 for a free one.
  ///   - stderr: a file that receives the server's standard error (default: none).
  ///   - token: given as `$BUDGET_TOKEN`; nil leaves the server to its token file.
  public init(
    budget: BinaryRunner, ledger: String, port: Int = 0, extraArguments: [String] = [], stderr: String? = nil,
    token: String?
  ) throws {
    process.executableURL = URL(fileURLWithPath: budget.path)
    process.arguments = ["serve", "--port", String(port), "--ledger", ledger] + extraArguments
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
    // The "serving … at http://127.0.0.1:PORT" line.
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
      throw ServeProcessError(description: "budget serve did not report a port: \(text)")
    }
    self.port = found
    banner = text
  }

  /// `kill -9`, then waits for the process to be gone.
  public func kill9() {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  /// A clean stop (SIGTERM); returns once the process is gone.
  public func stop() {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }

  deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}

/// A server that did not start.
public struct ServeProcessError: Error, CustomStringConvertible {
  public let description: String
}
