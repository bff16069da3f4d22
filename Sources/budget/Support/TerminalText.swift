import LedgerDomain

/// Standard output of every command: `Swift.print`, but what it prints goes through
/// ``TerminalText/safe(_:)`` first, so that no stored text — a payee imported from a bank
/// file, a name recorded before names were checked, the browser a web session names — can move
/// the cursor, recolour or hide what follows, or reorder a line on the user's terminal.
/// Machine output (`--json`, an export to standard output) is written with `Swift.print`
/// itself: it is data, and stays exact.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
  Swift.print(TerminalText.safe(items.map { "\($0)" }.joined(separator: separator)), terminator: terminator)
}

/// Text made safe for a terminal.
enum TerminalText {
  /// `text` with hidden characters (control, bidi, zero-width; ``HiddenCharacters``) written
  /// out as `<U+XXXX>` — except the colour codes ``Console/paint(_:_:)`` itself adds, which
  /// only set bold, dim, red, green or yellow and reset them.
  static func safe(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A || $0 >= 0x7F }) else { return text }
    guard text.utf8.contains(0x1B) else { return HiddenCharacters.visible(text) }
    var output = ""
    var rest = Substring(text)
    while let escape = rest.firstIndex(of: "\u{1B}") {
      output += HiddenCharacters.visible(String(rest[..<escape]))
      let code = paintCodes.first { rest[escape...].hasPrefix($0) }
      output += code ?? "<U+001B>"
      rest = rest[rest.index(escape, offsetBy: code?.count ?? 1)...]
    }
    return output + HiddenCharacters.visible(String(rest))
  }

  /// The escape sequences ``Console/paint(_:_:)`` writes.
  private static let paintCodes = ["\u{1B}[0m", "\u{1B}[1m", "\u{1B}[2m", "\u{1B}[31m", "\u{1B}[32m", "\u{1B}[33m"]
}
