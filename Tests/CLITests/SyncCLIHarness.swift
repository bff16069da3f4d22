import Foundation
import LedgerTesting
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What the sync CLI tests share: a temporary directory holding a hub ledger, devices' ledgers
/// and token files, and the real `budget` binary with "today" fixed, plus shorthands to run it.
protocol SyncCLIHarness {
  var directory: TemporaryDirectory { get }
  var budget: BinaryRunner { get }
}

extension SyncCLIHarness {
  /// The `budget` binary as every sync CLI test runs it.
  static func budgetRunner() throws -> BinaryRunner {
    try BinaryRunner("budget", environment: ["BUDGET_TODAY": "2026-11-27", "BUDGET_ACTOR": "tester"])
  }

  var hub: String { directory.file("hub.ledger") }

  /// Runs `budget` and returns its standard output; a failure is recorded with its stderr.
  @discardableResult
  func ok(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let output = try budget.run(arguments)
    #expect(
      output.status == 0, "budget \(arguments.joined(separator: " ")) failed: \(output.stderr)",
      sourceLocation: sourceLocation)
    return output.stdout
  }

  /// Runs `budget … --json` and parses its output.
  func json(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> Any {
    let output = try budget.run(arguments + ["--json"])
    #expect(
      output.status == 0, "budget \(arguments.joined(separator: " ")) failed: \(output.stderr)",
      sourceLocation: sourceLocation)
    return try JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
  }

  func object(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    let output = try budget.run(arguments + ["--json"])
    #expect(
      output.status == 0, "budget \(arguments.joined(separator: " ")) failed: \(output.stderr)",
      sourceLocation: sourceLocation)
    return try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any] ?? [:]
  }

  /// A hub ledger in EUR with a checking account and one expense, "Rent"; returns its id.
  @discardableResult
  func makeHub() throws -> String {
    try ok("init", "--name", "Home", "--currency", "EUR", "--ledger", hub)
    try ok("account", "open", "Checking", "--opening", "1000", "--date", "2026-01-01", "--ledger", hub)
    let added = try object(
      "tx", "add", "800", "--account", "Checking", "--category", "Food", "--name", "Rent", "--date", "2026-11-01",
      "--ledger", hub)
    return try #require(added["id"] as? String)
  }

  /// Adds a device to the hub and writes its token to a 0600 file; returns the file's path.
  func addDevice(_ name: String, mode: mode_t = 0o600, readOnly: Bool = false) throws -> String {
    let added =
      try budget.run(["device", "add", name, "--ledger", hub, "--json"] + (readOnly ? ["--read-only"] : []))
      .stdout.data(using: .utf8).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] } ?? [:]
    let token = try #require(added["token"] as? String)
    let file = directory.file("\(name).token")
    #expect(FileManager.default.createFile(atPath: file, contents: Data(token.utf8)))
    chmod(file, mode)
    return file
  }

  /// Adds the device `name` and clones the hub into `name.ledger`; returns its path.
  func clone(_ name: String, from server: HubProcess) throws -> String {
    let tokenFile = try addDevice(name)
    let path = directory.file("\(name).ledger")
    try ok("clone", server.url, "--ledger", path, "--token-file", tokenFile)
    return path
  }

  func verifiedHead(_ ledger: String) throws -> String? {
    let report = try object("verify", "--ledger", ledger)
    #expect(report["ok"] as? Bool == true)
    return report["head"] as? String
  }

  func transaction(_ id: String, on ledger: String) throws -> [String: Any] {
    try object("tx", "show", id, "--ledger", ledger)
  }

  /// Starts `budget` with `arguments` as a child process that runs until stopped (its output
  /// is discarded): `sync --watch`.
  func start(_ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: budget.path)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(budget.environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// The names in `tx list` of `ledger`.
  func transactionNames(on ledger: String) throws -> [String] {
    let rows = try object("tx", "list", "--ledger", ledger)["rows"] as? [[String: Any]] ?? []
    return rows.compactMap { $0["name"] as? String }
  }
}
