import ArgumentParser
import EventLog
import Foundation
import Interchange
import Ledger
import LedgerDomain
import ProjectionEngine
import RunningBalances

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

  func run() async throws {
    let ledger = try await options.openExisting()
    let state = ledger.state
    let text: String
    switch format {
    case "csv": text = CSVExporter.csv(state)
    case "hledger", "ledger", "journal": text = HledgerExporter.journal(state)
    case "json":
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      text = String(decoding: try encoder.encode(ExportJSON.items(state)), as: UTF8.self) + "\n"
    default:
      throw ValidationError("format must be csv, json or hledger (got '\(format)')")
    }
    try write(text, to: output)
  }
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
  @Argument var file: String

  func run() async throws {
    let ledger = try await options.openExisting()
    let data = try userFacing { try Backup.export(ledger) }
    guard FileManager.default.createFile(atPath: file, contents: data, attributes: [.posixPermissions: 0o600]) else {
      throw UserError("cannot write '\(file)'")
    }
    if options.json { return try Console.json(FileEventsJSON(file: file, events: ledger.position)) }
    print("backed up \(ledger.position) events to \(file)")
  }
}

/// `budget restore FILE`: replays a backup into a new ledger.
struct RestoreCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "restore", abstract: "Replay a JSON backup into a new, empty ledger.")
  @OptionGroup var options: LedgerOptions
  @Argument var file: String

  func run() async throws {
    guard let data = FileManager.default.contents(atPath: file) else { throw UserError("cannot read '\(file)'") }
    let events: [RestoredEvent]
    let keys: [IdempotencyRecord]
    do { (events, keys) = try Backup.contents(from: data) } catch { throw UserError("\(file): \(error)") }
    let path = try options.resolvedPath()
    if FileManager.default.fileExists(atPath: path) {
      throw UserError("\(path) already exists; restore into a new ledger with --ledger NEW-FILE")
    }
    // The ledger is built beside its name and renamed into place when complete, so a restore
    // that is interrupted leaves nothing at `path`, and running it again starts over. A lock
    // on a guard file keeps two restores into one target from sharing the staging file.
    let staging = Self.stagingPath(for: path)
    let guardFile = open(staging + ".guard", O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
    guard guardFile >= 0 else { throw UserError("cannot create \(staging).guard: \(String(cString: strerror(errno)))") }
    defer { close(guardFile) }
    guard flock(guardFile, LOCK_EX | LOCK_NB) == 0 else {
      throw UserError("another restore into \(path) is running; wait for it, or restore into another --ledger")
    }
    if FileManager.default.fileExists(atPath: path) {  // one that finished while this one started
      throw UserError("\(path) already exists; restore into a new ledger with --ledger NEW-FILE")
    }
    Self.remove(staging)
    try await Self.restore(events, keys: keys, into: staging)
    do {
      try FileManager.default.moveItem(atPath: staging, toPath: path)
    } catch {
      throw UserError("cannot move the restored ledger from \(staging) to \(path): \(error.localizedDescription)")
    }
    Self.syncDirectory(of: path)  // the rename itself survives a power cut
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

  private static func syncDirectory(of path: String) {
    let directory = open(
      (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent,
      O_RDONLY | O_CLOEXEC)
    guard directory >= 0 else { return }
    fsync(directory)
    close(directory)
  }

  /// Where a restore into `path` builds the ledger before renaming it into place.
  static func stagingPath(for path: String) -> String { path + ".restoring" }

  /// Removes a ledger (and its lock file) left by a restore that did not finish.
  private static func remove(_ ledger: String) {
    for file in [ledger, ledger + "-lock"] { try? FileManager.default.removeItem(atPath: file) }
  }
}

func write(_ text: String, to output: String?) throws {
  guard let output else { return print(text, terminator: "") }
  guard
    FileManager.default.createFile(atPath: output, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
  else {
    throw UserError("cannot write '\(output)'")
  }
}
