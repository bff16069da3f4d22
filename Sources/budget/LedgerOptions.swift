import ArgumentParser
import EventLog
import Foundation

/// Where the ledger file is, shared by every command.
struct LedgerOptions: ParsableArguments {
  @Option(name: .long, help: "The ledger file (default: $BUDGET_LEDGER, else the XDG data directory).")
  var ledger: String?

  /// The path to use: the option, then `$BUDGET_LEDGER`, then `$XDG_DATA_HOME/budget-ledger/default.ledger`.
  func resolvedPath() throws -> String {
    if let ledger { return ledger }
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["BUDGET_LEDGER"], !path.isEmpty { return path }
    let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? "\(NSHomeDirectory())/.local/share"
    let directory = "\(dataHome)/budget-ledger"
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return "\(directory)/default.ledger"
  }

  /// Opens the ledger, turning failures into a one-line message and exit code 1.
  func openLog() throws -> EventLog {
    try reportingErrors { try EventLog(path: try resolvedPath()) }
  }
}

/// Runs `body`; an ``EventLogError`` becomes `error: <message>` on stderr and exit code 1.
func reportingErrors<R>(_ body: () async throws -> R) async throws -> R {
  do {
    return try await body()
  } catch let error as EventLogError {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    throw ExitCode(1)
  }
}

/// Synchronous variant of ``reportingErrors(_:)``.
func reportingErrors<R>(_ body: () throws -> R) throws -> R {
  do {
    return try body()
  } catch let error as EventLogError {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    throw ExitCode(1)
  }
}
