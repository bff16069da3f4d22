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
    let widths = headers.indices.map { column in all.map { visibleWidth($0[column]) }.max() ?? 0 }
    var lines: [String] = []
    for (index, row) in all.enumerated() {
      var cells: [String] = []
      for column in headers.indices {
        let cell = row[column]
        let padding = String(repeating: " ", count: widths[column] - visibleWidth(cell))
        cells.append(alignments[column] == .right ? padding + cell : cell + padding)
      }
      var line = cells.joined(separator: "  ")
      while line.last == " " { line.removeLast() }
      lines.append(index == 0 ? Console.paint(line, .bold) : line)
    }
    return lines.joined(separator: "\n")
  }

  private func visibleWidth(_ text: String) -> Int {
    var count = 0
    var inEscape = false
    for character in text {
      if character == "\u{1B}" { inEscape = true } else if inEscape { if character == "m" { inEscape = false } } else { count += 1 }
    }
    return count
  }
}
