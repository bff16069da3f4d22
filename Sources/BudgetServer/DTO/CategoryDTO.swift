import LedgerDomain

/// A category, as `budget category list --json` shows it.
struct CategoryDTO: Codable, Sendable {
  var id, name, kind, budgetType: String
  var parent: String?
  var icon, color: String
  var archived, custom: Bool
  var transactions: Int
  var dueDate: String?
  var carryUnspent, carryOverspent: Bool
  var sortOrder: Int
  var version: UInt64

  /// `transactions`: how many transactions post to it (the category totals' count; the
  /// record's own count is not kept when the record is read from its stream alone).
  init(id: CategoryID, record c: CategoryRecord, state: LedgerState, transactions: Int) {
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
