/// An aligned text table: left-aligned text, right-aligned numbers.
struct Table {
  enum Alignment { case left, right }

  var headers: [String]
  var alignments: [Alignment]
  var rows: [[String]] = []

  init(_ columns: [(String, Alignment)]) {
    headers = columns.map(\.0)
    alignments = columns.map(\.1)
  }

  mutating func add(_ row: [String]) { rows.append(row) }

  /// The rendered table; colour codes in cells do not count towards widths.
  func render() -> String {
    let all = [headers] + rows
    let cellWidths = all.map { row in row.map(visibleWidth) }
    let widths = headers.indices.map { column in cellWidths.map { $0[column] }.max() ?? 0 }
    var output = ""
    output.reserveCapacity(all.count * (widths.reduce(0, +) + 2 * widths.count))
    for (index, row) in all.enumerated() {
      var line = ""
      for column in headers.indices {
        let padding = widths[column] - cellWidths[index][column]
        if column > 0 { line += "  " }
        if alignments[column] == .right { line += String(repeating: " ", count: padding) }
        line += row[column]
        if alignments[column] == .left { line += String(repeating: " ", count: padding) }
      }
      while line.utf8.last == UInt8(ascii: " ") { line.removeLast() }
      if index > 0 { output += "\n" }
      output += index == 0 ? Console.paint(line, .bold) : line
    }
    return output
  }

  private func visibleWidth(_ text: String) -> Int {
    // Plain ASCII, as most cells are: one column per byte (walking Characters costs a
    // grapheme break per step, and a bills table has thousands of cells).
    if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x1B }) { return text.utf8.count }
    var count = 0
    var inEscape = false
    for character in text {
      if character == "\u{1B}" {
        inEscape = true
      } else if inEscape {
        if character == "m" { inEscape = false }
      } else {
        count += 1
      }
    }
    return count
  }
}
