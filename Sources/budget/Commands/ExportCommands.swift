import ArgumentParser
import EventRecords
import Foundation
import Interchange
import Ledger
import LedgerDomain

#if canImport(Glibc)
  import Glibc
#endif

/// `budget export csv|json|hledger`.
struct ExportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export", abstract: "Export transactions as CSV, JSON or an hledger journal (to stdout or --output).",
    discussion: """
      CSV and JSON hold every movement of money: transactions, opening balances and \
      transfers, told apart by `kind`. Added up per account, the amounts give the balances.
      """)
  @OptionGroup var options: LedgerOptions
  @Argument(help: "csv, json or hledger.") var format: String
  @Option(name: .shortAndLong, help: "Write to this file instead of stdout.") var output: String?
  @Flag(help: "Replace --output if it exists (never a ledger or its lock file).") var force = false

  func run() async throws {
    let ledgerPath = try options.resolvedPath()
    let destination = try userFacing { try output.map { try OutputFile($0, protecting: [ledgerPath], force: force) } }
    let ledger = try await options.openExisting()
    let state = ledger.state
    let text: String
    switch format {
    case "csv": text = CSVExporter.csv(state)
    case "hledger", "ledger", "journal": text = HledgerExporter.journal(state, today: LedgerOptions.today())
    case "json":
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      text = String(decoding: try encoder.encode(ExportJSON.items(state)), as: UTF8.self) + "\n"
    default:
      throw ValidationError("format must be csv, json or hledger (got '\(format)')")
    }
    // The export itself, exact, as the file would hold it.
    guard let destination, let output else { return Swift.print(text, terminator: "") }
    try userFacing { try destination.write(text.utf8) }
    let transactions = state.transactions.values.filter { !$0.isDeleted }.count
    let transfers = state.transferRecords.count
    if options.json {
      return try Console.json(
        ExportedJSON(file: output, format: format, transactions: transactions, transfers: transfers))
    }
    print(
      "exported \(transactions) transaction\(transactions == 1 ? "" : "s") and \(transfers) transfer\(transfers == 1 ? "" : "s") to \(output) (\(format))"
    )
  }
}

/// `export --output F --json`: the file written, its format and what it holds.
struct ExportedJSON: Encodable {
  var file, format: String
  var transactions, transfers: Int
}

/// `backup --json` and `restore --json`: the file written (the backup, or the new ledger) and
/// how many events it holds.
struct FileEventsJSON: Encodable {
  var file: String
  var events: UInt64
}

/// `budget backup FILE`: every event as JSON.
struct BackupCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "backup", abstract: "Write a JSON backup of every event (restore replays it).")
  @OptionGroup var options: LedgerOptions
  @Argument(help: "The backup file to write (mode 0600).") var file: String
  @Flag(help: "Replace FILE if it exists (never a ledger or its lock file).") var force = false

  func run() async throws {
    let ledgerPath = try options.resolvedPath()
    let destination = try userFacing { try OutputFile(file, protecting: [ledgerPath], force: force) }
    let ledger = try await options.openExisting()
    let data = try userFacing { try Backup.export(ledger) }
    try userFacing { try destination.write(data) }
    if options.json { return try Console.json(FileEventsJSON(file: file, events: ledger.position)) }
    print("backed up \(ledger.position) events to \(file)")
  }
}

/// `budget restore FILE`: replays a backup into a new ledger.
struct RestoreCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "restore", abstract: "Replay a JSON backup into a new, empty ledger.")
  @OptionGroup var options: LedgerOptions
  @Argument(help: "The backup file (budget backup).") var file: String
  @Flag(help: "Replace the --ledger file if it exists and is not a ledger (a ledger is never replaced).")
  var force = false

  func run() async throws {
    guard let data = FileManager.default.contents(atPath: file) else { throw UserError("cannot read '\(file)'") }
    let events: [RestoredEvent]
    let keys: [IdempotencyRecord]
    do { (events, keys) = try Backup.contents(from: data) } catch { throw UserError("\(file): \(error)") }
    let path = try options.resolvedPath()
    let target = try userFacing { try OutputFile(path, force: force) }
    // The ledger is built beside its name and renamed into place when complete, so a restore
    // that is interrupted leaves nothing at `path`, and running it again starts over. A lock
    // on a guard file keeps two restores into one target from sharing the staging file.
    // Neither is opened through a symbolic link planted in their place.
    let staging = Self.stagingPath(for: path)
    let guardFile = open(staging + ".guard", O_CREAT | O_RDWR | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard guardFile >= 0 else {
      if errno == ELOOP {
        throw UserError("\(staging).guard is a symbolic link; remove it (rm '\(staging).guard') and restore again")
      }
      throw UserError("cannot create \(staging).guard: \(String(cString: strerror(errno)))")
    }
    defer { close(guardFile) }
    guard flock(guardFile, LOCK_EX | LOCK_NB) == 0 else {
      throw UserError("another restore into \(path) is running; wait for it, or restore into another --ledger")
    }
    try userFacing { try target.check() }  // one that finished while this one started
    try Self.createStaging(staging)
    try await Self.restore(events, keys: keys, into: staging)
    try userFacing { try target.moveIntoPlace(from: staging) }  // checked once more; the rename survives a power cut
    Self.remove(staging)  // its lock file
    unlink(staging + ".guard")
    if options.json { return try Console.json(FileEventsJSON(file: path, events: UInt64(events.count))) }
    print("restored \(events.count) events into \(path)")
  }

  /// Replays `events` into a new ledger at `path`; the ledger is closed when this returns.
  private static func restore(_ events: [RestoredEvent], keys: [IdempotencyRecord], into path: String) async throws {
    let ledger = try await userFacing {
      try await Ledger(path: path, options: Ledger.Options(today: LedgerOptions.today))
    }
    let progress = ProgressBar(title: "restoring")
    try await userFacing {
      try await ledger.restore(events, keys: keys) { done, total in
        progress.update(done: UInt64(done), total: UInt64(total), rate: 0)
      }
    }
    progress.finish()
  }

  /// Where a restore into `path` builds the ledger before renaming it into place.
  static func stagingPath(for path: String) -> String { path + ".restoring" }

  /// Starts the staging file afresh: what an unfinished restore left is removed, and an empty
  /// file made in its place, exclusively and without following a link (mode 0600), for LMDB
  /// to build the ledger in.
  private static func createStaging(_ staging: String) throws {
    remove(staging)
    let descriptor = open(staging, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw UserError("cannot create \(staging): \(String(cString: strerror(errno)))") }
    close(descriptor)
  }

  /// Removes a ledger (and its lock file) left by a restore that did not finish: the names
  /// only (`unlink`), never what a link in their place points at.
  private static func remove(_ ledger: String) {
    for file in [ledger, ledger + "-lock"] { unlink(file) }
  }
}
