import LedgerDomain

extension TextTokens {
  /// A word as a `words` key starts with it: its first ``width`` bytes (cut at a character
  /// boundary, as ``indexed(_:)`` cuts), zero-padded, in three big-endian words.
  typealias Token = (UInt64, UInt64, UInt64)

  /// The index words of a transaction — its ``words(of:)``, each cut as ``indexed(_:)`` cuts
  /// it — as tokens, in order, repeats included: one buffer for every word instead of an array
  /// each, which a rebuild made millions of. (A word holds no zero byte, so zero-padding keeps
  /// tokens distinct.)
  static func forEachIndexToken(of row: TransactionAdded, _ body: (Token) -> Void) {
    var word: [UInt8] = []
    word.reserveCapacity(64)
    func end(_ word: inout [UInt8]) {
      body(Self.token(word))
      word.removeAll(keepingCapacity: true)
    }
    scan(row.name, word: &word, end: end)
    if let description = row.description { scan(description, word: &word, end: end) }
    if let notes = row.notes { scan(notes, word: &word, end: end) }
    for tag in row.tags { scan(tag, word: &word, end: end) }
  }

  /// `word`'s token.
  static func token(_ word: [UInt8]) -> Token {
    var length = min(word.count, width)
    if word.count > width {
      while length > 0, word[length] & 0xC0 == 0x80 { length -= 1 }  // don't split a character
    }
    var words: Token = (0, 0, 0)
    withUnsafeMutableBytes(of: &words) { $0.copyBytes(from: word[..<length]) }
    return (UInt64(bigEndian: words.0), UInt64(bigEndian: words.1), UInt64(bigEndian: words.2))
  }
}
