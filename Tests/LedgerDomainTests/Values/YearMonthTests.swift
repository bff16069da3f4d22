import LedgerDomain
import Testing

@Suite("YearMonth: the month a budget is planned in")
struct YearMonthTests {
  private func month(_ text: String) throws -> YearMonth { try YearMonth(parsing: text) }

  @Test("given YYYY-MM text, when parsed, then the month prints back the same and has a title")
  func parsing() throws {
    let march = try month("2024-03")
    #expect((march.year, march.month) == (2024, 3))
    #expect(march.description == "2024-03")
    #expect(march.title == "March 2024")
    #expect(try month("0042-12").description == "0042-12")
    #expect(try month(" 2024-01 ").title == "January 2024")
  }

  @Test("given malformed or impossible months, when parsed or made, then the error says why")
  func invalid() {
    for text in ["2024-3", "2024/03", "24-03", "2024-03-01", "", "2024-0x"] {
      let error = #expect(throws: DateError.self) { try YearMonth(parsing: text) }
      #expect(error == .malformed(text: text, expected: "YYYY-MM (for example 2024-03)"), "\(text)")
    }
    let month = #expect(throws: DateError.self) { try YearMonth(parsing: "2024-13") }
    #expect(month?.description == "'2024-13' is not a month: month 13 does not exist; months run from 1 to 12")
    let year = #expect(throws: DateError.self) { try YearMonth(parsing: "0000-05") }
    #expect(year?.description == "'0000-05' is not a month: year 0 is outside the supported range 1 to 9999")
    #expect(throws: DateError.monthOutOfRange(0)) { try YearMonth(year: 2024, month: 0) }
  }

  @Test("given months at year boundaries, when stepping, then the year rolls over")
  func stepping() throws {
    #expect(try month("2024-12").next == month("2025-01"))
    #expect(try month("2024-01").previous == month("2023-12"))
    #expect(try month("2024-03").adding(months: 13) == month("2025-04"))
    #expect(try month("2024-03").adding(months: -15) == month("2022-12"))
    #expect(try month("2024-03").monthsSince(month("2023-11")) == 4)
    #expect(try month("2023-11").monthsSince(month("2024-03")) == -4)
  }

  @Test("given the first and last supported months, when stepping out of range, then an error explains it")
  func steppingOutOfRange() throws {
    let error = #expect(throws: DateError.self) { try month("9999-12").next }
    #expect(error?.description == "9999-12 plus 1 months is outside the supported years 1 to 9999")
    #expect(throws: DateError.self) { try month("0001-01").previous }
    #expect(throws: DateError.self) { try month("2024-01").adding(months: .max) }
    #expect(throws: DateError.self) { try month("2024-01").adding(months: .min) }
  }

  @Test("given months, when asked for days and quarter, then leap years and quarters are right")
  func calendarFacts() throws {
    let february = try month("2024-02")
    #expect(february.dayCount == 29)
    #expect(try month("2023-02").dayCount == 28)
    #expect(try month("1900-02").dayCount == 28)
    #expect(try month("2000-02").dayCount == 29)
    #expect(february.firstDay == (try CivilDate(parsing: "2024-02-01")))
    #expect(february.lastDay == (try CivilDate(parsing: "2024-02-29")))
    #expect(try (1...12).map { try YearMonth(year: 2024, month: $0).quarter } == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4])
    #expect(february.contains(try CivilDate(parsing: "2024-02-15")))
    #expect(!february.contains(try CivilDate(parsing: "2024-03-01")))
    #expect(!february.contains(try CivilDate(parsing: "2023-02-15")))
  }

  @Test("given months, when sorted, then they are in calendar order")
  func ordering() throws {
    let sorted = try ["2024-01", "2023-12", "2024-10", "2024-02"].map(month).sorted().map(\.description)
    #expect(sorted == ["2023-12", "2024-01", "2024-02", "2024-10"])
  }
}
