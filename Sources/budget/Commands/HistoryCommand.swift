import ArgumentParser
import EventLog
import Foundation
import Ledger
import LedgerDomain
import ProjectionEngine
import RunningBalances

/// `budget history`: every event of one entity, oldest first.
struct HistoryCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "The history of one entity: a transaction id, or category / account / period NAME, or month YYYY-MM.")
  @OptionGroup var options: LedgerOptions
  @Argument(help: "transaction ID | category NAME | account NAME | period NAME | month YYYY-MM") var kind: String
  @Argument var reference: String?

  func run() async throws {
    let ledger = try await options.openExisting()
    let stream = try streamName(ledger.state)
    let events = try userFacing { try ledger.log.read(stream: try StreamName(stream)) }
    if options.json { return try Console.json(events.map(AuditRow.init)) }
    guard !events.isEmpty else { throw UserError("no history for \(stream)") }
    var table = Table([("POS", .right), ("RECORDED AT (UTC)", .left), ("ACTOR", .left), ("EVENT", .left)])
    for event in events { let row = AuditRow(event); table.add([String(row.position), row.recordedAt, row.actor ?? "", row.type]) }
    print("history of \(stream)")
    print(table.render())
  }

  private func streamName(_ state: LedgerState) throws -> String {
    let resolve = Resolve(state: state)
    let reference = self.reference ?? kind
    switch kind {
    case "transaction", "tx": return try resolve.transaction(reference).id.stream
    case "category": return try resolve.category(reference).stream
    case "account": return try resolve.account(reference).id.stream
    case "period": return try resolve.period(reference).stream
    case "month":
      guard let month = YearMonth(argument: reference) else { throw UserError("month '\(reference)' should look like 2024-03") }
      return budgetStream(month)
    default:
      if self.reference == nil, let transaction = try? resolve.transaction(kind) { return transaction.id.stream }
      throw ValidationError("say what to show: transaction ID, category NAME, account NAME, period NAME or month YYYY-MM")
    }
  }
}
