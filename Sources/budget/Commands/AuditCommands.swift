import ArgumentParser
import EventLog
import Foundation
import Ledger
import LedgerDomain
import ProjectionEngine
import RunningBalances

/// `budget log`: the audit trail — every event, newest first.
struct LogCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "log", abstract: "The audit trail: every event, newest first.")
  @OptionGroup var options: LedgerOptions
  @Option(name: .shortAndLong) var limit = 20
  @Option(help: "Start at this position instead of the newest.") var from: UInt64?

  func validate() throws {
    guard limit > 0 else { throw ValidationError("--limit must be at least 1 (got \(limit))") }
  }

  func run() async throws {
    let ledger = try await options.openExisting()
    let events = try userFacing { try ledger.log.read(from: from ?? .max, direction: .backward, limit: limit) }
    let rows = events.map(AuditRow.init)
    if options.json { return try Console.json(rows) }
    var table = Table([("POS", .right), ("RECORDED AT (UTC)", .left), ("ACTOR", .left), ("EVENT", .left), ("STREAM", .left)])
    for row in rows { table.add([String(row.position), row.recordedAt, row.actor ?? "", row.type, row.stream]) }
    print(table.render())
  }
}

/// One event of the audit trail.
struct AuditRow: Encodable {
  var position: UInt64
  var recordedAt: String
  var actor: String?
  var type: String
  var stream: String
  var hash: String

  init(_ event: RecordedEvent) {
    position = event.position
    recordedAt = Date(timeIntervalSince1970: Double(event.recordedAt) / 1000).formatted(.iso8601)
    actor = event.metadata.actor
    type = event.type
    stream = event.stream
    hash = event.hash.hex
  }
}

/// `budget verify`: hash chain, period seals and projections.
struct VerifyCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "verify", abstract: "Check the hash chain, every period seal, and that every projection equals a fold of the log.")
  @OptionGroup var options: LedgerOptions

  func run() async throws {
    let ledger = try await options.openExisting()
    let progress = ProgressBar(title: "verifying")
    let head = try userFacing { try ledger.log.head() }
    let chain = try ledger.log.verify(progressInterval: 10_000) { done, total in progress.update(done: done, total: total, rate: 0) }
    progress.finish()
    var problems: [String] = []
    if let failure = chain.firstFailure { problems.append("chain broken at \(failure)") }
    problems += try sealProblems(ledger, upTo: chain.verifiedCount)
    let projections = try userFacing { try ledger.projections.verifyDeep() }
    problems += projections.map(\.description)
    if options.json {
      try Console.json(VerifyJSON(ok: problems.isEmpty, events: chain.verifiedCount, head: head.hash.hex, problems: problems))
    } else if problems.isEmpty {
      print("ok: \(chain.verifiedCount) events, chain head \(head.hash.hex), seals and projections match")
    }
    if !problems.isEmpty {
      if !options.json { for problem in problems { Console.error(problem) } }
      throw ExitCode(1)
    }
  }

  /// A closed period's seal must be the chain hash of the event just before its `PeriodClosed`.
  private func sealProblems(_ ledger: Ledger, upTo verified: UInt64) throws -> [String] {
    var problems: [String] = []
    var previousHash = ChainHash.genesis
    try ledger.log.scan { view in
      guard view.position <= verified else { return .stop }
      if view.type == PeriodClosed.typeName,
        case .periodClosed(let closed)? = try? LedgerEvent.decode(type: view.type, schemaVersion: view.schemaVersion, payload: view.payload),
        closed.seal != previousHash.hex
      {
        let name = ledger.state.periods[closed.period]?.name ?? closed.period.description
        problems.append("period '\(name)' seal at position \(view.position) no longer matches the chain: events before it were changed")
      }
      previousHash = view.hash
      return .continue
    }
    return problems
  }
}

struct VerifyJSON: Encodable {
  var ok: Bool
  var events: UInt64
  var head: String
  var problems: [String]
}
