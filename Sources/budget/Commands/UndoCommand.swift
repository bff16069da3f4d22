import ArgumentParser
import EventRecords
import Foundation
import Ledger
import LedgerDomain

/// `budget undo`: compensates the last action with new events (kept forever in the log).
struct UndoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "undo",
    abstract: "Undo the last action by recording compensating events; run again to undo the one before.",
    discussion: """
      One action is one step: a transaction and the bill it paid, an import and the bills its rows \
      paid, go back together. Prints one line: each change in words (how many of each kind when \
      there are many, with the action taken back: where it is in the log, who recorded it and when). \
      --json gives the positions and the events by type; add --list for every compensating event. \
      budget redo re-applies what the undo took back.
      """)
  @OptionGroup var options: LedgerOptions
  @Flag(name: .long, help: "With --json, also list every compensating event (position and type).")
  var list = false

  func run() async throws {
    try await TakeBackOutput.run(options: options, list: list) { ledger in
      try await ledger.undo(metadata: options.metadata)
    }
  }
}

/// `budget redo`: re-applies what the last undo took back, with new events.
struct RedoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "redo",
    abstract: "Re-apply what the last undo took back; only right after undo.",
    discussion: """
      Refused once anything else was recorded after the undo. After several undos, each redo \
      re-applies one, the last undone first. Prints one line, as undo does; budget undo takes a \
      redo back.
      """)
  @OptionGroup var options: LedgerOptions
  @Flag(name: .long, help: "With --json, also list every compensating event (position and type).")
  var list = false

  func run() async throws {
    try await TakeBackOutput.run(options: options, list: list) { ledger in
      try await ledger.redo(metadata: options.metadata)
    }
  }
}

/// What `budget undo` and `budget redo` print.
enum TakeBackOutput {
  static func run(
    options: LedgerOptions, list: Bool, _ takeBack: (Ledger) async throws -> UndoSummary
  ) async throws {
    let ledger = try await options.openExisting()
    // The rules' state, which recording the compensation needs, folded the way reads fold it
    // (decoding on a second thread): the writer then starts from it rather than folding the
    // history again on one thread.
    _ = ledger.state
    let summary = try await userFacing { try await takeBack(ledger) }
    if options.json {
      let listed =
        list ? try userFacing { try ledger.events(from: summary.positions.lowerBound, limit: summary.eventCount) } : nil
      return try Console.json(
        UndoJSON(summary, listed: listed.map { $0.map { .init(position: $0.position, type: $0.type) } }))
    }
    print("\(summary.isRedo ? "redone" : "undone"): \(summary.description)")
  }
}

/// `--json` of `budget undo` and `budget redo`: what it recorded, in counts, and the command it took back.
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
  /// `undo` or `redo`.
  var kind: String
  var summary: String
  /// Each change in words, when there are few.
  var details: [String]
  var positions: [UInt64]
  var events: [String: Int]
  var eventCount: Int
  var changes: [Change]
  var undone: Undone
  var list: [Listed]?

  init(_ summary: UndoSummary, listed: [Listed]?) {
    kind = summary.isRedo ? "redo" : "undo"
    self.summary = summary.description
    details = summary.details
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
      command: undone.isImport ? "import" : undone.isUndo ? "undo" : "command", file: undone.importedFile)
    list = listed
  }
}
