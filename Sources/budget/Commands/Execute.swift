import EventRecords
import Foundation
import Ledger
import LedgerDomain

extension LedgerOptions {
  /// Runs `command` on `ledger` as the current actor; rule violations become user errors.
  @discardableResult
  func execute(
    _ command: LedgerCommand, on ledger: Ledger, idempotencyKey: IdempotencyKey? = nil
  ) async throws -> CommandOutcome {
    let outcome = try await userFacing {
      try await ledger.execute(command, metadata: metadata, idempotencyKey: idempotencyKey)
    }
    mentionWaitingAutopay(on: ledger)
    warn(about: outcome, on: ledger)
    return outcome
  }

  /// One line on stderr per warning the write left (a budget account below zero, a goal past
  /// its target: ``Ledger/warnings(after:)``), kept for ``report(_:_:id:seal:)``'s JSON. The
  /// write stands either way; a failure to work the warnings out is not the write's.
  func warn(about outcome: CommandOutcome, on ledger: Ledger) {
    let warnings = (try? ledger.warnings(after: [outcome])) ?? []
    WrittenWarnings.shared.record(warnings, for: outcome.positions)
    for warning in warnings { Console.note("warning: \(warning.message)") }
  }

  /// One line on stderr when autopay occurrences are due and not posted: every command that
  /// writes says so, so a ledger used only from the command line does not fall behind.
  func mentionWaitingAutopay(on ledger: Ledger) {
    guard let waiting = try? ledger.autopayWaiting(), !waiting.isEmpty else { return }
    Console.note(
      "note: \(waiting.count) autopay occurrence\(waiting.count == 1 ? " is" : "s are") due and not posted; post with: budget schedule post"
    )
  }

  /// Prints `message` for people, or the outcome's positions as JSON.
  func report(_ message: String, _ outcome: CommandOutcome, id: String? = nil, seal: String? = nil) throws {
    if json {
      try Console.json(
        OutcomeJSON(
          id: id, positions: [outcome.positions.lowerBound, outcome.positions.upperBound],
          events: outcome.events.map(\.typeName), duplicate: outcome.wasDuplicate, seal: seal,
          warnings: WrittenWarnings.shared.warnings(for: outcome.positions).map(WarningJSON.init)))
    } else {
      print(message)
    }
  }
}

/// `--json` shape of a command's outcome.
struct OutcomeJSON: Encodable {
  var id: String?
  var positions: [UInt64]
  var events: [String]
  var duplicate: Bool
  /// `period close`: the chain head the closed period is sealed with.
  var seal: String?
  /// What the write left that is allowed but probably not meant; empty when nothing.
  var warnings: [WarningJSON] = []
}

/// `--json` shape of a warning: a stable `code` (`account_below_zero`, `goal_past_target`)
/// and the line a person reads.
struct WarningJSON: Encodable {
  var code, message: String

  init(_ warning: LedgerWarning) {
    code = warning.code.rawValue
    message = warning.message
  }
}

/// The warnings of the writes this process made, by their positions, for the JSON answer
/// printed after them.
final class WrittenWarnings: @unchecked Sendable {
  static let shared = WrittenWarnings()
  private let lock = NSLock()
  private var byPositions: [ClosedRange<UInt64>: [LedgerWarning]] = [:]

  func record(_ warnings: [LedgerWarning], for positions: ClosedRange<UInt64>) {
    lock.withLock { byPositions[positions] = warnings }
  }

  func warnings(for positions: ClosedRange<UInt64>) -> [LedgerWarning] {
    lock.withLock { byPositions[positions] ?? [] }
  }
}

/// `--json` shape of several commands recorded in one transaction (`budget budget copy`):
/// how many, the positions of the first and last event (none when nothing was recorded),
/// and every event's type.
struct BatchOutcomeJSON: Encodable {
  var count: Int
  var positions: [UInt64]
  var events: [String]
}
