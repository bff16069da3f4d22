import LedgerDomain
import Testing

@Suite("CivilDate: validated calendar dates without time zones")
struct CivilDateTests {
  private func date(_ text: String) throws -> CivilDate { try CivilDate(parsing: text) }

  @Test("given valid parts, when a date is made, then it keeps them and prints ISO")
  func validParts() throws {
    let date = try CivilDate(year: 2024, month: 3, day: 15)
    #expect((date.year, date.month, date.day) == (2024, 3, 15))
    #expect(date.description == "2024-03-15")
    #expect(try CivilDate(year: 1, month: 1, day: 1).description == "0001-01-01")
    #expect(try CivilDate(year: 2024, month: 2, day: 29).description == "2024-02-29")
    #expect(try CivilDate(year: 2000, month: 2, day: 29).day == 29)
  }

  @Test("given impossible parts, when a date is made, then the error says what exists")
  func invalidParts() {
    let leap = #expect(throws: DateError.self) { try CivilDate(year: 2023, month: 2, day: 29) }
    #expect(leap == .dayOutOfRange(day: 29, month: 2, year: 2023))
    #expect(leap?.description == "invalid date: February 2023 has 28 days, so there is no day 29")
    #expect(throws: DateError.dayOutOfRange(day: 29, month: 2, year: 1900)) {
      try CivilDate(year: 1900, month: 2, day: 29)
    }
    #expect(throws: DateError.dayOutOfRange(day: 31, month: 4, year: 2024)) {
      try CivilDate(year: 2024, month: 4, day: 31)
    }
    let zero = #expect(throws: DateError.self) { try CivilDate(year: 2024, month: 1, day: 0) }
    #expect(zero?.description == "invalid date: day 0 does not exist; days start at 1")
    let month = #expect(throws: DateError.self) { try CivilDate(year: 2024, month: 13, day: 1) }
    #expect(month?.description == "invalid date: month 13 does not exist; months run from 1 to 12")
    let year = #expect(throws: DateError.self) { try CivilDate(year: 10_000, month: 1, day: 1) }
    #expect(year?.description == "invalid date: year 10000 is outside the supported range 1 to 9999")
    #expect(throws: DateError.yearOutOfRange(0)) { try CivilDate(year: 0, month: 1, day: 1) }
  }

  @Test("given ISO text, when parsed, then the date comes back and impossible dates are explained")
  func isoParsing() throws {
    #expect(try date("2024-03-15") == CivilDate(year: 2024, month: 3, day: 15))
    #expect(try date(" 2024-03-15\n") == CivilDate(year: 2024, month: 3, day: 15))
    let error = #expect(throws: DateError.self) { try date("2024-02-30") }
    #expect(error?.description == "'2024-02-30' is not a date: February 2024 has 29 days")
    let month = #expect(throws: DateError.self) { try date("2024-13-01") }
    #expect(month?.description == "'2024-13-01' is not a date: month 13 does not exist; months run from 1 to 12")
    let year = #expect(throws: DateError.self) { try date("0000-01-01") }
    #expect(year?.description == "'0000-01-01' is not a date: year 0 is outside the supported range 1 to 9999")
  }

  @Test("given text that is not strict ISO, when parsed as ISO, then the error shows the expected form")
  func isoMalformed() {
    for text in ["2024-3-15", "24-03-15", "2024/03/15", "2024-03-15T10:00", "20240315", "", "2024-03-1a", "2024--03"] {
      let error = #expect(throws: DateError.self) { try CivilDate(parsing: text) }
      #expect(error == .malformed(text: text, expected: "YYYY-MM-DD (for example 2024-03-15)"), "\(text)")
    }
    #expect(
      DateError.malformed(text: "x", expected: DateFormat.iso.description).description
        == "'x' is not in the form YYYY-MM-DD (for example 2024-03-15)")
  }

  @Test("given day-first CSV dates, when parsed, then slashes, dots and short fields work")
  func dayMonthYear() throws {
    let expected = try CivilDate(year: 2024, month: 3, day: 15)
    #expect(try CivilDate(parsing: "15/03/2024", format: .dayMonthYear) == expected)
    #expect(try CivilDate(parsing: "15.03.2024", format: .dayMonthYear) == expected)
    #expect(try CivilDate(parsing: "5.3.2024", format: .dayMonthYear) == CivilDate(year: 2024, month: 3, day: 5))
    #expect(throws: DateError.self) { try CivilDate(parsing: "15/03.2024", format: .dayMonthYear) }
    #expect(throws: DateError.self) { try CivilDate(parsing: "15/03/24", format: .dayMonthYear) }
    let error = #expect(throws: DateError.self) { try CivilDate(parsing: "31/04/2024", format: .dayMonthYear) }
    #expect(error?.description == "'31/04/2024' is not a date: April 2024 has 30 days")
    let shape = #expect(throws: DateError.self) { try CivilDate(parsing: "2024-03-15", format: .dayMonthYear) }
    #expect(shape?.description == "'2024-03-15' is not in the form DD/MM/YYYY or DD.MM.YYYY (for example 15/03/2024)")
  }

  @Test("given month-first CSV dates, when parsed, then month and day are read in that order")
  func monthDayYear() throws {
    #expect(try CivilDate(parsing: "03/15/2024", format: .monthDayYear) == CivilDate(year: 2024, month: 3, day: 15))
    #expect(try CivilDate(parsing: "1/2/2024", format: .monthDayYear) == CivilDate(year: 2024, month: 1, day: 2))
    let error = #expect(throws: DateError.self) { try CivilDate(parsing: "15/03/2024", format: .monthDayYear) }
    #expect(error?.description == "'15/03/2024' is not a date: month 15 does not exist; months run from 1 to 12")
  }

  @Test("given known dates, when converted to day numbers and weekdays, then they match the calendar")
  func dayNumbers() throws {
    #expect(try date("1970-01-01").daysSinceEpoch == 0)
    #expect(try date("2000-03-01").daysSinceEpoch == 11_017)
    #expect(try date("2024-03-15").daysSinceEpoch == 19_797)
    #expect(try date("1900-03-01").daysSinceEpoch == -25_508)
    #expect(CivilDate.earliest.daysSinceEpoch == -719_162)
    #expect(CivilDate.latest.daysSinceEpoch == 2_932_896)
    #expect(try CivilDate(daysSinceEpoch: 19_782) == date("2024-02-29"))
    #expect(try date("1970-01-01").weekday == 4)
    #expect(try date("2024-03-15").weekday == 5)
    #expect(try date("2024-03-17").weekday == 7)
    #expect(try date("2024-03-18").weekday == 1)
    #expect(CivilDate.earliest.weekday == 1)
    #expect(try date("1900-03-01").weekday == 4)
  }

  @Test("given day numbers outside the supported years, when converted, then the error names the range")
  func dayNumberRange() throws {
    let error = #expect(throws: DateError.self) { try CivilDate(daysSinceEpoch: 2_932_897) }
    #expect(error?.description == "day 2932897 counted from 1970-01-01 is outside the supported years 1 to 9999")
    #expect(throws: DateError.dayNumberOutOfRange(-719_163)) { try CivilDate(daysSinceEpoch: -719_163) }
    #expect(throws: DateError.self) { try CivilDate.latest.adding(days: 1) }
    #expect(throws: DateError.self) { try CivilDate.earliest.adding(days: .min) }
    #expect(try date("2024-02-28").adding(days: 2) == date("2024-03-01"))
    #expect(try date("2024-01-01").adding(days: -1) == date("2023-12-31"))
    #expect(try date("2024-01-01").days(until: date("2025-01-01")) == 366)
  }

  @Test("given dates, when compared and asked for their month, then order is chronological")
  func ordering() throws {
    #expect(try date("2023-12-31") < date("2024-01-01"))
    #expect(try date("2024-01-31") < date("2024-02-01"))
    #expect(try !(date("2024-02-01") < date("2024-02-01")))
    #expect(
      try [date("2024-03-02"), date("0999-12-31"), date("2024-01-15")].sorted().map(\.description)
        == ["0999-12-31", "2024-01-15", "2024-03-02"])
    #expect(try date("2024-03-15").yearMonth == YearMonth(year: 2024, month: 3))
  }

  @Test("given UTC timestamps from an injected clock, when asked for today, then the UTC calendar day is returned")
  func today() throws {
    #expect(CivilDate.today(utcMilliseconds: 0) == (try date("1970-01-01")))
    #expect(CivilDate.today(utcMilliseconds: -1) == (try date("1969-12-31")))
    #expect(CivilDate.today(utcMilliseconds: 86_400_000 - 1) == (try date("1970-01-01")))
    #expect(CivilDate.today(utcMilliseconds: 1_710_460_800_000) == (try date("2024-03-15")))
    #expect(CivilDate.today(utcMilliseconds: 1_710_547_199_999) == (try date("2024-03-15")))
    #expect(CivilDate.today(utcMilliseconds: .max) == CivilDate.latest)
    #expect(CivilDate.today(utcMilliseconds: .min) == CivilDate.earliest)
  }
}
