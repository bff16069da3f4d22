import LedgerDomain
import Testing

@Suite("Currency: ISO 4217 codes from a known table")
struct CurrencyTests {
  @Test("given a known code in any case, when looked up, then the table entry with its minor units is returned")
  func knownCodes() throws {
    #expect(try Currency(code: "EUR") == .eur)
    #expect(try Currency(code: "eur") == .eur)
    #expect(try Currency(code: " Usd ") == .usd)
    #expect(try Currency(code: "JPY").minorUnitDigits == 0)
    #expect(try Currency(code: "KWD").minorUnitDigits == 3)
    #expect(try Currency(code: "BHD").minorUnitDigits == 3)
    #expect(try Currency(code: "CHF").minorUnitDigits == 2)
    #expect(Currency.gbp.code == "GBP")
    #expect(Currency.eur.description == "EUR")
  }

  @Test("given the codes the brief requires, when looked up, then each exists with ISO minor units")
  func requiredTable() throws {
    let zero = ["JPY", "KRW", "ISK", "CLP", "VND"]
    let three = ["KWD", "BHD", "TND"]
    let two = [
      "USD", "EUR", "GBP", "CHF", "CAD", "AUD", "NZD", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "CNY", "INR",
      "BRL", "MXN", "ZAR", "SGD", "HKD", "TRY", "ILS", "AED", "RUB", "UAH", "THB", "IDR", "MYR", "PHP", "COP", "ARS",
    ]
    for code in zero { #expect(try Currency(code: code).minorUnitDigits == 0, "\(code)") }
    for code in three { #expect(try Currency(code: code).minorUnitDigits == 3, "\(code)") }
    for code in two { #expect(try Currency(code: code).minorUnitDigits == 2, "\(code)") }
    #expect(Set(Currency.known.map(\.code)).count == Currency.known.count)
  }

  @Test("given a code one typo from a known one, when looked up, then the error suggests it")
  func typoSuggestion() {
    let error = #expect(throws: MoneyError.self) { try Currency(code: "EUO") }
    #expect(error == .unknownCurrency(code: "EUO", suggestion: .eur))
    #expect(error?.description == "unknown currency 'EUO' — did you mean 'EUR'?")

    let swapped = #expect(throws: MoneyError.self) { try Currency(code: "UDS") }
    #expect(swapped == .unknownCurrency(code: "UDS", suggestion: .usd))

    let tooLong = #expect(throws: MoneyError.self) { try Currency(code: "euro") }
    #expect(tooLong?.description == "unknown currency 'euro' — did you mean 'EUR'?")
  }

  @Test("given a code far from any known one, when looked up, then the error lists examples and no guess")
  func unknownWithoutSuggestion() {
    let error = #expect(throws: MoneyError.self) { try Currency(code: "QQQ") }
    #expect(error == .unknownCurrency(code: "QQQ", suggestion: nil))
    #expect(
      error?.description == "unknown currency 'QQQ'; use an ISO 4217 code the ledger knows, such as EUR, USD or GBP")
  }

  @Test("given text that is not three letters, when looked up, then the error says what a code looks like")
  func malformedCodes() {
    for text in ["", "1234567", "E1", "dollars", "E U R"] {
      let error = #expect(throws: MoneyError.self) { try Currency(code: text) }
      #expect(error?.description == "'\(text)' is not a currency code; use three letters, such as EUR, USD or GBP")
    }
  }
}
