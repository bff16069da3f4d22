import LedgerDomain
import Testing

/// Amounts and dates in their plain form (`-12.30`, `2024-03-15`) are read by a byte scanner;
/// anything else by the general reading. A space around the text sends it to the general
/// reading, so the two can be compared on the same values.
@Suite("Plain amounts and dates read exactly as the general reading reads them")
struct PlainReadingTests {
  @Test(
    "given random plain amounts (signs, 1 to 16 whole digits, 0 to 6 fraction digits, both separators), when read plainly and generally, then both give the same units or both refuse"
  )
  func amountsAgree() {
    var random = SplitMix64(seed: 20_261_126)
    for _ in 0..<5_000 {
      let sign = ["", "-", "+"][Int(random.next() % 3)]
      let whole = (0..<Int(random.next() % 17)).map { _ in String(random.next() % 10) }.joined()
      let fractionCount = Int(random.next() % 7)
      let fraction = (0..<fractionCount).map { _ in String(random.next() % 10) }.joined()
      for separator in [DecimalSeparator.period, .comma] {
        let mark = separator == .period ? "." : ","
        let text = sign + whole + (random.next() % 4 == 0 ? "" : mark + fraction)
        let plain = try? Money(parsing: text, currency: .eur, decimalSeparator: separator).units
        let general = try? Money(parsing: " " + text + " ", currency: .eur, decimalSeparator: separator).units
        #expect(plain == general, "'\(text)'")
      }
    }
  }

  @Test("given plain amounts at the edges, when read, then exact")
  func amountEdges() throws {
    #expect(try Money(parsing: "-12.30", currency: .eur).units == -123_000)
    #expect(try Money(parsing: "99999999999999.9999", currency: .eur).units == 999_999_999_999_999_999)
    #expect(try Money(parsing: "+0,5", currency: .eur, decimalSeparator: .comma).units == 5_000)
    #expect(try Money(parsing: "1.50000", currency: .eur).units == 15_000)  // zeros beyond four: general reading
    #expect(throws: MoneyError.self) { try Money(parsing: "1.", currency: .eur) }
    #expect(throws: MoneyError.self) { try Money(parsing: "1.00001", currency: .eur) }
  }

  @Test(
    "given random dates in every format, separator and width, when read plainly and generally, then both give the same day or both refuse"
  )
  func datesAgree() throws {
    var random = SplitMix64(seed: 7)
    for _ in 0..<5_000 {
      let fields = (0..<3).map { _ in String(random.next() % 10_000).prefix(Int(random.next() % 5) + 1) }
      let separator = ["-", "/", ".", "-"][Int(random.next() % 4)]
      let text = fields.joined(separator: separator)
      for format in [DateFormat.iso, .dayMonthYear, .monthDayYear] {
        let plain = try? CivilDate(parsing: text, format: format)
        let general = try? CivilDate(parsing: " " + text, format: format)
        #expect(plain == general, "'\(text)' as \(format)")
      }
    }
    #expect(try CivilDate(parsing: "2024-02-29", format: .iso) == (try CivilDate(year: 2024, month: 2, day: 29)))
    #expect(throws: DateError.self) { try CivilDate(parsing: "2023-02-29", format: .iso) }
  }
}
