import ArgumentParser
import EventLog
import Foundation
import Interchange
import Ledger
import LedgerDomain
import ProjectionEngine
import RunningBalances

/// `budget export csv|json|hledger`.
struct ExportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export", abstract: "Export transactions as CSV, JSON or an hledger journal (to stdout or --output).")
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
      let rows = state.transactions.values.filter { !$0.isDeleted }.sorted { ($0.added.date, $0.added.transaction) < ($1.added.date, $1.added.transaction) }
        .map { TransactionJSON($0.added, state: state, version: $0.version, deleted: false) }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      text = String(decoding: try encoder.encode(rows), as: UTF8.self) + "\n"
    default:
      throw ValidationError("format must be csv, json or hledger (got '\(format)')")
    }
    try write(text, to: output)
  }
}

/// `budget backup FILE`: every event as JSON.
struct BackupCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "backup", abstract: "Write a JSON backup of every event (restore replays it).")
  @OptionGroup var options: LedgerOptions
  @Argument var file: String

  func run() async throws {
    let ledger = try await options.openExisting()
    let data = try userFacing { try Backup.export(ledger) }
    guard FileManager.default.createFile(atPath: file, contents: data, attributes: [.posixPermissions: 0o600]) else {
      throw UserError("cannot write '\(file)'")
    }
    print("backed up \(ledger.position) events to \(file)")
  }
}

/// `budget restore FILE`: replays a backup into a new ledger.
struct RestoreCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "restore", abstract: "Replay a JSON backup into a new, empty ledger.")
  @OptionGroup var options: LedgerOptions
  @Argument var file: String

  func run() async throws {
    guard let data = FileManager.default.contents(atPath: file) else { throw UserError("cannot read '\(file)'") }
    let events: [RestoredEvent]
    do { events = try Backup.events(from: data) } catch { throw UserError("\(file): \(error)") }
    let path = try options.resolvedPath()
    if FileManager.default.fileExists(atPath: path) {
      throw UserError("\(path) already exists; restore into a new ledger with --ledger NEW-FILE")
    }
    let ledger = try await options.open()
    let progress = ProgressBar(title: "restoring")
    try await userFacing { try await ledger.restore(events) { done, total in progress.update(done: UInt64(done), total: UInt64(total), rate: 0) } }
    progress.finish()
    print("restored \(events.count) events into \(path)")
  }
}

func write(_ text: String, to output: String?) throws {
  guard let output else { return print(text, terminator: "") }
  guard FileManager.default.createFile(atPath: output, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
    throw UserError("cannot write '\(output)'")
  }
}
