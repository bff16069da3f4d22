/// A category was created (seeds 000, 001, 002). Default categories are created with
/// `isCustom == false` when the ledger is set up.
public struct CategoryCreated: EventPayload {
  public static let kind = EventKind.categoryCreated
  public var event: LedgerEvent { .categoryCreated(self) }
  public static let schemaVersion: UInt16 = 1
  public var category: CategoryID
  public var name: String
  public var kind: CategoryKind
  public var budgetType: BudgetType
  /// The group this category sits under, if any.
  public var parent: CategoryID?
  /// An icon name, e.g. `cart.fill`.
  public var icon: String
  public var color: ColorHex
  public var sortOrder: Int
  public var isCustom: Bool
  public var stream: String { category.stream }

  public init(
    category: CategoryID, name: String, kind: CategoryKind, budgetType: BudgetType, parent: CategoryID? = nil,
    icon: String, color: ColorHex, sortOrder: Int, isCustom: Bool
  ) {
    self.category = category
    self.name = name
    self.kind = kind
    self.budgetType = budgetType
    self.parent = parent
    self.icon = icon
    self.color = color
    self.sortOrder = sortOrder
    self.isCustom = isCustom
  }
}

/// A category got a new name.
public struct CategoryRenamed: EventPayload {
  public static let kind = EventKind.categoryRenamed
  public var event: LedgerEvent { .categoryRenamed(self) }
  public static let schemaVersion: UInt16 = 1
  public var category: CategoryID
  public var previousName: String
  public var name: String
  public var stream: String { category.stream }

  public init(category: CategoryID, previousName: String, name: String) {
    self.category = category
    self.previousName = previousName
    self.name = name
  }
}

/// A category moved under another group, or to another place in the order.
public struct CategoryMoved: EventPayload {
  public static let kind = EventKind.categoryMoved
  public var event: LedgerEvent { .categoryMoved(self) }
  public static let schemaVersion: UInt16 = 1
  public var category: CategoryID
  public var parent: CategoryID?
  public var sortOrder: Int
  public var stream: String { category.stream }

  public init(category: CategoryID, parent: CategoryID?, sortOrder: Int) {
    self.category = category
    self.parent = parent
    self.sortOrder = sortOrder
  }
}

/// A category got a new icon or color.
public struct CategoryRestyled: EventPayload {
  public static let kind = EventKind.categoryRestyled
  public var event: LedgerEvent { .categoryRestyled(self) }
  public static let schemaVersion: UInt16 = 1
  public var category: CategoryID
  public var icon: String
  public var color: ColorHex
  public var stream: String { category.stream }

  public init(category: CategoryID, icon: String, color: ColorHex) {
    self.category = category
    self.icon = icon
    self.color = color
  }
}

/// A category was archived: hidden from pickers, kept for history. Categories with
/// transactions are archived rather than deleted.
public struct CategoryArchived: EventPayload {
  public static let kind = EventKind.categoryArchived
  public var event: LedgerEvent { .categoryArchived(self) }
  public static let schemaVersion: UInt16 = 1
  public var category: CategoryID
  public var stream: String { category.stream }

  public init(category: CategoryID) { self.category = category }
}

/// An archived category came back into use.
public struct CategoryRestored: EventPayload {
  public static let kind = EventKind.categoryRestored
  public var event: LedgerEvent { .categoryRestored(self) }
  public static let schemaVersion: UInt16 = 1
  public var category: CategoryID
  public var stream: String { category.stream }

  public init(category: CategoryID) { self.category = category }
}

/// A category that never had a transaction or a budget was deleted.
public struct CategoryDeleted: EventPayload {
  public static let kind = EventKind.categoryDeleted
  public var event: LedgerEvent { .categoryDeleted(self) }
  public static let schemaVersion: UInt16 = 1
  public var category: CategoryID
  public var stream: String { category.stream }

  public init(category: CategoryID) { self.category = category }
}
