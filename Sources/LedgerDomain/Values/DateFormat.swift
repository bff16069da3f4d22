/// The layouts ``CivilDate/init(parsing:format:)`` understands, for reading CSV imports.
public enum DateFormat: Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// ISO 8601, `yyyy-MM-dd`, strictly: four-digit year, two-digit month and day.
  case iso
  /// Day first, `dd/MM/yyyy` or `dd.MM.yyyy` (also `-`), as in most of Europe. Day and month may
  /// have one or two digits; the year has four.
  case dayMonthYear
  /// Month first, `MM/dd/yyyy` (also `.` or `-`), as in the US. Day and month may have one or
  /// two digits; the year has four.
  case monthDayYear

  /// The pattern with an example, as shown in error messages.
  public var description: String {
    switch self {
    case .iso: "YYYY-MM-DD (for example 2024-03-15)"
    case .dayMonthYear: "DD/MM/YYYY or DD.MM.YYYY (for example 15/03/2024)"
    case .monthDayYear: "MM/DD/YYYY (for example 03/15/2024)"
    }
  }
}
