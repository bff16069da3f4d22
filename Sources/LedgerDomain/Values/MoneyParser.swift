/// The scanner behind ``Money/init(parsing:currency:decimalSeparator:)``.
struct MoneyParser {
  let text: String
  let separator: DecimalSeparator
  /// Whether a refusal may suggest the amount written with the other decimal separator (off
  /// while checking that suggestion, so that the check never suggests back).
  var suggests = true

  private func invalid(_ reason: String) -> MoneyError {
    .invalidAmount(text: text, reason: reason)
  }

  func parse() throws(MoneyError) -> Int64 {
    // Most amounts are plain (`-12.30`): read as bytes, with no scalars or digit arrays formed
    // (an import parses a million of them). Anything else takes the general reading below.
    var text = text
    if separator.scalar.isASCII,
      let units = text.withUTF8({ Self.plain($0, separator: UInt8(truncatingIfNeeded: separator.scalar.value)) })
    {
      return units
    }
    var scalars = text.trimmedScalars
    guard !scalars.isEmpty else { throw invalid("it is empty; write an amount such as 42.50") }

    var isNegative = false
    if let first = scalars.first, Self.isSign(first) {
      isNegative = first != "+"
      scalars.removeFirst()
      if let next = scalars.first, Self.isSign(next) {
        throw invalid("it has more than one sign; write at most one + or - before the digits")
      }
      if let next = scalars.first, next.properties.isWhitespace {
        throw invalid("it has a space after the sign; write the sign directly before the digits")
      }
    }

    let (wholeDigits, fractionDigits) = try split(scalars)
    guard !wholeDigits.isEmpty || !(fractionDigits?.isEmpty ?? true) else {
      throw invalid("it has no digits; write an amount such as 42.50")
    }
    if let fractionDigits, fractionDigits.isEmpty {
      throw invalid(
        "it ends with the decimal separator '\(separator.character)'; write the fraction digits or drop the separator")
    }
    var fraction = fractionDigits ?? []
    while fraction.count > 4, fraction.last == 0 { fraction.removeLast() }
    guard fraction.count <= 4 else { throw .tooManyDecimalPlaces(text: text, places: fraction.count) }
    while fraction.count < 4 { fraction.append(0) }

    var magnitude: UInt64 = 0
    for digit in wholeDigits + fraction {
      let (shifted, overflowShift) = magnitude.multipliedReportingOverflow(by: 10)
      let (next, overflowAdd) = shifted.addingReportingOverflow(UInt64(digit))
      if overflowShift || overflowAdd { throw .beyondLedgerLimit(text: text) }
      magnitude = next
    }
    let limit = UInt64(Int64.max) + (isNegative ? 1 : 0)
    guard magnitude <= limit else { throw .beyondLedgerLimit(text: text) }
    if isNegative {
      return magnitude == limit ? Int64.min : -Int64(magnitude)
    }
    return Int64(magnitude)
  }

  /// The units of `bytes` if it is a plain amount — an optional `-` or `+`, 1 to 14 digits,
  /// optionally `separator` and 1 to 4 digits, nothing else — or `nil`. Such an amount never
  /// overflows, and reads as the general parser reads it.
  private static func plain(_ bytes: UnsafeBufferPointer<UInt8>, separator: UInt8) -> Int64? {
    var index = 0
    var isNegative = false
    if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
      isNegative = first == UInt8(ascii: "-")
      index = 1
    }
    var units: Int64 = 0
    var wholeDigits = 0
    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
      guard wholeDigits < 14 else { return nil }  // more: the general reading checks the bounds
      units = units * 10 + Int64(bytes[index] &- UInt8(ascii: "0"))
      wholeDigits += 1
      index += 1
    }
    guard (1...14).contains(wholeDigits) else { return nil }
    var fractionDigits = 0
    if index < bytes.count {
      guard bytes[index] == separator else { return nil }
      index += 1
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        guard fractionDigits < 4 else { return nil }  // more: zeros the general reading drops, or refuses
        units = units * 10 + Int64(bytes[index] &- UInt8(ascii: "0"))
        fractionDigits += 1
        index += 1
      }
      guard index == bytes.count, (1...4).contains(fractionDigits) else { return nil }
    }
    for _ in fractionDigits..<4 { units *= 10 }
    return isNegative ? -units : units
  }

  /// Splits the sign-less body into whole-unit digits (grouping checked and removed) and the
  /// fraction digits (`nil` when there is no decimal separator).
  private func split(_ body: ArraySlice<Unicode.Scalar>) throws(MoneyError) -> ([UInt8], [UInt8]?) {
    var groups: [[UInt8]] = [[]]
    var grouping: Unicode.Scalar?
    var fraction: [UInt8]?

    for scalar in body {
      if let digit = Self.digit(scalar) {
        if fraction != nil { fraction?.append(digit) } else { groups[groups.count - 1].append(digit) }
      } else if scalar == separator.scalar {
        if fraction != nil {
          throw invalid("it has more than one decimal separator '\(separator.character)'")
        }
        fraction = []
      } else if fraction == nil, separator.isGroupingSeparator(scalar) {
        if let grouping, grouping != scalar {
          throw invalid(
            "it mixes the grouping separators '\(Character(grouping))' and '\(Character(scalar))'; use one kind")
        }
        grouping = scalar
        groups.append([])
      } else if Self.isSign(scalar) {
        throw invalid("the sign '\(Character(scalar))' must come before the digits")
      } else if fraction != nil, separator.isGroupingSeparator(scalar) {
        throw invalid(
          "it has '\(Character(scalar))' after the decimal separator '\(separator.character)'; "
            + "the fraction may only hold digits\(hint)")
      } else {
        throw invalid(
          "it contains '\(Character(scalar))', which is not a digit, sign or separator; "
            + "write only the number, such as 42.50, without the currency")
      }
    }

    if let grouping, groups.count > 1 {
      let wellFormed =
        (1...3).contains(groups[0].count) && groups.dropFirst().allSatisfy { $0.count == 3 }
      guard wellFormed else {
        throw invalid(
          "the grouping separator '\(Character(grouping))' must split the digits into groups of three, "
            + "as in \(example)\(hint)")
      }
    }
    return (groups.flatMap { $0 }, fraction)
  }

  private var example: String {
    switch separator {
    case .period: "1,234,567.89"
    case .comma: "1.234.567,89"
    }
  }

  /// Points at the other decimal separator when the text looks written for it, with the
  /// amount written that way: `5,50` → `write 5.50`. (Where a whole file is read with one
  /// setting — a CSV import — the front end names its own option for it.)
  private var hint: String {
    guard suggests else { return "" }
    let swapped = String(
      text.trimmedScalars.map { scalar -> Character in
        scalar == "," ? "." : scalar == "." ? "," : Character(scalar)
      })
    let other: DecimalSeparator = separator == .period ? .comma : .period
    // Only a rewriting that reads as an amount is worth suggesting.
    guard (try? MoneyParser(text: swapped, separator: separator, suggests: false).parse()) != nil else { return "" }
    return "; if '\(other.character)' is the decimal separator there, write \(swapped)"
  }

  private static func isSign(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "+" || scalar == "-" || scalar == "\u{2212}"
  }

  private static func digit(_ scalar: Unicode.Scalar) -> UInt8? {
    ("0"..."9").contains(scalar) ? UInt8(scalar.value - 48) : nil
  }
}
