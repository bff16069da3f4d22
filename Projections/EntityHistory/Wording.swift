import LedgerDomain

/// How values read in a history.
enum Wording {
  /// The marker of an absent value.
  static let none = "(none)"

  /// `text` in double quotes.
  static func quoted(_ text: String) -> String { "\"\(text)\"" }

  /// `text` in double quotes, or `(none)`.
  static func quoted(_ text: String?) -> String { text.map(quoted) ?? none }

  /// `value`'s description, or `(none)`.
  static func text(_ value: (some CustomStringConvertible)?) -> String { value.map(\.description) ?? none }

  /// `field old → new`.
  static func change(_ field: String, _ old: String, _ new: String) -> String { "\(field) \(old) → \(new)" }

  /// Tags as `a, b`, or `(none)`.
  static func tags(_ tags: [String]?) -> String {
    guard let tags, !tags.isEmpty else { return none }
    return tags.joined(separator: ", ")
  }

  static func yesNo(_ value: Bool?) -> String { value.map { $0 ? "yes" : "no" } ?? none }

  static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

  static func weekday(_ number: Int) -> String { (1...7).contains(number) ? weekdays[number - 1] : "day \(number)" }
}
