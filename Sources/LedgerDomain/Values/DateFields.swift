/// Three runs of ASCII digits separated twice by the same `-`, `/` or `.`.
struct DateFields {
  /// The three numbers and how many digits each had.
  let values: (Int, Int, Int)
  let widths: (Int, Int, Int)
  let separator: Unicode.Scalar

  init?(_ text: String) {
    // Most dates are plain ASCII without spaces around (`2024-03-15`): read as bytes, with no
    // arrays or scalars formed (an import parses a million of them).
    var text = text
    if let fields = text.withUTF8({ Self.ascii($0) }) {
      self = fields
      return
    }
    var values = [0], widths = [0]
    var separator: Unicode.Scalar?
    let scalars = text.trimmedScalars
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
    self.init(
      values: (values[0], values[1], values[2]), widths: (widths[0], widths[1], widths[2]), separator: separator)
  }

  private init(values: (Int, Int, Int), widths: (Int, Int, Int), separator: Unicode.Scalar) {
    self.values = values
    self.widths = widths
    self.separator = separator
  }

  /// The fields of `bytes` if it holds only digits and separators (no spaces to trim) and
  /// reads as a date's three fields; `nil` sends it to the general reading (which then
  /// refuses it or trims it).
  private static func ascii(_ bytes: UnsafeBufferPointer<UInt8>) -> DateFields? {
    var values = (0, 0, 0), widths = (0, 0, 0)
    var field = 0
    var separator: UInt8 = 0
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        let digit = Int(byte &- UInt8(ascii: "0"))
        switch field {
        case 0:
          guard widths.0 < 4 else { return nil }
          (values.0, widths.0) = (values.0 * 10 + digit, widths.0 + 1)
        case 1:
          guard widths.1 < 4 else { return nil }
          (values.1, widths.1) = (values.1 * 10 + digit, widths.1 + 1)
        default:
          guard widths.2 < 4 else { return nil }
          (values.2, widths.2) = (values.2 * 10 + digit, widths.2 + 1)
        }
      case UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: "."):
        guard separator == 0 || separator == byte, field < 2 else { return nil }
        separator = byte
        field += 1
      default:
        return nil
      }
    }
    guard field == 2, widths.0 > 0, widths.1 > 0, widths.2 > 0 else { return nil }
    return DateFields(values: values, widths: widths, separator: Unicode.Scalar(separator))
  }

  /// Reads `YYYY-MM` strictly: four digits, `-`, two digits (surrounding whitespace ignored).
  static func yearMonth(_ text: String) -> (year: Int, month: Int)? {
    let scalars = text.trimmedScalars
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
