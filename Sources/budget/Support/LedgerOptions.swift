import ArgumentParser
import EventRecords
import Foundation
import Ledger
import LedgerDomain
import Synchronization

/// Options every command shares: where the ledger is and how to print.
struct LedgerOptions: ParsableArguments {
  @Option(name: .long, help: "The ledger file (default: $BUDGET_LEDGER, else the XDG data directory).")
  var ledger: String?

  @Flag(name: .long, help: "Print JSON instead of a table (stable shape, see docs/cli.md).")
  var json = false

  /// The path to use: the option, then `$BUDGET_LEDGER`, then `$XDG_DATA_HOME/budget-ledger/default.ledger`.
  func resolvedPath() throws -> String {
    if let ledger { return ledger }
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["BUDGET_LEDGER"], !path.isEmpty { return path }
    let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(NSHomeDirectory())/.local/share"
    let directory = "\(dataHome)/budget-ledger"
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return "\(directory)/default.ledger"
  }

  /// Opens the ledger (creating the file if needed); a server passes its
  /// ``Ledger/Options/stateStoreInterval``.
  func open(stateStoreInterval: Duration = .zero) async throws -> Ledger {
    let path = try resolvedPath()
    let directory = (path as NSString).deletingLastPathComponent
    var isDirectory: ObjCBool = false
    if !directory.isEmpty,
      !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) || !isDirectory.boolValue
    {
      throw UserError(
        "cannot create the ledger at \(path): the directory \(directory) does not exist; create it first (mkdir -p \(directory))"
      )
    }
    try Self.holdDeviceLock(for: path)
    let options = Ledger.Options(today: Self.today, stateStoreInterval: stateStoreInterval)
    return try await userFacing { try await Ledger(path: path, options: options) }
  }

  /// On a device, shares its sync lock for the rest of the process: a `budget sync` replaces
  /// the working ledger only while no command has it open (and a command waits for a sync).
  private static func holdDeviceLock(for path: String) throws {
    let files = SyncFiles(ledger: path)
    guard files.isDevice else { return }
    let lock = try userFacing { try FileLock(path: files.lock, mode: .shared) }
    heldLocks.withLock { $0.append(lock) }
  }

  /// Opens a ledger that must already be set up with `budget init`; on a device, notes on
  /// stderr what waits for the hub unless `notingOutbox` is `false` (the sync commands, which
  /// say it themselves, and change it).
  func openExisting(notingOutbox: Bool = true) async throws -> Ledger {
    let path = try resolvedPath()
    // A device that made no change yet reads its replica (it has no working ledger at `path`).
    guard FileManager.default.fileExists(atPath: path) || SyncFiles(ledger: path).holdsOnlyReplica else {
      throw UserError(
        "no ledger at \(path); create one with: budget init --name NAME --currency EUR (or pass --ledger PATH)")
    }
    let ledger = try await open()
    guard ledger.settings != nil else {
      throw UserError("no ledger at \(try resolvedPath()); create one with: budget init --name NAME --currency EUR")
    }
    Self.noteLag(of: ledger)
    if notingOutbox { Self.noteUnsynced(on: ledger) }
    return ledger
  }

  /// On a device, says on stderr what the hub does not have yet: every table and report
  /// already shows the pending changes, and this line marks them as not yet synced.
  private static func noteUnsynced(on ledger: Ledger) {
    guard ledger.isDevice, let entries = try? ledger.outboxEntries(), !entries.isEmpty else { return }
    let pending = entries.count { $0.state != .conflict }
    let conflicts = entries.count - pending
    var parts: [String] = []
    if pending > 0 {
      parts.append("\(pending) change\(pending == 1 ? "" : "s") made here not yet on the hub (budget sync)")
    }
    if conflicts > 0 {
      parts.append("\(conflicts) conflict\(conflicts == 1 ? "" : "s") the hub refused (budget sync conflicts)")
    }
    Console.note("note: " + parts.joined(separator: "; "))
  }

  /// Says on stderr why answers will not include the newest events, if they will not: an
  /// import in another process defers the read models, or their rebuild failed on opening.
  private static func noteLag(of ledger: Ledger) {
    guard let lag = try? ledger.projectionLag(), lag.events > 0 else { return }
    if lag.bulkLoadRunning {
      Console.note(
        "note: an import in another process is adding \(lag.events) events; reports answer as of before it until it ends"
      )
    } else {
      Console.note(
        "warning: the read models are \(lag.events) events behind the log (rebuilding them failed); reports answer as of before those events — run: budget projections rebuild"
      )
    }
  }

  /// Today, overridable with `$BUDGET_TODAY` (YYYY-MM-DD) for scripts and tests.
  static let today: @Sendable () -> CivilDate = {
    fixedToday ?? Ledger.localToday()
  }

  /// `$BUDGET_TODAY`, read once: the server asks for today on every request, and reading the
  /// environment builds a dictionary of all of it.
  private static let fixedToday: CivilDate? = ProcessInfo.processInfo.environment["BUDGET_TODAY"].flatMap {
    try? CivilDate(parsing: $0)
  }

  /// Who runs the command, as its events record it (``metadata``).
  var actor: String? { metadata.actor }

  /// Who is acting: `$BUDGET_ACTOR`, else the login name.
  var metadata: EventMetadata {
    let environment = ProcessInfo.processInfo.environment
    return EventMetadata(actor: environment["BUDGET_ACTOR"] ?? environment["USER"] ?? "cli")
  }
}

/// Locks held until the process ends (``LedgerOptions/holdDeviceLock(for:)``).
private let heldLocks = Mutex<[FileLock?]>([])
