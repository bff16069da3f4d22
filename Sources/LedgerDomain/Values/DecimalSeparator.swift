/// Which character separates the whole units of an amount from its fraction.
///
/// Bank exports and people differ: `1,234.56` (period) or `1.234,56` (comma). The separator also
/// decides which grouping characters are accepted when parsing and printed when formatting.
public enum DecimalSeparator: Sendable, Hashable, CaseIterable {
  /// `1,234.56`: fraction after `.`; groups of three separated by `,` (also `'` or a space).
  case period
  /// `1.234,56`: fraction after `,`; groups of three separated by `.` (also `'` or a space).
  case comma

  /// The separator itself.
  public var character: Character {
    switch self {
    case .period: "."
    case .comma: ","
    }
  }

  /// The grouping separator printed by ``Money/formatted(grouping:decimalSeparator:)``.
  public var groupingSeparator: Character {
    switch self {
    case .period: ","
    case .comma: "."
    }
  }

  var scalar: Unicode.Scalar {
    switch self {
    case .period: "."
    case .comma: ","
    }
  }

  /// Grouping characters accepted when parsing: the opposite punctuation mark, an apostrophe
  /// (Swiss style) and spaces (ordinary, no-break, thin and narrow no-break).
  func isGroupingSeparator(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "'", " ", "\u{00A0}", "\u{2009}", "\u{202F}": true
    case ",": self == .period
    case ".": self == .comma
    default: false
    }
  }
}
