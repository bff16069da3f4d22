/// Characters that change how text looks without showing themselves: control characters (C0
/// and C1), the marks and controls that reorder text on screen (bidi), zero-width characters,
/// and others that draw nothing (a soft hyphen, a Hangul filler). A name holding one can pass
/// for another in a list or in `budget history`
/// (`Rent` and `Re\u{200B}nt`), or reverse what follows it on a terminal — so names, notes,
/// actors and every other text the ledger keeps refuse them.
///
/// The zero-width joiner is allowed between two emoji, where it joins them into one (👨‍👩‍👧);
/// the tab, the line feed and the next-line mark are the callers' to allow (in notes) or refuse
/// (in names).
public enum HiddenCharacters {
  /// The first hidden character of `text`, if any.
  public static func first(in text: String) -> Unicode.Scalar? {
    // A walk of the scalars with the one before in hand: no copy of them (an import checks
    // every name that is not plain ASCII).
    let scalars = text.unicodeScalars
    var previous: Unicode.Scalar?
    var index = scalars.startIndex
    while index != scalars.endIndex {
      let scalar = scalars[index]
      let next = scalars.index(after: index)
      if isHidden(scalar),
        !isPartOfASequence(scalar, after: previous, before: next == scalars.endIndex ? nil : scalars[next])
      {
        return scalar
      }
      previous = scalar
      index = next
    }
    return nil
  }

  /// `scalar` as people can read it about: `U+202E`.
  public static func name(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// `text` with every hidden character written out as its name in angle brackets
  /// (`Re<U+200B>nt`), tab and line feed kept: for printing text that was stored before these
  /// rules, or that came from outside (a browser's name for itself), where a terminal shows it.
  public static func visible(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A || $0 >= 0x7F }), first(in: text) != nil
    else { return text }
    let scalars = Array(text.unicodeScalars)
    var output = String.UnicodeScalarView()
    for (index, scalar) in scalars.enumerated() {
      let previous = index > 0 ? scalars[index - 1] : nil
      let next = index + 1 < scalars.count ? scalars[index + 1] : nil
      if isHidden(scalar), !isPartOfASequence(scalar, after: previous, before: next) {
        output.append(contentsOf: "<\(name(scalar))>".unicodeScalars)
      } else {
        output.append(scalar)
      }
    }
    return String(output)
  }

  static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x08, 0x0B...0x1F, 0x7F...0x84, 0x86...0x9F: true  // C0 and C1 controls but tab, line feed, next line
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidi marks and controls
    case 0x200B...0x200D, 0x2060, 0xFEFF: true  // zero-width characters
    // Characters that draw nothing: the soft hyphen, the grapheme joiner, Hangul and Khmer
    // fillers, Mongolian selectors, invisible operators and
    // deprecated format characters, annotation marks, musical format marks, tags and
    // variation selectors (the last two are let through where they shape an emoji or a Han
    // character: ``isPartOfASequence(_:after:before:)``).
    case 0x00AD, 0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B...0x180F, 0x2061...0x2064,
      0x206A...0x206F, 0x3164, 0xFFA0, 0xFFF9...0xFFFB, 0x1D173...0x1D17A:
      true
    case 0xFE00...0xFE0F, 0xE0000...0xE007F, 0xE0100...0xE01EF: true
    default: false
    }
  }

  /// Whether a hidden `scalar` does a visible job where it stands: a zero-width joiner between
  /// two emoji (👨‍👩‍👧), a variation selector after an emoji (❤️) or, from the supplement, a
  /// Han character, tags after a flag's black flag (🏴 and its region).
  static func isPartOfASequence(
    _ scalar: Unicode.Scalar, after previous: Unicode.Scalar?, before next: Unicode.Scalar?
  ) -> Bool {
    let emojiBefore = previous.map { $0.properties.isEmoji || $0.value == 0xFE0F } == true
    switch scalar.value {
    case 0x200D: return emojiBefore && next?.properties.isEmoji == true
    case 0xFE0E, 0xFE0F: return previous?.properties.isEmoji == true
    case 0xE0100...0xE01EF: return previous?.properties.isIdeographic == true
    case 0xE0020...0xE007F:
      return previous.map { $0.value == 0x1F3F4 || (0xE0020...0xE007F).contains($0.value) } == true
    default: return false
    }
  }
}
