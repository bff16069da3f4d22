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
    let malformed = DateError.malformed(text: text, expected: format.description)
    guard let fields = DateFields(text) else { throw malformed }
    let year: Int, month: Int, day: Int
    switch format {
    case .iso:
      guard fields.separator == "-", fields.widths == [4, 2, 2] else { throw malformed }
      (year, month, day) = (fields.values[0], fields.values[1], fields.values[2])
    case .dayMonthYear, .monthDayYear:
      guard (1...2).contains(fields.widths[0]), (1...2).contains(fields.widths[1]), fields.widths[2] == 4 else {
        throw malformed
      }
      let (first, second) = (fields.values[0], fields.values[1])
      year = fields.values[2]
      (month, day) = format == .dayMonthYear ? (second, first) : (first, second)
    }
    do {
      try self.init(year: year, month: month, day: day)
    } catch {
      throw .notADate(text: text, reason: error)
    }
  }
}

/// Three runs of ASCII digits separated twice by the same `-`, `/` or `.`.
struct DateFields {
  let values: [Int]
  let widths: [Int]
  let separator: Unicode.Scalar

  init?(_ text: String) {
    var values = [0], widths = [0]
    var separator: Unicode.Scalar?
    var scalars = Array(text.unicodeScalars)[...]
    while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
    for scalar in scalars {
      if ("0"..."9").contains(scalar) {
        guard widths[widths.count - 1] < 4 else { return nil }
        values[values.count - 1] = values[values.count - 1] * 10 + Int(scalar.value - 48)
        widths[widths.count - 1] += 1
      } else if scalar == "-" || scalar == "/" || scalar == "." {
        guard separator == nil || separator == scalar, widths.count < 3 else { return nil }
        separator = scalar
        values.append(0)
        widths.append(0)
      } else {
        return nil
      }
    }
    guard let separator, widths.count == 3, !widths.contains(0) else { return nil }
    self.values = values
    self.widths = widths
    self.separator = separator
  }

  /// Splits `text` into digit runs separated by `separator` only, for `YYYY-MM`.
  static func yearMonth(_ text: String) -> (year: Int, month: Int)? {
    var scalars = Array(text.unicodeScalars)[...]
    while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
    guard scalars.count == 7, scalars[scalars.startIndex + 4] == "-" else { return nil }
    var year = 0, month = 0
    for (offset, scalar) in scalars.enumerated() where offset != 4 {
      guard ("0"..."9").contains(scalar) else { return nil }
      let digit = Int(scalar.value - 48)
      if offset < 4 { year = year * 10 + digit } else { month = month * 10 + digit }
    }
    return (year, month)
  }
}
