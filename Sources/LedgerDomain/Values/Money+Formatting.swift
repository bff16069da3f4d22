extension Money {
  /// The amount as text without the currency code, exactly, e.g. `-1234.56`, `42`, `1.250`.
  ///
  /// Prints at least the currency's minor-unit digits (EUR `42.50`, JPY `42`, KWD `1.250`)
  /// and more only when the amount has them (`0.0001 EUR`); nothing is ever rounded. Negative
  /// amounts start with `-`. With `grouping`, whole units are grouped in threes with
  /// ``DecimalSeparator/groupingSeparator`` (`1,234,567.89` or `1.234.567,89`). The result
  /// parses back to the same amount with ``init(parsing:currency:decimalSeparator:)`` and the
  /// same separator.
  public func formatted(grouping: Bool = false, decimalSeparator: DecimalSeparator = .period) -> String {
    let magnitude = units.magnitude
    let scale = UInt64(Self.scale)
    var whole = String(magnitude / scale)
    if grouping { whole = Self.grouped(whole, with: decimalSeparator.groupingSeparator) }

    let fractionValue = magnitude % scale
    var fraction = String(fractionValue)
    fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
    let minimumDigits = min(max(currency.minorUnitDigits, 0), 4)
    while fraction.count > minimumDigits, fraction.last == "0" { fraction.removeLast() }

    var result = units < 0 ? "-" : ""
    result += whole
    if !fraction.isEmpty {
      result.append(decimalSeparator.character)
      result += fraction
    }
    return result
  }

  /// ``formatted(grouping:decimalSeparator:)`` with the defaults: `-1234.56`.
  public var amountString: String { formatted() }

  private static func grouped(_ digits: String, with separator: Character) -> String {
    var result = ""
    let count = digits.count
    for (index, digit) in digits.enumerated() {
      if index > 0, (count - index) % 3 == 0 { result.append(separator) }
      result.append(digit)
    }
    return result
  }
}
