import ArgumentParser
import EventRecords
import Foundation
import Ledger
import LedgerDomain

/// `budget undo`: compensates the last command with new events (kept forever in the log).
struct UndoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "undo",
    abstract: "Undo the last command by recording compensating events; run again to undo the one before.",
    discussion: """
      Prints one line: how many changes of each kind the undo made, and which command it took back \
      (where it is in the log, who recorded it and when). --json gives the positions and the events \
      by type; add --list for every compensating event.
      """)
  @OptionGroup var options: LedgerOptions
  @Flag(name: .long, help: "With --json, also list every compensating event (position and type).")
  var list = false

  func run() async throws {
    let ledger = try await options.openExisting()
    // The rules' state, which recording the compensation needs, folded the way reads fold it
    // (decoding on a second thread): the writer then starts from it rather than folding the
    // history again on one thread.
    _ = ledger.state
    let summary = try await userFacing { try await ledger.undo(metadata: options.metadata) }
    if options.json {
      let listed =
        list ? try userFacing { try ledger.events(from: summary.positions.lowerBound, limit: summary.eventCount) } : nil
      return try Console.json(
        UndoJSON(summary, listed: listed.map { $0.map { .init(position: $0.position, type: $0.type) } }))
    }
    print("undone: \(summary.description)")
  }
}

/// `--json` of `budget undo`: what it recorded, in counts, and the command it took back.
struct UndoJSON: Encodable {
  struct Change: Encodable {
    var count: Int
    var change: String
  }
  struct Listed: Encodable {
    var position: UInt64
    var type: String
  }
  struct Undone: Encodable {
    var positions: [UInt64]
    var events: [String: Int]
    var eventCount: Int
    var actor: String?
    var recordedAt: String
    var command: String
    var file: String?
  }
  var summary: String
  var positions: [UInt64]
  var events: [String: Int]
  var eventCount: Int
  var changes: [Change]
  var undone: Undone
  var list: [Listed]?

  init(_ summary: UndoSummary, listed: [Listed]?) {
    self.summary = summary.description
    positions = [summary.positions.lowerBound, summary.positions.upperBound]
    events = Dictionary(summary.events.map { ($0.type, $0.count) }, uniquingKeysWith: +)
    eventCount = summary.eventCount
    changes = summary.changes.map { Change(count: $0.count, change: $0.words) }
    let undone = summary.undone
    self.undone = Undone(
      positions: [undone.positions.lowerBound, undone.positions.upperBound],
      events: Dictionary(undone.events.map { ($0.type, $0.count) }, uniquingKeysWith: +), eventCount: undone.eventCount,
      actor: undone.actor,
      recordedAt: Date(timeIntervalSince1970: Double(undone.recordedAt) / 1000).formatted(.iso8601),
      command: undone.isImport ? "import" : "command", file: undone.importedFile)
    list = listed
  }
}
