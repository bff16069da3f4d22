import LedgerDomain

extension Wire {
  /// A category (`GET /categories`, `budget category list --json`): `parent` is its group's
  /// name, `transactions` how many transactions post to it.
  public struct Category: Codable, Sendable, Equatable {
    public var id, name, kind, budgetType: String
    public var parent: String?
    public var icon, color: String
    public var archived, custom: Bool
    public var transactions: Int
    public var dueDate: String?
    public var carryUnspent, carryOverspent: Bool
    public var sortOrder: Int
    public var version: UInt64
  }
}

extension Wire.Category {
  /// `transactions`: the category totals' count (the record's own count is not kept when the
  /// record is read from its stream alone).
  public init(id: CategoryID, record c: CategoryRecord, state: LedgerState, transactions: Int) {
    self.id = id.description
    name = c.name
    kind = c.kind.rawValue
    budgetType = c.budgetType.rawValue
    parent = c.parent.flatMap { state.categories[$0]?.name }
    icon = c.icon
    color = c.color.description
    archived = c.isArchived
    custom = c.isCustom
    self.transactions = transactions
    dueDate = c.dueDate?.description
    carryUnspent = c.carryUnspent
    carryOverspent = c.carryOverspent
    sortOrder = c.sortOrder
    version = c.version
  }
}
