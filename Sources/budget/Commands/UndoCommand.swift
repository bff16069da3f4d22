import ArgumentParser
import EventRecords
import Foundation
import Ledger
import LedgerDomain
import LedgerWire

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
    // What the compensation left, as any write's: a budget account below zero, a threshold.
    let warnings = (try? ledger.warnings(for: summary.positions)) ?? []
    if options.json {
      let listed =
        list ? try userFacing { try ledger.events(from: summary.positions.lowerBound, limit: summary.eventCount) } : nil
      return try Console.json(
        Wire.UndoResult(
          summary, listed: listed.map { $0.map { .init(position: $0.position, type: $0.type) } }, warnings: warnings))
    }
    print("\(summary.isRedo ? "redone" : "undone"): \(summary.description)")
    for warning in warnings { Console.note("warning: \(warning.message)") }
  }
}
