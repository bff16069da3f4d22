import LedgerDomain
import ProjectionEngine
import SharedRows

/// Keys of the budget-vs-actual tables.
enum BudgetKeys {
  static let budgetSize = 20
  static let incomeSize = 13
  static let rolloverSize = 20
  static let actualSize = 23

  /// month (4) ‖ category (16): a month's budgets sit together.
  static func budget(_ month: UInt32, _ category: CategoryID) -> [UInt8] {
    KeyPart.u32(month) + KeyPart.id(category.raw)
  }

  /// year (4) ‖ month (1; 0 for a yearly amount) ‖ FNV-1a hash of the source (8).
  static func income(year: Int, month: Int?, source: String) -> [UInt8] {
    KeyPart.u32(UInt32(year)) + [UInt8(month ?? 0)] + KeyBuilder.words(sourceHash(source))
  }

  /// category (16) ‖ month the setting applies from (4).
  static func rollover(_ category: CategoryID, _ month: UInt32) -> [UInt8] {
    KeyPart.id(category.raw) + KeyPart.u32(month)
  }

  /// month (4) ‖ currency (3) ‖ category (16): a month's actuals in a currency sit together.
  /// ``actual(_:_:_:)`` built inline, as the projector folds it (no allocation per posting).
  static func actualKey(_ month: UInt32, _ currency: String, _ category: CategoryID) -> InlineKey {
    var key = InlineKeyBuilder()
    key.append(month)
    key.append(text: currency, width: 3)
    key.append(high: category.raw.high, low: category.raw.low)
    return key.key
  }

  static func actual(_ month: UInt32, _ currency: String, _ category: CategoryID) -> [UInt8] {
    var key = KeyBuilder(capacity: actualSize)  // one allocation: made for every posting
    key.append(month)
    key.append(text: currency, width: 3)
    key.append(high: category.raw.high, low: category.raw.low)
    return key.bytes
  }

  /// A stable 64-bit FNV-1a hash of the source name's UTF-8 (Swift's `Hasher` is seeded per
  /// process, so it cannot key stored rows). The name itself is in the value.
  static func sourceHash(_ source: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in source.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
  }
}
