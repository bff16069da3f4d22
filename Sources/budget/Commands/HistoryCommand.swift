import ArgumentParser
import Ledger
import LedgerDomain
import LedgerWire
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
      return try Console.json(Wire.History(stream: stream, position: answer.position, entries: entries))
    }
    guard !entries.isEmpty else { throw UserError("no history for \(stream)") }
    var table = Table([
      ("POS", .right), ("RECORDED AT (UTC)", .left), ("ACTOR", .left), ("EVENT", .left), ("WHAT CHANGED", .left),
    ])
    for entry in entries {
      table.add([
        String(entry.position), Wire.timestamp(entry.recordedAt), entry.actor ?? "", entry.eventType, entry.summary,
      ])
    }
    print("history of \(stream)")
    print(table.render())
    time.footer(answer.position, recordedAt: answer.recordedAt)
  }

  /// The stream asked for, resolved against as little of the history as its kind needs: a
  /// category, account, period, schedule, debt or goal name against that kind's own streams
  /// (milliseconds on a big ledger), a transaction id through the rules' stored state and its
  /// index of ids.
  private func streamName(_ ledger: Ledger) throws -> String {
    guard let kind = HistoryKind(word: kind) else {
      // An id alone: a transaction's, or either leg's of a transfer, as `tx list` shows them.
      if reference == nil, let stream = try? HistoryKind.transaction.stream(of: kind, in: NameResolver(ledger: ledger))
      {
        return stream
      }
      throw ValidationError("say what to show: \(HistoryKind.usage)")
    }
    guard let reference else {
      throw ValidationError(
        "give the \(kind.rawValue) to show, e.g. budget history \(kind.rawValue) \(kind.example)")
    }
    let resolver =
      try kind.family.map { family in NameResolver(state: try userFacing { try ledger.state(ofStreamsOf: [family]) }) }
      ?? NameResolver(ledger: ledger)
    let found = Result { () throws(ResolveError) in try kind.stream(of: reference, in: resolver) }
    if case .failure(.malformed) = found { throw ValidationError("month must be YYYY-MM (got '\(reference)')") }
    return try found.get()
  }
}
