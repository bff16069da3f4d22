import EventRecords
import Ledger
import LedgerDomain

extension LedgerOptions {
  /// Runs `command` on `ledger` as the current actor; rule violations become user errors.
  @discardableResult
  func execute(_ command: LedgerCommand, on ledger: Ledger, idempotencyKey: IdempotencyKey? = nil) async throws -> CommandOutcome {
    try await userFacing { try await ledger.execute(command, metadata: metadata, idempotencyKey: idempotencyKey) }
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
