import ArgumentParser
import Foundation
import Ledger
import LedgerDomain

/// `budget undo`: compensates the last command with new events (kept forever in the log).
struct UndoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "undo",
    abstract: "Undo the last command by recording compensating events; run again to undo the one before.")
  @OptionGroup var options: LedgerOptions

  func run() async throws {
    let ledger = try await options.openExisting()
    let (outcomes, undone) = try await userFacing { try await ledger.undoLastDescribed(metadata: options.metadata) }
    let events = outcomes.flatMap(\.events)
    let positions = [outcomes.first?.positions.lowerBound ?? 0, outcomes.last?.positions.upperBound ?? 0]
    if options.json {
      return try Console.json(
        UndoJSON(
          positions: positions, events: events.map(\.typeName),
          undone: .init(
            positions: [undone.positions.lowerBound, undone.positions.upperBound],
            events: Dictionary(undone.events.map { ($0.type, $0.count) }, uniquingKeysWith: +), actor: undone.actor,
            recordedAt: Self.timestamp(undone.recordedAt))))
    }
    print("undid: \(Self.describe(undone))")
    print("with \(Self.counted(events.map(\.typeName))) at \(Self.span(positions[0], positions[1]))")
  }

  /// "100,000 TransactionAdded recorded at positions 1204–101203 by ana on 2024-03-10T09:12:44Z".
  static func describe(_ undone: UndoneCommand) -> String {
    let types = undone.events.map { "\(grouped($0.count)) \($0.type)" }.joined(separator: ", ")
    let by = undone.actor.map { " by \($0)" } ?? ""
    return
      "\(types) recorded at \(span(undone.positions.lowerBound, undone.positions.upperBound))\(by) on \(timestamp(undone.recordedAt))"
  }

  /// "3 compensating events (2 TransactionDeleted, 1 BudgetSet)".
  static func counted(_ types: [String]) -> String {
    var counts: [String: Int] = [:]
    for type in types { counts[type, default: 0] += 1 }
    let parts = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
      .map { "\(grouped($0.value)) \($0.key)" }
    return "\(grouped(types.count)) compensating event\(types.count == 1 ? "" : "s") (\(parts.joined(separator: ", ")))"
  }

  static func span(_ first: UInt64, _ last: UInt64) -> String {
    first == last ? "position \(first)" : "positions \(first)–\(last)"
  }

  static func grouped(_ count: Int) -> String {
    count.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
  }

  static func timestamp(_ milliseconds: Int64) -> String {
    Date(timeIntervalSince1970: Double(milliseconds) / 1000).formatted(.iso8601)
  }
}

/// `--json` of `budget undo`: its own events, and the command it took back.
struct UndoJSON: Encodable {
  struct Undone: Encodable {
    var positions: [UInt64]
    var events: [String: Int]
    var actor: String?
    var recordedAt: String
  }
  var positions: [UInt64]
  var events: [String]
  var undone: Undone
}
