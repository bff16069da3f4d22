/// A script as the phone downloads it: without comments, indentation, blank lines and the
/// spaces that separate nothing, yet the same sequence of tokens as the file in the repository.
///
/// It reads the script once, knowing strings, template literals (with the code inside their
/// `${…}`), regular-expression literals and comments, and drops only whitespace outside them
/// that no token needs: a space stays between two word characters (`return x`), between
/// `+ +`, `- -` and `/ /`, and every line break that ends a line of code stays, so automatic
/// semicolon insertion reads the code as before. Names are not shortened: the served script is
/// the readable one, squeezed. `Tests/ServerTests/Web` checks with a real JavaScript tokenizer
/// that every served script has its source's tokens.
struct ScriptCompactor {
  private let source: [UInt8]
  private var index = 0
  private var output: [UInt8] = []
  /// Brace depths of the `${…}` expressions the reader is inside, innermost last.
  private var templateDepths: [Int] = []
  /// A space or line break seen since the last byte written, not yet written.
  private var pendingSpace = false
  private var pendingNewline = false
  /// The last word written, when the last token was a word: a regular expression may follow
  /// a keyword such as `return` but not a name.
  private var lastWord: [UInt8] = []

  /// `script` compacted.
  static func compacted(_ script: String) -> String {
    var compactor = ScriptCompactor(source: Array(script.utf8))
    compactor.run()
    return String(decoding: compactor.output, as: UTF8.self)
  }

  private init(source: [UInt8]) { self.source = source }

  private mutating func run() {
    while index < source.count {
      let byte = source[index]
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        pendingSpace = true
        index += 1
      case UInt8(ascii: "\n"):
        pendingNewline = true
        index += 1
      case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
        while index < source.count && source[index] != UInt8(ascii: "\n") { index += 1 }
      case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
        skipBlockComment()
      case UInt8(ascii: "/") where regularExpressionMayStart:
        copyRegularExpression()
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        copyString(quote: byte)
      case UInt8(ascii: "`"):
        emit(byte)
        index += 1
        copyTemplate()
      case UInt8(ascii: "{") where !templateDepths.isEmpty:
        templateDepths[templateDepths.count - 1] += 1
        emit(byte)
        index += 1
      case UInt8(ascii: "}") where !templateDepths.isEmpty:
        index += 1
        if templateDepths[templateDepths.count - 1] == 0 {
          templateDepths.removeLast()
          flushWhitespace(before: byte)
          output.append(byte)
          copyTemplate()
        } else {
          templateDepths[templateDepths.count - 1] -= 1
          emit(byte)
        }
      default:
        emit(byte)
        index += 1
      }
    }
  }

  private func peek(_ offset: Int) -> UInt8? {
    index + offset < source.count ? source[index + offset] : nil
  }

  /// Writes one byte of code, after whatever whitespace must stay before it.
  private mutating func emit(_ byte: UInt8) {
    flushWhitespace(before: byte)
    if Self.isWordByte(byte) {
      if output.last.map(Self.isWordByte) != true { lastWord = [] }
      lastWord.append(byte)
    } else {
      lastWord = []
    }
    output.append(byte)
  }

  /// Writes the line break or space pending before `next`, when the two sides need it.
  private mutating func flushWhitespace(before next: UInt8) {
    defer { pendingSpace = false; pendingNewline = false }
    guard let last = output.last else { return }
    if pendingNewline {
      if last != UInt8(ascii: "\n") { output.append(UInt8(ascii: "\n")) }
    } else if pendingSpace && Self.needsSpace(between: last, and: next) {
      output.append(UInt8(ascii: " "))
    }
  }

  private static func needsSpace(between left: UInt8, and right: UInt8) -> Bool {
    if isWordByte(left) && isWordByte(right) { return true }
    return left == right && (left == UInt8(ascii: "+") || left == UInt8(ascii: "-") || left == UInt8(ascii: "/"))
  }

  /// Letters, digits, `_`, `$` and every byte of a non-ASCII character.
  private static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...:
      true
    default: false
    }
  }

  /// Whether a `/` here opens a regular expression rather than dividing: after an operator,
  /// an opening bracket, a comma, the start of the script, or a keyword that takes an
  /// expression. A line break decides nothing: a `/` that starts a line after `x` divides.
  private var regularExpressionMayStart: Bool {
    guard let last = output.last else { return true }
    if Self.isWordByte(last) {
      let word = String(decoding: lastWord, as: UTF8.self)
      return [
        "return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "instanceof", "yield",
        "await",
      ]
      .contains(word)
    }
    return !")]}".utf8.contains(last)
  }

  private mutating func skipBlockComment() {
    index += 2
    while index < source.count && !(source[index] == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/")) {
      if source[index] == UInt8(ascii: "\n") { pendingNewline = true }
      index += 1
    }
    index += 2
    pendingSpace = true
  }

  private mutating func copyString(quote: UInt8) {
    flushWhitespace(before: quote)
    lastWord = []
    output.append(quote)
    index += 1
    while index < source.count {
      let byte = source[index]
      output.append(byte)
      index += 1
      if byte == UInt8(ascii: "\\"), index < source.count {
        output.append(source[index])
        index += 1
      } else if byte == quote || byte == UInt8(ascii: "\n") {
        return
      }
    }
  }

  /// Copies a template literal's text, from after its opening backtick or a `}` that closes
  /// one of its expressions, through its closing backtick or the `${` of its next expression.
  private mutating func copyTemplate() {
    lastWord = []
    while index < source.count {
      let byte = source[index]
      output.append(byte)
      index += 1
      if byte == UInt8(ascii: "\\"), index < source.count {
        output.append(source[index])
        index += 1
      } else if byte == UInt8(ascii: "`") {
        return
      } else if byte == UInt8(ascii: "$") && index < source.count && source[index] == UInt8(ascii: "{") {
        output.append(source[index])
        index += 1
        templateDepths.append(0)
        return
      }
    }
  }

  private mutating func copyRegularExpression() {
    flushWhitespace(before: UInt8(ascii: "/"))
    lastWord = []
    output.append(UInt8(ascii: "/"))
    index += 1
    var inClass = false
    while index < source.count {
      let byte = source[index]
      output.append(byte)
      index += 1
      if byte == UInt8(ascii: "\\"), index < source.count {
        output.append(source[index])
        index += 1
      } else if byte == UInt8(ascii: "[") {
        inClass = true
      } else if byte == UInt8(ascii: "]") {
        inClass = false
      } else if (byte == UInt8(ascii: "/") && !inClass) || byte == UInt8(ascii: "\n") {
        return
      }
    }
  }
}
