import EventRecords
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
    return outcome
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
          events: outcome.events.map(\.typeName), duplicate: outcome.wasDuplicate, seal: seal))
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
}

/// `--json` shape of several commands recorded in one transaction (`budget budget copy`):
/// how many, the positions of the first and last event (none when nothing was recorded),
/// and every event's type.
struct BatchOutcomeJSON: Encodable {
  var count: Int
  var positions: [UInt64]
  var events: [String]
}
