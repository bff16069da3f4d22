/// Keeps a spreadsheet from running a CSV cell as a formula (CSV injection), reversibly.
///
/// Spreadsheets treat a cell that starts with `=`, `+`, `-` or `@` (and, in some, a tab or
/// a carriage return) as a formula, so a payee named `=HYPERLINK("http://…")` in an exported
/// register would run when the file is opened. Following OWASP's advice, such a text cell is
/// written with a leading `'`, which spreadsheets show as text.
///
/// The rule is exact both ways, so that `export csv` then `import csv` gives back every text
/// as it was: a cell is escaped when it is any number of `'` followed by one of those
/// characters (so a name that really starts `'=` gets a second `'`), and unescaped — one `'`
/// taken off — when it is one or more `'` followed by one of them. Amounts are never escaped:
/// `-42.50` is a number, and stays one.
public enum SpreadsheetFormulaEscaping {
  /// The characters a spreadsheet starts a formula with.
  static let triggers: Set<UInt8> = [
    UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D,
  ]
  static let quote = UInt8(ascii: "'")

  /// `text` as a CSV cell a spreadsheet shows as text.
  public static func escaped(_ text: String) -> String {
    startsLikeFormula(text.utf8, quotes: 0...) ? "'" + text : text
  }

  /// The text an ``escaped(_:)`` cell was made from; any other cell unchanged.
  public static func unescaped(_ cell: String) -> String {
    // Most cells start with neither: one byte looked at.
    guard cell.utf8.first == quote, startsLikeFormula(cell.utf8, quotes: 1...) else { return cell }
    return String(cell.dropFirst())
  }

  /// Whether `bytes` are a run of `'` (of a length in `quotes`) and then a trigger.
  private static func startsLikeFormula(_ bytes: String.UTF8View, quotes: PartialRangeFrom<Int>) -> Bool {
    var count = 0
    for byte in bytes {
      if byte == quote {
        count += 1
        continue
      }
      return quotes.contains(count) && triggers.contains(byte)
    }
    return false
  }
}
