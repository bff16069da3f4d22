import ArgumentParser
import EventLog

/// Lists events of the log: the audit trail.
struct LogCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "log",
    abstract: "Show events of the ledger's log, newest first.")

  @OptionGroup var options: LedgerOptions

  @Option(name: .shortAndLong, help: "How many events to show.")
  var limit = 20

  @Option(name: .long, help: "Start at this position instead of the newest event.")
  var from: UInt64?

  @Option(name: .long, help: "Show only this stream, e.g. transaction-42.")
  var stream: String?

  func validate() throws {
    guard limit > 0 else { throw ValidationError("--limit must be at least 1 (got \(limit))") }
  }

  func run() throws {
    let log = try options.openLog()
    let events = try reportingErrors {
      if let stream {
        return try log.read(stream: try StreamName(stream), from: from ?? .max, direction: .backward, limit: limit)
      }
      return try log.read(from: from ?? .max, direction: .backward, limit: limit)
    }
    if events.isEmpty {
      print("no events")
      return
    }
    EventTable.print(events)
  }
}
