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
      let bytes = TransactionRowCodec.withEncoded(row) { Array($0) }
      #expect(bytes == Self.reference(row), "the stored layout changed")
      #expect(TransactionRowCodec.decode(bytes) == row)
    }
  }

  /// The layout `TransactionRowCodec` documents (format 1), written out independently: the
  /// rows ledgers already hold must keep reading back.
  static func reference(_ row: TransactionAdded) -> [UInt8] {
    var out: [UInt8] = [1]
    func varint(_ value: UInt64) {
      var value = value
      while value >= 0x80 {
        out.append(UInt8(value & 0x7F) | 0x80)
        value >>= 7
      }
      out.append(UInt8(value))
    }
    func signed(_ value: Int64) { varint(UInt64(bitPattern: (value << 1) ^ (value >> 63))) }
    func id(_ id: EntityID) {
      for word in [id.high, id.low] {
        for shift in stride(from: 56, through: 0, by: -8) {
          out.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
        }
      }
    }
    func code(_ code: String) {
      out += Array(code.utf8.prefix(3)) + Array(repeating: 0x20, count: 3 - min(3, code.utf8.count))
    }
    func text(_ text: String) {
      varint(UInt64(text.utf8.count))
      out += Array(text.utf8)
    }
    id(row.transaction.raw)
    id(row.account.raw)
    signed(Int64(row.date.daysSinceEpoch))
    signed(row.amount.units)
    code(row.amount.currency.code)
    out.append(row.type == .income ? 1 : 0)
    out.append(
      (row.category != nil ? 1 : 0) | (row.description != nil ? 2 : 0) | (row.notes != nil ? 4 : 0)
        | (row.period != nil ? 8 : 0) | (row.importId != nil ? 16 : 0))
    if let category = row.category { id(category.raw) }
    if let period = row.period { id(period.raw) }
    varint(UInt64(row.splits.count))
    for split in row.splits {
      id(split.category.raw)
      signed(split.amount.units)
      code(split.amount.currency.code)
      out.append(split.memo == nil ? 0 : 1)
      if let memo = split.memo { text(memo) }
    }
    text(row.name)
    for optional in [row.description, row.notes, row.importId] { if let optional { text(optional) } }
    varint(UInt64(row.tags.count))
    for tag in row.tags { text(tag) }
    return out
  }
}
