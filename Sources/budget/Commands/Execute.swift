import EventRecords
import Foundation
import Ledger
import LedgerDomain
import LedgerWire

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

  /// Records a transaction the user entered on `ledger` as ``execute(_:on:idempotencyKey:)``
  /// does, and links the bills it paid
  /// (``Ledger/addTransaction(_:metadata:idempotencyKey:requestFingerprint:)``), for the caller
  /// to say after its own line (``say(_:)``).
  func addTransaction(_ command: AddTransaction, on ledger: Ledger) async throws -> TransactionAddition {
    let addition = try await userFacing { try await ledger.addTransaction(command, metadata: metadata) }
    mentionWaitingAutopay(on: ledger)
    warn(about: addition.outcome, on: ledger)
    return addition
  }

  /// One line on stderr per warning the write left (a budget account below zero, a goal past
  /// its target: ``Ledger/warnings(after:)``), kept with the events it recorded for
  /// ``report(_:_:id:seal:)``'s JSON. The write stands either way; a failure to work the
  /// warnings out is not the write's.
  func warn(about outcome: CommandOutcome, on ledger: Ledger) {
    let warnings = (try? ledger.warnings(after: [outcome])) ?? []
    WrittenRecords.shared.record(warnings, for: outcome.positions)
    remember(outcome, on: ledger)
    for warning in warnings { Console.note("warning: \(warning.message)") }
  }

  /// Keeps the events `outcome` recorded, read back from the log (the first command's, for a
  /// duplicate), for ``report(_:_:id:seal:)``'s JSON.
  func remember(_ outcome: CommandOutcome, on ledger: Ledger) {
    guard json else { return }
    let count = Int(outcome.positions.upperBound - outcome.positions.lowerBound + 1)
    let recorded = (try? ledger.events(from: outcome.positions.lowerBound, limit: count)) ?? []
    WrittenRecords.shared.record(recorded, for: outcome.positions)
  }

  /// One line on stderr when autopay occurrences are due and not posted: every command that
  /// writes says so, so a ledger used only from the command line does not fall behind.
  func mentionWaitingAutopay(on ledger: Ledger) {
    guard let waiting = try? ledger.autopayWaiting(), !waiting.isEmpty else { return }
    Console.note(
      "note: \(waiting.count) autopay occurrence\(waiting.count == 1 ? " is" : "s are") due and not posted; post with: budget schedule post"
    )
  }

  /// Prints `message` for people, or the write's result as JSON (``Wire/WriteResult``, as the
  /// API answers a write, with `duplicate` and, for `period close`, `seal`).
  func report(_ message: String, _ outcome: CommandOutcome, id: String? = nil, seal: String? = nil) throws {
    guard json else { return print(message) }
    var result = Wire.WriteResult(
      events: WrittenRecords.shared.events(for: outcome.positions),
      warnings: WrittenRecords.shared.warnings(for: outcome.positions))
    if result.events.isEmpty {  // a write not read back: what its outcome says
      result.positions = [outcome.positions.lowerBound, outcome.positions.upperBound]
      result.events = outcome.events.map(\.typeName)
    }
    if let id { result.id = id }
    result.duplicate = outcome.wasDuplicate
    result.seal = seal
    try Console.json(result)
  }
}

/// The warnings and recorded events of the writes this process made, by their positions, for
/// the JSON answer printed after them.
final class WrittenRecords: @unchecked Sendable {
  static let shared = WrittenRecords()
  private let lock = NSLock()
  private var warnings: [ClosedRange<UInt64>: [LedgerWarning]] = [:]
  private var events: [ClosedRange<UInt64>: [RecordedEvent]] = [:]

  func record(_ warnings: [LedgerWarning], for positions: ClosedRange<UInt64>) {
    lock.withLock { self.warnings[positions] = warnings }
  }

  func record(_ events: [RecordedEvent], for positions: ClosedRange<UInt64>) {
    lock.withLock { self.events[positions] = events }
  }

  func warnings(for positions: ClosedRange<UInt64>) -> [LedgerWarning] {
    lock.withLock { warnings[positions] ?? [] }
  }

  func events(for positions: ClosedRange<UInt64>) -> [RecordedEvent] {
    lock.withLock { events[positions] ?? [] }
  }
}
