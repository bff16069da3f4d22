extension Money {
  /// Parses an amount exactly, e.g. `42.5`, `-1,234.56`, `0.0001`, `.5` or (with
  /// `decimalSeparator: .comma`) `1 234,56` and `1.234,56`.
  ///
  /// Accepted: surrounding whitespace; one leading `+`, `-` or `−` (U+2212); digits, optionally
  /// in groups of three separated by one grouping character used consistently (`,` with a
  /// period decimal separator, `.` with a comma one, and `'` or a space with either); then the
  /// decimal separator and 1 to 4 fraction digits. Extra fraction digits are accepted only when
  /// they are zeros (`1.50000`), since the value is still exact.
  ///
  /// Refused, naming the text: empty input, a separator with nothing after it (`1.`), letters
  /// or other symbols, more than one sign, malformed groups (`1,23,4.5`), more than four
  /// significant decimal places (never rounded), and amounts beyond `Int64` units (never
  /// wrapped).
  public init(
    parsing text: String, currency: Currency, decimalSeparator: DecimalSeparator = .period
  ) throws(MoneyError) {
    let units = try MoneyParser(text: text, separator: decimalSeparator).parse()
    self.init(units: units, currency: currency)
  }
}
