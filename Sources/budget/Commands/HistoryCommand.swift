import ArgumentParser
import Foundation
import Ledger
import LedgerDomain
import QueryResults

/// `budget history`: every event of one entity, oldest first.
struct HistoryCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract:
      "The history of one entity: a transaction id, or category / account / period / schedule / debt / goal NAME, or month YYYY-MM."
  )
  @OptionGroup var options: LedgerOptions
  @Argument(
    help:
      "transaction ID | category NAME | account NAME | period NAME | schedule NAME | debt NAME | goal NAME | month YYYY-MM"
  )
  var kind: String
  @Argument(help: "Its id or name (none for month YYYY-MM).") var reference: String?
  @OptionGroup var time: TimeOptions

  func run() async throws {
    let ledger = try await options.openExisting()
    let stream = try streamName(ledger)
    let answer = try userFacing { try ledger.history(of: stream, at: try time.point()) }
    let entries = answer.value
    if options.json {
      return try Console.json(
        entries.map {
          HistoryJSON(
            position: $0.position, version: $0.streamVersion, recordedAt: timestamp($0.recordedAt), actor: $0.actor,
            event: $0.eventType, changes: $0.changes)
        })
    }
    guard !entries.isEmpty else { throw UserError("no history for \(stream)") }
    var table = Table([
      ("POS", .right), ("RECORDED AT (UTC)", .left), ("ACTOR", .left), ("EVENT", .left), ("WHAT CHANGED", .left),
    ])
    for entry in entries {
      table.add([
        String(entry.position), timestamp(entry.recordedAt), entry.actor ?? "", entry.eventType, entry.summary,
      ])
    }
    print("history of \(stream)")
    print(table.render())
    time.footer(answer.position, recordedAt: answer.recordedAt)
  }

  /// The stream asked for, resolved against as little of the history as its kind needs: a
  /// category, account or period name against that kind's own streams (milliseconds on a big
  /// ledger), a transaction id through the rules' stored state and its index of ids.
  private func streamName(_ ledger: Ledger) throws -> String {
    let kinds = ["transaction", "tx", "category", "account", "period", "schedule", "debt", "goal", "month"]
    if kinds.contains(kind), self.reference == nil {
      throw ValidationError(
        "give the \(kind == "tx" ? "transaction" : kind) to show, e.g. budget history \(Self.example(kind))")
    }
    let reference = self.reference ?? kind
    func family(_ entity: any EntityIdentifier.Type) throws -> Resolve {
      Resolve(state: try userFacing { try ledger.state(ofStreamsOf: [entity]) })
    }
    switch kind {
    case "transaction", "tx":
      return try transactionStream(reference, ledger)
    case "category": return try family(CategoryID.self).categoryToRead(reference).stream
    case "account": return try family(AccountID.self).account(reference).id.stream
    case "period": return try family(PeriodID.self).period(reference).stream
    case "schedule":
      return try userFacing { try ledger.state(ofStreamsOf: [ScheduleID.self]).schedule(named: reference).id.stream }
    case "debt":
      return try userFacing { try ledger.state(ofStreamsOf: [DebtID.self]).debt(named: reference).id.stream }
    case "goal":
      return try userFacing { try ledger.state(ofStreamsOf: [GoalID.self]).goal(named: reference).id.stream }
    case "month":
      do { return budgetStream(try YearMonth(parsing: reference)) } catch {
        throw ValidationError("month must be YYYY-MM: \(error)")
      }
    default:
      // An id alone: a transaction's, or either leg's of a transfer, as `tx list` shows them.
      if self.reference == nil, let stream = try? transactionStream(kind, ledger) { return stream }
      throw ValidationError(
        "say what to show: transaction ID, category NAME, account NAME, period NAME, schedule NAME, debt NAME, goal NAME or month YYYY-MM"
      )
    }
  }

  /// The stream of the transaction `reference` names — or of the transfer, by either leg's id,
  /// as `tx list` shows them, or cancelled (its legs left the log; its audit trail stays).
  private func transactionStream(_ reference: String, _ ledger: Ledger) throws -> String {
    let resolve = Resolve(ledger: ledger)
    if (try? resolve.transaction(reference)) == nil {
      if let transfer = resolve.transfer(reference) { return transfer.transfer.stream }
      if let cancelled = resolve.cancelledTransfer(reference) { return cancelled.stream }
    }
    return try resolve.transaction(reference).id.stream
  }

  private static func example(_ kind: String) -> String {
    switch kind {
    case "category": "category Food"
    case "account": "account Checking"
    case "period": "period Q1"
    case "schedule": "schedule Rent"
    case "debt": "debt Visa"
    case "goal": "goal Trip"
    case "month": "month 2024-03"
    default: "tx 9b59c2e1"
    }
  }
}

struct HistoryJSON: Encodable {
  var position, version: UInt64
  var recordedAt: String
  var actor: String?
  var event: String
  var changes: [String]
}

func timestamp(_ milliseconds: Int64) -> String {
  Date(timeIntervalSince1970: Double(milliseconds) / 1000).formatted(.iso8601)
}
