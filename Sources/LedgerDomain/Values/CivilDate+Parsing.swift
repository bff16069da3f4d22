extension CivilDate {
  /// Parses a strict ISO 8601 date, `YYYY-MM-DD`, e.g. `2024-03-15`.
  public init(parsing text: String) throws(DateError) {
    try self.init(parsing: text, format: .iso)
  }

  /// Parses a date written in `format`, ignoring surrounding whitespace.
  ///
  /// Throws ``DateError/malformed(text:expected:)`` when the text does not have the format's
  /// shape and ``DateError/notADate(text:reason:)`` when it does but names no real date
  /// (`2024-02-30`).
  public init(parsing text: String, format: DateFormat) throws(DateError) {
    // Formed only when thrown: describing the format costs more than reading a date.
    func malformed() -> DateError { .malformed(text: text, expected: format.description) }
    guard let fields = DateFields(text) else { throw malformed() }
    let year: Int, month: Int, day: Int
    switch format {
    case .iso:
      guard fields.separator == "-", fields.widths == (4, 2, 2) else { throw malformed() }
      (year, month, day) = fields.values
    case .dayMonthYear, .monthDayYear:
      guard (1...2).contains(fields.widths.0), (1...2).contains(fields.widths.1), fields.widths.2 == 4 else {
        throw malformed()
      }
      let (first, second) = (fields.values.0, fields.values.1)
      year = fields.values.2
      (month, day) = format == .dayMonthYear ? (second, first) : (first, second)
    }
    do {
      try self.init(year: year, month: month, day: day)
    } catch {
      throw .notADate(text: text, reason: error)
    }
  }
}
