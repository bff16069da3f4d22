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
    // Written back to front into bytes (reports print tens of thousands of amounts: a string
    // built piece by piece cost more than the arithmetic that made them).
    let magnitude = units.magnitude
    let scale = UInt64(Self.scale)
    var whole = magnitude / scale
    var fraction = magnitude % scale
    var fractionDigits = 4
    let minimumDigits = min(max(currency.minorUnitDigits, 0), 4)
    while fractionDigits > minimumDigits, fraction % 10 == 0 {
      fraction /= 10
      fractionDigits -= 1
    }
    let separator = decimalSeparator == .period ? UInt8(ascii: ".") : UInt8(ascii: ",")
    let groupSeparator = decimalSeparator == .period ? UInt8(ascii: ",") : UInt8(ascii: ".")
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
      var start = buffer.count
      func put(_ byte: UInt8) {
        start -= 1
        buffer[start] = byte
      }
      for _ in 0..<fractionDigits {
        put(UInt8(ascii: "0") + UInt8(fraction % 10))
        fraction /= 10
      }
      if fractionDigits > 0 { put(separator) }
      var written = 0
      repeat {
        if grouping, written > 0, written % 3 == 0 { put(groupSeparator) }
        put(UInt8(ascii: "0") + UInt8(whole % 10))
        whole /= 10
        written += 1
      } while whole > 0
      if units < 0 { put(UInt8(ascii: "-")) }
      return String(decoding: UnsafeMutableBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
    }
  }

  /// ``formatted(grouping:decimalSeparator:)`` with the defaults: `-1234.56`.
  public var amountString: String { formatted() }
}
