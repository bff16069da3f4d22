/// A color as `#RRGGBB`, e.g. `#4A90E2`, for tagging categories.
///
/// Parsing ignores case and accepts the `#` as optional (a shell treats an unquoted `#` as a
/// comment); the stored and printed form is always uppercase with the `#`.
public struct ColorHex: Sendable, Hashable, CustomStringConvertible {
  /// The red component, 0...255.
  public let red: UInt8
  /// The green component, 0...255.
  public let green: UInt8
  /// The blue component, 0...255.
  public let blue: UInt8

  /// A neutral gray, `#8E8E93`: the fallback when no color is chosen.
  public static let neutral = ColorHex(red: 0x8E, green: 0x8E, blue: 0x93)

  /// A color from its components.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// Parses `#RRGGBB` (or `RRGGBB`) in any case, ignoring surrounding whitespace.
  public init(parsing text: String) throws(ColorHexError) {
    var scalars = text.trimmedScalars
    if scalars.first == "#" { scalars.removeFirst() }
    guard scalars.count == 6 else { throw ColorHexError(text: text) }
    var value: UInt64 = 0
    for scalar in scalars {
      guard let digit = EntityID.hexValue(scalar) else { throw ColorHexError(text: text) }
      value = value << 4 | digit
    }
    self.init(red: UInt8(value >> 16), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
  }

  /// The normalized form, `#` and six uppercase hex digits, e.g. `#4A90E2`.
  public var description: String {
    "#" + [red, green, blue].map { EntityID.hex(UInt64($0), count: 2) }.joined().uppercased()
  }
}
