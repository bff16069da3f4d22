import LedgerDomain
import LedgerTesting
import ProjectionEngine
import Testing

@testable import TransactionIndex

@Suite("Projection: transaction index keys")
struct TransactionIndexKeysTests {
  /// Each table's keys as `TransactionKeys` spells them in bytes: the stored layout the
  /// queries read (`day ‖ id` suffix; owner ‖ suffix; word zero-padded to 24 ‖ suffix).
  static func byteKeys(_ row: TransactionAdded) -> [[[UInt8]]] {
    let suffix = TransactionKeys.suffix(row.date, row.transaction.raw)
    let categories = IndexEntries.distinct(row.postings.map { TransactionKeys.owned($0.category.raw, suffix) })
    let periods = row.period.map { [TransactionKeys.owned($0.raw, suffix)] } ?? []
    let indexWords = IndexEntries.distinct(TextTokens.words(of: row).map(TextTokens.indexed))
    let words = indexWords.map { TransactionKeys.word($0, suffix) }
    return [[suffix], categories, [TransactionKeys.owned(row.account.raw, suffix)], periods, words]
  }

  @Test(
    "given transactions with and without splits, periods, repeated categories, long and non-ASCII words and dates before 1970, then the keys built inline are the byte keys the queries read"
  )
  func inlineKeysAreTheByteKeys() {
    let rows = [
      TransactionAdded(
        transaction: txID(1), account: Scenario.checking, date: day("2024-03-10"), amount: eur("10"), type: .expense,
        category: Scenario.food, name: "Bakery Ølstue",
        description: "croissants and a verylongwordthatgoespastthewidth",
        notes: "Café ✓", period: PeriodID(raw: EntityID(high: 0x9E10, low: 7)), tags: ["weekly", "Weekly"]),
      TransactionAdded(
        transaction: txID(2), account: Scenario.savings, date: day("1969-12-31"), amount: eur("42.5"), type: .income,
        category: nil,
        splits: [
          Split(category: Scenario.food, amount: eur("40")), Split(category: Scenario.bills, amount: eur("1.5")),
          Split(category: Scenario.food, amount: eur("1")),
        ], name: "Refund"),
      TransactionAdded(
        transaction: txID(3), account: Scenario.checking, date: day("2025-01-01"), amount: eur("3"), type: .expense,
        category: nil, name: "-- --"),
    ]
    for row in rows {
      let inline = IndexEntries.tables.indices.map { IndexEntries(row).keys(ofTable: $0).map(\.bytes) }
      #expect(inline == Self.byteKeys(row), "transaction \(row.name)")
    }
  }

  @Test(
    "given random texts of ASCII and other scripts, long words, marks, digits and punctuation, then the words index keys equal the byte keys of the words search reads"
  )
  func randomTextKeys() {
    var random = SeededGenerator(seed: 77)
    let pieces = [
      "Café", "ØLSTUE", "naïve", "ß", "İstanbul", "e\u{301}", "数字", "١٢٣", "abc", "ABC123", "x", "-", " ", ", ", "\t",
      "verylongwordthatgoespastthewidthofthekey", "ünïcödéwörtërthatisalsoverylongindeed", "🙂", "a.b", "A", "a",
    ]
    func text() -> String {
      (0..<Int(random.next() % 12)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }
    for index in 0..<500 {
      let row = TransactionAdded(
        transaction: txID(UInt64(index)), account: Scenario.checking, date: day("2024-03-10"), amount: eur("1"),
        type: .expense, category: Scenario.food, name: text(), description: random.next() % 2 == 0 ? text() : nil,
        notes: random.next() % 3 == 0 ? text() : nil, tags: (0..<Int(random.next() % 3)).map { _ in text() })
      let inline = IndexEntries(row).keys(ofTable: 4).map(\.bytes)
      let expected = Self.byteKeys(row)[4]
      #expect(inline == expected, "texts \(row.name) | \(row.description ?? "-") | \(row.notes ?? "-") | \(row.tags)")
    }
  }
}
