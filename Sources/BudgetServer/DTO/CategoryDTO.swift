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

  init(id: CategoryID, record c: CategoryRecord, state: LedgerState) {
    self.id = id.description
    name = c.name
    kind = c.kind.rawValue
    budgetType = c.budgetType.rawValue
    parent = c.parent.flatMap { state.categories[$0]?.name }
    icon = c.icon
    color = c.color.description
    archived = c.isArchived
    custom = c.isCustom
    transactions = c.transactionCount
    dueDate = c.dueDate?.description
    carryUnspent = c.carryUnspent
    carryOverspent = c.carryOverspent
    sortOrder = c.sortOrder
    version = c.version
  }
}
