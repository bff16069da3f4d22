import ArgumentParser
import EventLog
import Ledger
import LedgerDomain
import ProjectionEngine
import RunningBalances

/// `budget undo`: compensates the last command with new events (kept forever in the log).
struct UndoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "undo",
    abstract: "Undo the last command by recording compensating events; run again to undo the one before.")
  @OptionGroup var options: LedgerOptions

  func run() async throws {
    let ledger = try await options.openExisting()
    let outcomes = try await userFacing { try await ledger.undoLast(metadata: options.metadata) }
    let events = outcomes.flatMap(\.events)
    if options.json {
      return try Console.json(OutcomeJSON(id: nil, positions: [outcomes.first?.positions.lowerBound ?? 0, outcomes.last?.positions.upperBound ?? 0], events: events.map(\.typeName), duplicate: false))
    }
    print("undone with \(events.count) compensating event\(events.count == 1 ? "" : "s"): \(events.map(\.typeName).joined(separator: ", "))")
  }
}
