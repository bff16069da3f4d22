import LedgerDomain
import Testing

@Suite("ColorHex: #RRGGBB colors, normalized to uppercase")
struct ColorHexTests {
  @Test("given hex colors in any case, with or without #, when parsed, then they normalize to uppercase #RRGGBB")
  func parsing() throws {
    let color = try ColorHex(parsing: "#4a90e2")
    #expect((color.red, color.green, color.blue) == (0x4A, 0x90, 0xE2))
    #expect(color.description == "#4A90E2")
    #expect(try ColorHex(parsing: "ff6b6b").description == "#FF6B6B")
    #expect(try ColorHex(parsing: " #000000 ") == ColorHex(red: 0, green: 0, blue: 0))
    #expect(ColorHex(red: 1, green: 0xAB, blue: 0xFF).description == "#01ABFF")
    #expect(ColorHex.neutral.description == "#8E8E93")
  }

  @Test("given text that is not six hex digits, when parsed, then the error shows an example")
  func malformed() {
    for text in ["#FFF", "#GGGGGG", "#12345", "#1234567", "", "##123456", "red", "#12 456"] {
      let error = #expect(throws: ColorHexError.self) { try ColorHex(parsing: text) }
      #expect(
        error?.description
          == "'\(text)' is not a color: use # and six hex digits for red, green and blue, for example #4A90E2")
    }
  }
}
