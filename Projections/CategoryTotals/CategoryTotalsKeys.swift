import LedgerDomain
import ProjectionEngine
import SharedRows

/// Keys of the category-totals tables. Month and year come first so one range scan reads
/// every category of a month or year; the currency sits before the category so amounts in
/// different currencies never share a row.
enum TotalsKeys {
  static let monthSize = 23
  static let yearSize = 23
  static let periodSize = 35

  /// month (4) ‖ currency (3) ‖ category (16).
  static func month(_ month: YearMonth, _ currency: String, _ category: CategoryID) -> [UInt8] {
    key(KeyPart.month(month), currency, category)
  }

  /// year (4) ‖ currency (3) ‖ category (16).
  static func year(_ year: Int, _ currency: String, _ category: CategoryID) -> [UInt8] {
    key(UInt32(year), currency, category)
  }

  /// period (16) ‖ currency (3) ‖ category (16).
  static func period(_ period: PeriodID, _ currency: String, _ category: CategoryID) -> [UInt8] {
    var key = KeyBuilder(capacity: periodSize)
    key.append(high: period.raw.high, low: period.raw.low)
    key.append(text: currency, width: 3)
    key.append(high: category.raw.high, low: category.raw.low)
    return key.bytes
  }

  /// ``month(_:_:_:)`` built inline, as the projector folds it (no allocation per posting).
  static func monthKey(_ month: YearMonth, _ currency: String, _ category: CategoryID) -> InlineKey {
    inlineKey(KeyPart.month(month), currency, category)
  }

  /// ``year(_:_:_:)`` built inline.
  static func yearKey(_ year: Int, _ currency: String, _ category: CategoryID) -> InlineKey {
    inlineKey(UInt32(year), currency, category)
  }

  /// ``period(_:_:_:)`` built inline.
  static func periodKey(_ period: PeriodID, _ currency: String, _ category: CategoryID) -> InlineKey {
    var key = InlineKeyBuilder()
    key.append(high: period.raw.high, low: period.raw.low)
    key.append(text: currency, width: 3)
    key.append(high: category.raw.high, low: category.raw.low)
    return key.key
  }

  /// scope (4) ‖ currency (3) ‖ category (16), inline.
  private static func inlineKey(_ scope: UInt32, _ currency: String, _ category: CategoryID) -> InlineKey {
    var key = InlineKeyBuilder()
    key.append(scope)
    key.append(text: currency, width: 3)
    key.append(high: category.raw.high, low: category.raw.low)
    return key.key
  }

  /// A month or year key, built in one allocation.
  private static func key(_ scope: UInt32, _ currency: String, _ category: CategoryID) -> [UInt8] {
    var key = KeyBuilder(capacity: monthSize)
    key.append(scope)
    key.append(text: currency, width: 3)
    key.append(high: category.raw.high, low: category.raw.low)
    return key.bytes
  }

  /// The first and past-the-end keys of every row of `scope`, and the table it is in.
  static func range(of scope: TotalsScope) -> (table: String, lower: [UInt8], upper: [UInt8]) {
    let tail = [UInt8](repeating: 0, count: 19)
    switch scope {
    case .month(let month):
      let index = KeyPart.month(month)
      return ("month", KeyPart.u32(index) + tail, KeyPart.u32(index + 1) + tail)
    case .year(let year):
      return ("year", KeyPart.u32(UInt32(year)) + tail, KeyPart.u32(UInt32(year) + 1) + tail)
    case .period(let period):
      return ("period", KeyPart.id(period.raw) + tail, KeyPart.id(period.raw) + [UInt8](repeating: 0xFF, count: 19))
    }
  }

  /// Every month row from `first` through `last`.
  static func range(months first: YearMonth, through last: YearMonth) -> (lower: [UInt8], upper: [UInt8]) {
    let tail = [UInt8](repeating: 0, count: 19)
    return (KeyPart.u32(KeyPart.month(first)) + tail, KeyPart.u32(KeyPart.month(last) + 1) + tail)
  }
}
