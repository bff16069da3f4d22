/// Three runs of ASCII digits separated twice by the same `-`, `/` or `.`.
struct DateFields {
  let values: [Int]
  let widths: [Int]
  let separator: Unicode.Scalar

  init?(_ text: String) {
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
    self.values = values
    self.widths = widths
    self.separator = separator
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
