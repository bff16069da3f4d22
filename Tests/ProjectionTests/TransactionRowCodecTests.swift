import LedgerDomain
import LedgerTesting
import Testing

@testable import TransactionIndex

/// The `transactions` table's rows: encoded within the size bound they are given room for,
/// and decoded back whole.
@Suite("Projection: transaction index rows")
struct TransactionRowCodecTests {
  @Test(
    "given 500 random transactions — splits with memos, tags, long and non-ASCII text, extreme amounts, fields absent — when encoded and decoded, then each comes back equal"
  )
  func roundTrip() throws {
    var random = SeededGenerator(seed: 17)
    func id() -> EntityID { EntityID(high: random.next(), low: random.next()) }
    func text(_ longest: Int) -> String {
      let pieces = ["a", "Zé", "€", "🧾", " ", "Grocery", "\u{301}", "x"]
      return (0..<Int(random.next() % UInt64(longest + 1))).map { _ in pieces[Int(random.next() % 8)] }.joined()
    }
    func maybe(_ longest: Int) -> String? { random.next() % 3 == 0 ? nil : text(longest) }
    let currencies: [Currency] = [.eur, .usd, .jpy]
    for _ in 0..<500 {
      let currency = currencies[Int(random.next() % 3)]
      let units: Int64 =
        switch random.next() % 4 {
        case 0: .max
        case 1: .min
        default: Int64(truncatingIfNeeded: random.next() % 10_000_000)
        }
      let splits = (0..<Int(random.next() % 4)).map { _ in
        Split(
          category: CategoryID(raw: id()), amount: Money(units: Int64(random.next() % 1_000_000), currency: currency),
          memo: maybe(300))
      }
      let row = TransactionAdded(
        transaction: TransactionID(raw: id()), account: AccountID(raw: id()),
        date: try CivilDate(
          year: 1900 + Int(random.next() % 300), month: 1 + Int(random.next() % 12), day: 1 + Int(random.next() % 28)),
        amount: Money(units: units, currency: currency), type: random.next() % 2 == 0 ? .expense : .income,
        category: splits.isEmpty && random.next() % 4 != 0 ? CategoryID(raw: id()) : nil, splits: splits,
        name: text(40), description: maybe(200), notes: maybe(2_000),
        period: random.next() % 2 == 0 ? PeriodID(raw: id()) : nil, importId: maybe(60),
        tags: (0..<Int(random.next() % 5)).map { _ in text(20) })
      let bytes = TransactionRowCodec.encode(row)
      #expect(TransactionRowCodec.decode(bytes) == row)
      TransactionRowCodec.withEncoded(row) { #expect(Array($0) == bytes) }
    }
  }
}
