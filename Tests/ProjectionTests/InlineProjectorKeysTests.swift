import LedgerDomain
import LedgerTesting
import ProjectionEngine
import SharedRows
import Testing

@testable import BudgetVsActual
@testable import CategoryTotals
@testable import RunningBalances

@Suite("Projection keys built inline")
struct InlineProjectorKeysTests {
  @Test(
    "given random ids, dates, months, years and currencies, then every key a projector folds inline is the byte key its queries read"
  )
  func inlineKeysAreTheByteKeys() throws {
    var random = SeededGenerator(seed: 21)
    func id() -> EntityID { EntityID(high: random.next(), low: random.next()) }
    let currencies = ["EUR", "JPY", "USD", "X", "ABCD", ""]
    for _ in 0..<2_000 {
      let date = try CivilDate(daysSinceEpoch: Int(random.next() % 80_000) - 30_000)
      let currency = currencies[Int(random.next() % UInt64(currencies.count))]
      let (account, transaction) = (id(), id())
      let (category, period) = (CategoryID(raw: id()), PeriodID(raw: id()))

      #expect(BalanceKeys.dayKey(account, date).bytes == BalanceKeys.day(account, date))
      #expect(BalanceKeys.monthKey(account, date.yearMonth).bytes == BalanceKeys.month(account, date.yearMonth))
      #expect(BalanceKeys.yearKey(account, date.year).bytes == BalanceKeys.year(account, date.year))
      #expect(BalanceKeys.entryKey(account, date, transaction).bytes == BalanceKeys.entry(account, date, transaction))
      #expect(
        TotalsKeys.monthKey(date.yearMonth, currency, category).bytes
          == TotalsKeys.month(date.yearMonth, currency, category))
      #expect(TotalsKeys.yearKey(date.year, currency, category).bytes == TotalsKeys.year(date.year, currency, category))
      #expect(TotalsKeys.periodKey(period, currency, category).bytes == TotalsKeys.period(period, currency, category))
      let month = KeyPart.month(date.yearMonth)
      #expect(BudgetKeys.actualKey(month, currency, category).bytes == BudgetKeys.actual(month, currency, category))
    }
  }

  @Test(
    "given words, 4-byte integers and text of any length, then InlineKeyBuilder writes the bytes KeyBuilder writes, up to 48"
  )
  func builderMatchesKeyBuilder() {
    var random = SeededGenerator(seed: 3)
    for _ in 0..<1_000 {
      var inline = InlineKeyBuilder()
      var bytes = KeyBuilder()
      for _ in 0..<Int(random.next() % 8) {
        switch random.next() % 3 {
        case 0:
          let word = random.next()
          inline.append(word)
          bytes.append(word)
        case 1:
          let half = UInt32(truncatingIfNeeded: random.next())
          inline.append(half)
          bytes.append(half)
        default:
          let text = String(repeating: "é", count: Int(random.next() % 3)) + "ab"
          let width = Int(random.next() % 6)
          inline.append(text: text, width: width)
          bytes.append(text: text, width: width)
        }
      }
      #expect(inline.key.bytes == Array(bytes.bytes.prefix(InlineKey.capacity)))
      #expect(inline.count == min(bytes.bytes.count, InlineKey.capacity))
    }
  }
}
