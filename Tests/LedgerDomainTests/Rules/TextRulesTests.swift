import Testing

@testable import LedgerDomain

/// Names and texts are trimmed and measured through a byte-by-byte path when they are
/// printable ASCII; it must agree with the Character-based path on every input.
@Suite("Text rules: trimming and measuring")
struct TextRulesTests {
  /// The Character-based trimming every text went through before the ASCII path.
  static func referenceTrim(_ text: String) -> String {
    var slice = Substring(text)
    while let first = slice.first, first.isWhitespace { slice.removeFirst() }
    while let last = slice.last, last.isWhitespace { slice.removeLast() }
    return String(slice)
  }

  static let samples = [
    "", " ", "   ", "Food", " Food", "Food ", "  Food  ", "Eating out", " a b ", "~!@#$%^&*()_+ ",
    "\tFood\n", "Caf\u{E9}", " Caf\u{E9} ", "\u{A0}Food\u{A0}", "Food\u{2003}", "e\u{301}", " e\u{301} ",
    "\r\n", "a\r\nb", "\u{7F}x", "x\u{1}", "  \u{200B}  ",
  ]

  @Test(
    "given 20,000 byte strings of 0 to 40 bytes, most printable with one byte at the edges of the range (0x1F, 0x20, 0x7E, 0x7F, 0x80, 0xFF) anywhere, when checked eight bytes at a time, then the answer is the byte-by-byte one"
  )
  func printableASCIIWordAtATime() {
    var generator = SplitMix64(seed: 11)
    let edges: [UInt8] = [0x00, 0x1F, 0x20, 0x21, 0x7E, 0x7F, 0x80, 0xA0, 0xFF]
    for _ in 0..<20_000 {
      let length = Int(generator.next() % 41)
      var bytes = (0..<length).map { _ in UInt8(0x20 + generator.next() % 0x5F) }
      if length > 0, generator.next() % 2 == 0 {
        bytes[Int(generator.next() % UInt64(length))] = edges[Int(generator.next() % UInt64(edges.count))]
      }
      let expected = bytes.allSatisfy { (0x20...0x7E).contains($0) }
      #expect(bytes.withUnsafeBufferPointer(TextRules.isPrintableASCII) == expected, "\(bytes)")
    }
  }

  @Test("given printable-ASCII and other texts, when trimmed, then the result equals the Character-based trimming")
  func trimmingAgrees() {
    var generator = SystemRandomNumberGenerator()
    var texts = Self.samples
    for _ in 0..<500 {
      let length = Int.random(in: 0...12, using: &generator)
      texts.append(
        String((0..<length).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &generator))) }))
      texts.append("  " + (texts.last ?? "") + " ")
    }
    for text in texts {
      #expect(TextRules.trim(text) == Self.referenceTrim(text), "\(text.debugDescription)")
    }
  }

  @Test(
    "given texts of printable ASCII and not, when validated, then lengths count characters and control characters are refused on both paths"
  )
  func validationAgrees() throws {
    #expect(try TextRules.validated("  Market  ", field: "name", maximum: 6) == "Market")
    #expect(throws: DomainError.self) { try TextRules.validated(" Markets ", field: "name", maximum: 6) }
    #expect(try TextRules.validated(" Caf\u{E9}e\u{301} ", field: "name", maximum: 5) == "Caf\u{E9}e\u{301}")
    #expect(throws: DomainError.self) { try TextRules.validated("   ", field: "name", maximum: 6) }
    #expect(throws: DomainError.self) { try TextRules.validated("a\u{1}b", field: "name", maximum: 6) }
    #expect(throws: DomainError.self) { try TextRules.validated("a\u{7F}b", field: "name", maximum: 6) }
    #expect(try TextRules.optional("two\nlines", field: "notes", maximum: 20) == "two\nlines")
  }

  @Test(
    "given a name with a line break or a tab inside, when validated, then refused saying it must be one line; notes and descriptions keep theirs"
  )
  func namesAreOneLine() throws {
    for text in ["two\nlines", "car\rriage", "tab\there", "line\u{2028}sep", "next\u{85}line", "caf\u{E9}\nbar"] {
      let error = #expect(throws: DomainError.self) { try TextRules.validated(text, field: "name", maximum: 50) }
      #expect(error?.description.contains("one line") == true, "\(text.debugDescription): \(String(describing: error))")
      if !text.contains("\r") {  // a carriage return is a control character anywhere
        #expect(try TextRules.optional(text, field: "description", maximum: 50) == text)
      }
    }
    #expect(try TextRules.validated("\n Market \t", field: "name", maximum: 50) == "Market")  // at the ends: trimmed
  }

  @Test(
    "given names with a bidi override, a zero-width space or a C1 control, when validated, then each is refused naming the character; emoji joined by ZWJ are kept"
  )
  func hiddenCharactersAreRefused() throws {
    for (text, code) in [
      ("Rent\u{202E}laH", "U+202E"), ("Re\u{200B}nt", "U+200B"), ("Bills\u{9B}31m", "U+009B"),
      ("\u{2066}Food", "U+2066"),
      ("Gym\u{FEFF}", "U+FEFF"),
    ] {
      let error = #expect(throws: DomainError.self) { try TextRules.validated(text, field: "name", maximum: 50) }
      #expect(error?.description.contains(code) == true, "\(text.debugDescription): \(String(describing: error))")
      #expect(throws: DomainError.self) { try TextRules.optional(text, field: "notes", maximum: 50) }
    }
    // A family emoji is three emoji joined by zero-width joiners: one character, kept.
    let family = "Family \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
    #expect(try TextRules.validated(family, field: "name", maximum: 50) == family)
    // A joiner between letters joins nothing: refused.
    #expect(throws: DomainError.self) { try TextRules.validated("Fo\u{200D}od", field: "name", maximum: 50) }
  }

  @Test(
    "given names with characters that draw nothing (soft hyphen, grapheme joiner, Hangul filler, Mongolian separator, a tag, a variation selector after a letter), when validated, then each is refused; emoji sequences are kept"
  )
  func invisibleLookAlikesAreRefused() throws {
    for (text, code) in [
      ("Check\u{AD}ing", "U+00AD"), ("Fo\u{34F}od", "U+034F"), ("Rent\u{3164}", "U+3164"),
      ("\u{115F}Food", "U+115F"), ("Gy\u{180E}m", "U+180E"), ("Bills\u{E0001}", "U+E0001"),
      ("Fo\u{FE0F}od", "U+FE0F"),
    ] {
      let error = #expect(throws: DomainError.self) { try TextRules.validated(text, field: "name", maximum: 50) }
      #expect(error?.description.contains(code) == true, "\(text.debugDescription): \(String(describing: error))")
    }
    // A red heart is the heart and a variation selector; Scotland's flag is a black flag and tags.
    for kept in ["Love \u{2764}\u{FE0F}", "Trip \u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"] {
      #expect(try TextRules.validated(kept, field: "name", maximum: 50) == kept)
      #expect(HiddenCharacters.visible(kept) == kept)
    }
    #expect(HiddenCharacters.visible("Check\u{AD}ing") == "Check<U+00AD>ing")
  }
}
