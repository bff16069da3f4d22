import Interchange
import Testing

@Suite("CSV: cells a spreadsheet would run as formulas")
struct SpreadsheetFormulaEscapingTests {
  @Test(
    "given texts that start like formulas, when escaped, then they get one leading ' and unescape to themselves",
    arguments: [
      (#"=HYPERLINK("http://x")"#, #"'=HYPERLINK("http://x")"#), ("+1", "'+1"), ("-2", "'-2"),
      ("@SUM(A1)", "'@SUM(A1)"),
      ("\tx", "'\tx"), ("\rx", "'\rx"), ("'=x", "''=x"), ("''+x", "'''+x"),
    ])
  func formulasAreEscaped(text: String, cell: String) {
    #expect(SpreadsheetFormulaEscaping.escaped(text) == cell)
    #expect(SpreadsheetFormulaEscaping.unescaped(cell) == text)
  }

  @Test(
    "given texts that do not start like formulas, when escaped or unescaped, then they are unchanged",
    arguments: ["Market", "", "'", "''", "'quoted'", "a=b", "x-1", " =spaced", "Café"])
  func otherTextIsUnchanged(text: String) {
    #expect(SpreadsheetFormulaEscaping.escaped(text) == text)
    #expect(SpreadsheetFormulaEscaping.unescaped(text) == text)
  }

  @Test("given any short text over the characters that matter, when escaped and unescaped, then it comes back")
  func roundTrips() {
    let alphabet: [Character] = ["'", "=", "+", "-", "@", "a", " "]
    var texts = [""]
    for _ in 0..<4 { texts = texts.flatMap { text in alphabet.map { text + String($0) } } + texts }
    for text in texts {
      #expect(SpreadsheetFormulaEscaping.unescaped(SpreadsheetFormulaEscaping.escaped(text)) == text, "\(text)")
    }
  }
}
