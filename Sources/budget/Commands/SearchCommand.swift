import ArgumentParser
import Ledger
import LedgerDomain
import LedgerWire
import QueryResults

/// `budget tx search TEXT` and the filtered form of `budget tx list`.
struct SearchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "search", abstract: "Find transactions by words in name, description, notes or tags (prefixes match).")
  @OptionGroup var options: LedgerOptions
  @Argument(help: "Words to find, e.g. \"groc weekly\".") var text: String
  @Option(name: .shortAndLong, help: "How many rows (at least 1).") var limit = 20
  @Option(help: "Only rows older than this DATE/ID: the cursor a page with more prints under it.")
  var before: PageCursor?
  @OptionGroup var time: TimeOptions

  func validate() throws {
    guard limit > 0 else { throw ValidationError("--limit must be at least 1 (got \(limit))") }
    guard !text.allSatisfy(\.isWhitespace) else {
      throw ValidationError("give at least one word to find, e.g. budget tx search market")
    }
  }

  func run() async throws {
    let ledger = try await options.openExisting()
    // As of a date: what had happened by then (the index answers by the transactions' dates).
    let answer = try userFacing {
      try ledger.transactions(
        .text(text), through: time.asOf ?? .latest,
        before: before?.index, limit: limit, at: try time.point())
    }
    try printPage(answer, ledger: ledger, options: options, time: time)
  }
}

/// Prints a page of the transaction index.
func printPage(_ answer: Answer<TransactionPage>, ledger: Ledger, options: LedgerOptions, time: TimeOptions) throws {
  let state = try namesState(of: ledger, at: try time.point(), position: answer.position)
  let pending = try userFacing { try ledger.pendingRowIDs() }
  let next = answer.value.olderCursor.map { PageCursor(date: $0.date, id: $0.id.raw) }
  let rows = answer.value.rows.map { Wire.TransactionRow(index: $0, state: state, pending: pending) }
  if options.json {
    return try Console.json(
      Wire.TransactionPage(position: answer.position, recordedAt: answer.recordedAt, rows: rows, next: next))
  }
  // Rows of accounts in several currencies: each amount says its currency.
  let mixed = Set(answer.value.rows.map(\.amount.currency)).count > 1
  var columns: [(String, Table.Alignment)] = [
    ("DATE", .left), ("ID", .left), ("NAME", .left), ("CATEGORY", .left), ("ACCOUNT", .left), ("AMOUNT", .right),
  ]
  if mixed { columns.append(("CURRENCY", .left)) }
  if !pending.isEmpty { columns.append(("SYNC", .left)) }
  var table = Table(columns)
  for (row, described) in zip(answer.value.rows, rows) {
    table.add(
      [
        row.date.description, String(row.id.description.suffix(8)), row.name, described.category,
        described.account, show(row.signedAmount, color: true),
      ] + (mixed ? [row.amount.currency.code] : [])
        + (pending.isEmpty ? [] : [described.pending == true ? "pending" : ""]))
  }
  print(answer.value.rows.isEmpty ? "no transactions" : table.render())
  if let next { print(PageCursor.moreLine(shown: answer.value.rows.count, next: next)) }
  time.footer(answer.position, recordedAt: answer.recordedAt)
}

/// The state a page's names are read from, as known at `position` (the page's): the ledger's
/// own for now, else the log folded up to it.
func namesState(of ledger: Ledger, at point: TimePoint, position: UInt64) throws -> LedgerState {
  if case .now = point { return ledger.state }
  var state = LedgerState()
  try userFacing { try ledger.replay(into: &state, after: 0, through: position) }
  return state
}
