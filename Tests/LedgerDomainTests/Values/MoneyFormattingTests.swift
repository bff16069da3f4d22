import LedgerDomain
import Testing

@Suite("Money formatting is exact and follows the currency's minor units")
struct MoneyFormattingTests {
  @Test("given amounts in currencies with 2, 0 and 3 minor digits, when formatted, then those digits are shown")
  func minorUnits() throws {
    #expect(Money(units: 425_000, currency: .eur).formatted() == "42.50")
    #expect(Money(units: 420_000, currency: .jpy).formatted() == "42")
    #expect(Money(units: 12_500, currency: try Currency(code: "KWD")).formatted() == "1.250")
    #expect(Money.zero(.eur).formatted() == "0.00")
    #expect(Money.zero(.jpy).formatted() == "0")
  }

  @Test("given amounts finer than the minor units, when formatted, then the extra digits are kept, not rounded")
  func finerDigits() {
    #expect(Money(units: 1, currency: .eur).formatted() == "0.0001")
    #expect(Money(units: 425_100, currency: .eur).formatted() == "42.51")
    #expect(Money(units: 425_120, currency: .eur).formatted() == "42.512")
    #expect(Money(units: 420_050, currency: .jpy).formatted() == "42.005")
    #expect(Money(units: -5, currency: .jpy).formatted() == "-0.0005")
  }

  @Test("given negative amounts, when described, then the sign comes first and the code last")
  func descriptions() {
    let amount = Money(units: -12_345_600, currency: .eur)
    #expect(amount.description == "-1234.56 EUR")
    #expect(amount.amountString == "-1234.56")
    #expect(Money(units: 0, currency: .usd).description == "0.00 USD")
  }

  @Test("given large amounts, when formatted with grouping, then whole units are grouped in threes")
  func grouping() {
    let amount = Money(units: 12_345_678_900, currency: .eur)
    #expect(amount.formatted(grouping: true) == "1,234,567.89")
    #expect(amount.formatted(grouping: true, decimalSeparator: .comma) == "1.234.567,89")
    #expect(amount.formatted(decimalSeparator: .comma) == "1234567,89")
    #expect(Money(units: -9_990_000, currency: .eur).formatted(grouping: true) == "-999.00")
    #expect(Money(units: -10_000_000, currency: .eur).formatted(grouping: true) == "-1,000.00")
  }

  @Test("given the Int64 extremes, when formatted, then every digit is printed without overflow")
  func extremes() {
    #expect(Money(units: .max, currency: .eur).formatted() == "922337203685477.5807")
    #expect(Money(units: .min, currency: .eur).formatted(grouping: true) == "-922,337,203,685,477.5808")
  }
}
