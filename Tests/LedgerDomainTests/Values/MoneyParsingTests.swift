import LedgerDomain
import Testing

@Suite("Money parsing is exact and explains every refusal")
struct MoneyParsingTests {
  private func units(_ text: String, _ separator: DecimalSeparator = .period) throws -> Int64 {
    try Money(parsing: text, currency: .eur, decimalSeparator: separator).units
  }

  private func error(_ text: String, _ separator: DecimalSeparator = .period) -> MoneyError? {
    #expect(throws: MoneyError.self) { try Money(parsing: text, currency: .eur, decimalSeparator: separator) }
  }

  @Test("given plain amounts, when parsed with a period separator, then units are exact ten-thousandths")
  func plainAmounts() throws {
    #expect(try units("42.5") == 425_000)
    #expect(try units("42") == 420_000)
    #expect(try units("0.0001") == 1)
    #expect(try units(".5") == 5_000)
    #expect(try units("-.5") == -5_000)
    #expect(try units("+7.25") == 72_500)
    #expect(try units("-0") == 0)
    #expect(try units("  12.30\t") == 123_000)
    #expect(try units("\u{2212}3") == -30_000)
    #expect(try units("007.10") == 71_000)
  }

  @Test("given grouped amounts, when parsed, then well-formed groups of three are accepted")
  func groupedAmounts() throws {
    #expect(try units("-1,234.56") == -12_345_600)
    #expect(try units("1,234,567.89") == 12_345_678_900)
    #expect(try units("1'234'567.89") == 12_345_678_900)
    #expect(try units("1 234 567") == 12_345_670_000)
    #expect(try units("1\u{2009}234.5") == 12_345_000)
    #expect(try units("999,999") == 9_999_990_000)
  }

  @Test("given comma-decimal amounts, when parsed with the comma setting, then '.', space and ' group")
  func commaAmounts() throws {
    #expect(try units("1 234,56", .comma) == 12_345_600)
    #expect(try units("1.234,56", .comma) == 12_345_600)
    #expect(try units("1'234,56", .comma) == 12_345_600)
    #expect(try units("-0,0001", .comma) == -1)
    #expect(try units("42", .comma) == 420_000)
    #expect(try units(",75", .comma) == 7_500)
  }

  @Test("given extra fraction digits that are all zeros, when parsed, then the exact value is kept")
  func trailingZeros() throws {
    #expect(try units("1.500000") == 15_000)
    #expect(try units("0.00010") == 1)
  }

  @Test(
    "given the Int64 limits written out, when parsed, then they are exact, and one more unit is refused as beyond the ledger's limit"
  )
  func limits() throws {
    #expect(try units("922337203685477.5807") == Int64.max)
    #expect(try units("-922,337,203,685,477.5808") == Int64.min)
    #expect(error("922337203685477.5808") == .beyondLedgerLimit(text: "922337203685477.5808"))
    #expect(error("-922337203685477.5809") == .beyondLedgerLimit(text: "-922337203685477.5809"))
    let huge = String(repeating: "9", count: 40)
    #expect(error(huge)?.description == "'\(huge)' is larger than the ledger's limit of 9,999,999,999,999.9999")
  }

  @Test("given more than four significant decimals, when parsed, then it is refused and never rounded")
  func tooManyDecimals() {
    #expect(error("1.23456") == .tooManyDecimalPlaces(text: "1.23456", places: 5))
    #expect(
      error("0.00001")?.description
        == "'0.00001' has 5 decimal places; at most 4 are kept exactly, and amounts are never rounded — "
        + "round it to 4 decimal places yourself")
    #expect(error("1,5000001", .comma) == .tooManyDecimalPlaces(text: "1,5000001", places: 7))
  }

  @Test("given empty or sign-only text, when parsed, then the error asks for an amount")
  func emptyText() {
    #expect(error("")?.description == "'' is not an amount: it is empty; write an amount such as 42.50")
    #expect(error("   ")?.description == "'   ' is not an amount: it is empty; write an amount such as 42.50")
    #expect(error("-")?.description == "'-' is not an amount: it has no digits; write an amount such as 42.50")
    #expect(error(".")?.description == "'.' is not an amount: it has no digits; write an amount such as 42.50")
  }

  @Test("given a trailing decimal separator, when parsed, then it is refused as a likely truncation")
  func trailingSeparator() {
    #expect(
      error("1.")?.description
        == "'1.' is not an amount: it ends with the decimal separator '.'; "
        + "write the fraction digits or drop the separator")
    #expect(error("1,", .comma) != nil)
  }

  @Test("given letters or symbols, when parsed, then the error names the character")
  func letters() {
    #expect(
      error("12a")?.description
        == "'12a' is not an amount: it contains 'a', which is not a digit, sign or separator; "
        + "write only the number, such as 42.50, without the currency")
    #expect(error("€5") != nil)
    #expect(error("5 EUR") != nil)
    #expect(error("1e5") != nil)
    #expect(error("0x10") != nil)
  }

  @Test("given two signs or a sign after the digits, when parsed, then it is refused")
  func signs() {
    #expect(
      error("--5")?.description
        == "'--5' is not an amount: it has more than one sign; write at most one + or - before the digits")
    #expect(error("+-5") != nil)
    #expect(error("5-")?.description == "'5-' is not an amount: the sign '-' must come before the digits")
    #expect(error("1-2") != nil)
    #expect(
      error("- 5")?.description
        == "'- 5' is not an amount: it has a space after the sign; write the sign directly before the digits")
  }

  @Test("given malformed digit groups, when parsed, then the error shows well-formed grouping")
  func malformedGroups() {
    #expect(
      error("1,23,4.5")?.description
        == "'1,23,4.5' is not an amount: the grouping separator ',' must split the digits into groups of three, "
        + "as in 1,234,567.89")
    for text in ["1,23", "1234,567", ",123", "1,", "1,,234", "1,234,", "1,2345.6"] {
      #expect(error(text) != nil, "\(text)")
    }
    #expect(
      error("12.34", .comma)?.description
        == "'12.34' is not an amount: the grouping separator '.' must split the digits into groups of three, "
        + "as in 1.234.567,89; if '.' is the decimal separator there, write 12,34")
  }

  @Test("given '5,50', when parsed with a decimal point, then the error shows it written with one: 5.50")
  func decimalCommaHint() {
    #expect(error("5,50")?.description.hasSuffix("if ',' is the decimal separator there, write 5.50") == true)
    #expect(error(" 5,50 ")?.description.hasSuffix("write 5.50") == true)
  }

  @Test("given mixed grouping separators or two decimal separators, when parsed, then it is refused")
  func mixedSeparators() {
    #expect(
      error("1,234'567")?.description
        == "'1,234'567' is not an amount: it mixes the grouping separators ',' and '''; use one kind")
    #expect(error("1.2.3")?.description == "'1.2.3' is not an amount: it has more than one decimal separator '.'")
    #expect(
      error("1.234,56")?.description
        == "'1.234,56' is not an amount: it has ',' after the decimal separator '.'; the fraction may only hold "
        + "digits; if ',' is the decimal separator there, write 1,234.56")
  }
}
