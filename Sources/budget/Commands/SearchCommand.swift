import ArgumentParser
import Ledger
import LedgerDomain
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
        before: before.map { TransactionCursor(date: $0.date, id: TransactionID(raw: $0.id)) }, limit: limit,
        at: try time.point())
    }
    try printPage(answer, ledger: ledger, options: options, time: time)
  }
}

/// Prints a page of the transaction index.
func printPage(_ answer: Answer<TransactionPage>, ledger: Ledger, options: LedgerOptions, time: TimeOptions) throws {
  let names = try userFacing { try ledger.names(at: .position(answer.position)) }
  let pending = try userFacing { try ledger.pendingRowIDs() }
  let next = answer.value.olderCursor.map { PageCursor(date: $0.date, id: $0.id.raw) }
  if options.json {
    return try Console.json(
      IndexPageJSON(
        position: answer.position, before: next?.description,
        rows: answer.value.rows.map { row in
          IndexRowJSON(
            id: row.id.description, date: row.date.description, name: row.name, amount: row.signedAmount.formatted(),
            currency: row.amount.currency.code, account: names.account(row.account),
            categories: row.postings.map { names.category($0.category) }, tags: row.tags,
            pending: pending.contains(row.id.raw) ? true : nil)
        }))
  }
  // Rows of accounts in several currencies: each amount says its currency.
  let mixed = Set(answer.value.rows.map(\.amount.currency)).count > 1
  var columns: [(String, Table.Alignment)] = [
    ("DATE", .left), ("ID", .left), ("NAME", .left), ("CATEGORY", .left), ("ACCOUNT", .left), ("AMOUNT", .right),
  ]
  if mixed { columns.append(("CURRENCY", .left)) }
  if !pending.isEmpty { columns.append(("SYNC", .left)) }
  var table = Table(columns)
  for row in answer.value.rows {
    table.add(
      [
        row.date.description, String(row.id.description.suffix(8)), row.name,
        row.postings.map { names.category($0.category) }.joined(separator: "+"),
        names.account(row.account), show(row.signedAmount, color: true),
      ] + (mixed ? [row.amount.currency.code] : [])
        + (pending.isEmpty ? [] : [pending.contains(row.id.raw) ? "pending" : ""]))
  }
  print(answer.value.rows.isEmpty ? "no transactions" : table.render())
  if let next { print(PageCursor.moreLine(shown: answer.value.rows.count, next: next)) }
  time.footer(answer.position, recordedAt: answer.recordedAt)
}

struct IndexPageJSON: Encodable {
  var position: UInt64
  /// Pass as `--before` for the older rows; absent on the last page.
  var before: String?
  var rows: [IndexRowJSON]
}

struct IndexRowJSON: Encodable {
  var id, date, name, amount, currency, account: String
  var categories, tags: [String]
  /// On a device, `true` for a row a change made here, not yet on the hub, records or changes.
  var pending: Bool?
}
