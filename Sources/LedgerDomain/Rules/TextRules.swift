import Bytes

/// Checks on user-entered text, shared by every command.
enum TextRules {
  /// `text` without surrounding whitespace, if it has `minimum...maximum` characters and no
  /// control characters.
  /// Required text of one line: a name, a reason, a tag. A line break or a tab in a name would
  /// break every table it is shown in, and the journals it is exported to.
  static func validated(_ text: String, field: String, minimum: Int = 1, maximum: Int) throws(DomainError) -> String {
    try checked(trimming(text), field: field, minimum: minimum, maximum: maximum, lineBreaks: false)
  }

  /// Like ``validated(_:field:minimum:maximum:)`` but `nil` and blank text mean "none".
  static func optional(_ text: String?, field: String, maximum: Int) throws(DomainError) -> String? {
    guard let text else { return nil }
    let trimmed = trimming(text)
    guard !trimmed.text.isEmpty else { return nil }
    return try checked(trimmed, field: field, minimum: 1, maximum: maximum, lineBreaks: true)
  }

  static func trim(_ text: String) -> String { trimming(text).text }

  /// The length and character checks of ``validated(_:field:minimum:maximum:)`` on text
  /// already trimmed; line breaks and tabs only where `lineBreaks` allows them (descriptions
  /// and notes). Printable ASCII (most names) has a character per byte and no control
  /// characters, so neither needs grapheme breaking or a scalar walk.
  private static func checked(
    _ trimmed: (text: String, printable: Bool), field: String, minimum: Int, maximum: Int, lineBreaks: Bool
  ) throws(DomainError) -> String {
    let count = trimmed.printable ? trimmed.text.utf8.count : trimmed.text.count
    if count < minimum {
      throw .invalidField(
        field: field, reason: minimum == 1 ? "must not be empty" : "needs at least \(minimum) characters")
    }
    if count > maximum {
      throw .invalidField(field: field, reason: "has \(count) characters; at most \(maximum) are allowed")
    }
    if !trimmed.printable, !lineBreaks,
      trimmed.text.unicodeScalars.contains(where: { Self.lineBreaksAndTabs.contains($0.value) })
    {
      throw .invalidField(field: field, reason: "contains a line break or a tab; it must be one line")
    }
    if !trimmed.printable, let hidden = HiddenCharacters.first(in: trimmed.text) {
      let what = hidden.value < 0x20 || (0x7F...0x9F).contains(hidden.value) ? "control" : "invisible or text-direction"
      throw .invalidField(
        field: field,
        reason:
          "contains \(what) characters (\(HiddenCharacters.name(hidden))), which would hide what it says; type it again without them"
      )
    }
    return trimmed.text
  }

  /// Line feed, vertical tab, form feed, carriage return, tab, next line, line and paragraph
  /// separators: what may end a line or jump in one.
  private static let lineBreaksAndTabs: Set<UInt32> = [0x0A, 0x0B, 0x0C, 0x0D, 0x09, 0x85, 0x2028, 0x2029]

  /// `text` without surrounding whitespace, and whether it is printable ASCII throughout.
  /// Then the only whitespace is the space, trimmed byte by byte without looking up any
  /// Character's Unicode properties.
  private static func trimming(_ text: String) -> (text: String, printable: Bool) {
    if isPrintableASCII(text) {
      let bytes = text.utf8
      guard let first = bytes.firstIndex(where: { $0 != 0x20 }), let last = bytes.lastIndex(where: { $0 != 0x20 })
      else {
        return ("", true)
      }
      let whole = first == bytes.startIndex && last == bytes.index(before: bytes.endIndex)
      return (whole ? text : String(text[first...last]), true)
    }
    var slice = Substring(text)
    while let first = slice.first, first.isWhitespace { slice.removeFirst() }
    while let last = slice.last, last.isWhitespace { slice.removeLast() }
    return (String(slice), false)
  }

  /// Whether every byte is a printable ASCII character, space to tilde.
  static func isPrintableASCII(_ text: String) -> Bool {
    // Over the contiguous bytes when the string has them (native strings do): the generic
    // walk of the UTF-8 view costs more than the check, once per field of every transaction.
    text.utf8.withContiguousStorageIfAvailable(isPrintableASCII) ?? text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
  }

  /// ``isPrintableASCII(_:)-(String)`` over bytes, eight at a time (`ASCIIBytes`).
  static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    ASCIIBytes.arePrintable(bytes)
  }

  /// Case-insensitive comparison key for names.
  static func key(_ name: String) -> String { trim(name).lowercased() }

  /// Icon names: 1–50 of `a-z 0-9 . -`, like `cart.fill`.
  static func icon(_ name: String) throws(DomainError) -> String {
    let icon = trim(name)
    guard (1...50).contains(icon.count),
      icon.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-" })
    else {
      throw .invalidField(
        field: "icon", reason: "'\(name)' is not an icon name; use lower-case words joined by dots, like cart.fill")
    }
    return icon
  }
}

/// Limits from the seeds, in characters.
public enum FieldLimits {
  public static let transactionName = 100
  public static let description = 500
  public static let notes = 1000
  public static let categoryName = 50
  public static let accountName = 100
  public static let periodName = 50
  public static let ledgerName = 100
  public static let reason = 500
  public static let tag = 30
  public static let tagCount = 20
  public static let incomeSource = 50
  public static let scheduleName = 100
  /// The most days before an occurrence its reminder may show.
  public static let reminderDays = 60
}
