import Ledger
import LedgerDomain
import LedgerTesting
import QueryResults
import Testing

/// Listing transactions by any mix of account, category, period, words, tag, amount bounds and
/// dates, page by page: the pages together are exactly the transactions that meet every
/// condition, newest first — checked against a plain filter of every transaction.
@Suite("Transactions by any mix of conditions")
struct TransactionQueryTests {
  /// A ledger of 400 transactions with random accounts, categories, amounts, dates and tags,
  /// some deleted; and every transaction that still counts.
  static func ledger(seed: UInt64) async throws -> (LedgerFixture, [TransactionAdded]) {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    try await ledger.execute(
      .openAccount(OpenAccount(account: Scenario.savings, name: "Savings", type: .savings, date: day("2024-01-01"))))
    let categories = ledger.state.categories.filter { $0.value.kind == .expense }.map(\.key).sorted { $0.raw < $1.raw }
      .prefix(3)
    var random = SeededGenerator(seed: seed)
    var kept: [TransactionAdded] = []
    for n in 1...400 {
      let added = AddTransaction(
        transaction: txID(UInt64(n)), account: Bool.random(using: &random) ? Scenario.checking : Scenario.savings,
        date: try day("2024-01-01").adding(days: Int.random(in: 0..<90, using: &random)),
        amount: Money(units: Int64.random(in: 1...5_000, using: &random) * 10_000, currency: .eur),
        type: Int.random(in: 0..<5, using: &random) == 0 ? .income : .expense,
        category: categories.randomElement(using: &random), name: ["Market", "Bakery", "Garage"][n % 3],
        tags: [["trip"], ["Trip", "gift"], [], []].randomElement(using: &random)!)
      try await ledger.execute(.addTransaction(added))
      if n % 7 == 0 {
        try await ledger.execute(.deleteTransaction(added.transaction, reason: "test", expectedVersion: nil))
      } else {
        kept.append(ledger.transactionAdded(added))
      }
    }
    return (fixture, kept)
  }

  @Test(
    "given 400 random transactions, when listed by mixes of conditions in pages of 7, then the pages hold exactly the matching transactions, newest first",
    arguments: [21, 22] as [UInt64])
  func pagesHoldExactlyTheMatches(seed: UInt64) async throws {
    let (fixture, kept) = try await Self.ledger(seed: seed)
    let ledger = fixture.ledger
    let food = kept.compactMap(\.category).min { $0.raw < $1.raw }!
    var queries: [TransactionQuery] = []
    for account in [nil, Scenario.checking] {
      for tag in [nil, "TRIP", "gift"] {
        for bounds in [(nil, nil), (eur("100"), nil), (eur("1000"), eur("3000"))] as [(Money?, Money?)] {
          var query = TransactionQuery(from: day("2024-02-01"), through: day("2024-03-15"))
          (query.account, query.tag, query.minimum, query.maximum) = (account, tag, bounds.0, bounds.1)
          queries.append(query)
          query.category = food
          queries.append(query)
          query.words = "mark"
          queries.append(query)
        }
      }
    }
    var nonEmpty = 0
    for query in queries {
      // When every page is fetched
      var listed: [TransactionID] = []
      var cursor: TransactionCursor?
      repeat {
        let page = try ledger.transactions(matching: query, before: cursor, limit: 7).value
        #expect(page.rows.count <= 7)
        listed += page.rows.map(\.id)
        cursor = page.olderCursor
      } while cursor != nil
      // Then they are the transactions a plain filter keeps, newest first
      let expected = kept.filter { Self.meets($0, query) }.sorted {
        ($0.date, $0.transaction.raw) > ($1.date, $1.transaction.raw)
      }.map(\.transaction)
      #expect(listed == expected, "\(query)")
      if !expected.isEmpty { nonEmpty += 1 }
    }
    #expect(nonEmpty > queries.count / 2, "most queries found something")
  }

  /// The plain reading of a query, written apart from the ledger's.
  static func meets(_ row: TransactionAdded, _ query: TransactionQuery) -> Bool {
    row.date >= query.from && row.date <= query.through && (query.account.map { $0 == row.account } ?? true)
      && (query.category.map { $0 == row.category } ?? true)
      && (query.words.map { _ in row.name == "Market" } ?? true)
      && (query.tag.map { tag in row.tags.map { $0.lowercased() }.contains(tag.lowercased()) } ?? true)
      && (query.minimum.map { row.amount.units >= $0.units } ?? true)
      && (query.maximum.map { row.amount.units <= $0.units } ?? true)
  }
}

extension Ledger {
  /// The event a command added, as the ledger lists the transaction.
  fileprivate func transactionAdded(_ command: AddTransaction) -> TransactionAdded {
    TransactionAdded(
      transaction: command.transaction, account: command.account, date: command.date, amount: command.amount,
      type: command.type, category: command.category, name: command.name, tags: command.tags)
  }
}
