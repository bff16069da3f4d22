import LedgerDomain
import ProjectionEngine
import SharedRows

/// The keys of the notifications read model's tables.
enum NotificationKeys {
  static let settingsSize = 1
  static let categorySize = 16
  static let monthSize = 20
  static let alertSize = 21

  /// The one row of the ledger's settings.
  static let settings: [UInt8] = [0]

  /// category (16).
  static func category(_ category: CategoryID) -> [UInt8] { KeyPart.id(category.raw) }

  /// category (16) ‖ month (4): a category's months sit together, in order.
  static func month(_ category: CategoryID, _ month: UInt32) -> [UInt8] {
    KeyPart.id(category.raw) + KeyPart.u32(month)
  }

  /// category (16) ‖ month (4) ‖ threshold (1).
  static func alert(_ category: CategoryID, _ month: UInt32, _ threshold: BudgetThreshold) -> [UInt8] {
    KeyPart.id(category.raw) + KeyPart.u32(month) + [threshold.rawValue]
  }
}
