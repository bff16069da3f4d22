/// Why a text is not a ``ColorHex``.
public struct ColorHexError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The refused text.
  public let text: String

  public init(text: String) {
    self.text = text
  }

  public var description: String {
    "'\(text)' is not a color: use # and six hex digits for red, green and blue, for example #4A90E2"
  }
}
