import EventLog
import LedgerDomain
import ProjectionEngine

/// A category's metadata as its events left it: the `categories` row of the category-totals
/// and budget-vs-actual projectors (each keeps its own table in this layout; a layout change
/// bumps both projectors' versions).
///
/// Value: kind (1), budget type (1), archived (1), has parent (1), parent (16), sort order
/// (8, signed), color (3), icon (2 + UTF-8), name (2 + UTF-8).
package struct CategoryRow: Sendable, Hashable {
  package var name: String
  package var kind: CategoryKind
  package var budgetType: BudgetType
  package var parent: CategoryID?
  package var archived: Bool
  package var sortOrder: Int
  package var icon: String
  package var color: ColorHex

  package init(_ e: CategoryCreated) {
    name = e.name
    kind = e.kind
    budgetType = e.budgetType
    parent = e.parent
    archived = false
    sortOrder = e.sortOrder
    icon = e.icon
    color = e.color
  }

  package var encoded: [UInt8] {
    var row = RowWriter(capacity: 48 + name.utf8.count + icon.utf8.count)
    row.byte(kind == .income ? 0 : 1)
    row.byte(Self.code(of: budgetType))
    row.byte(archived ? 1 : 0)
    row.byte(parent == nil ? 0 : 1)
    row.id(parent?.raw ?? EntityID(high: 0, low: 0))
    row.int(Int64(sortOrder))
    row.byte(color.red)
    row.byte(color.green)
    row.byte(color.blue)
    row.text(icon)
    row.text(name)
    return row.bytes
  }

  package init?(_ bytes: some Collection<UInt8>) {
    var row = RowReader(bytes)
    guard let kind = row.byte(), let type = row.byte(), let archived = row.byte(), let hasParent = row.byte(),
      let parent = row.id(), let sortOrder = row.int(), let red = row.byte(), let green = row.byte(),
      let blue = row.byte(), let icon = row.text(), let name = row.text()
    else { return nil }
    self.kind = kind == 0 ? .income : .expense
    self.budgetType = Self.budgetType(code: type)
    self.archived = archived != 0
    self.parent = hasParent != 0 ? CategoryID(raw: parent) : nil
    self.sortOrder = Int(sortOrder)
    self.color = ColorHex(red: red, green: green, blue: blue)
    self.icon = icon
    self.name = name
  }

  static func code(of type: BudgetType) -> UInt8 {
    switch type {
    case .fixed: 0
    case .variable: 1
    case .quarterly: 2
    }
  }

  static func budgetType(code: UInt8) -> BudgetType {
    switch code {
    case 0: .fixed
    case 2: .quarterly
    default: .variable
    }
  }

  /// Folds a category event into `table` (keyed by the category's 16-byte id). Returns
  /// `false` for any other event. Changes to an unknown category are ignored.
  package static func fold<Store: ProjectionStore>(
    _ event: LedgerEvent, into store: inout Store, table: String, at position: UInt64
  ) throws -> Bool {
    func update(_ category: CategoryID, _ change: (inout CategoryRow) -> Void) throws {
      let key = KeyPart.id(category.raw)
      guard var record = try store.value(in: table, key: key).flatMap(CategoryRow.init) else { return }
      change(&record)
      try store.put(in: table, key: key, value: record.encoded, at: position)
    }
    switch event {
    case .categoryCreated(let e):
      try store.put(in: table, key: KeyPart.id(e.category.raw), value: CategoryRow(e).encoded, at: position)
    case .categoryRenamed(let e):
      try update(e.category) { $0.name = e.name }
    case .categoryMoved(let e):
      try update(e.category) {
        $0.parent = e.parent
        $0.sortOrder = e.sortOrder
      }
    case .categoryRestyled(let e):
      try update(e.category) {
        $0.icon = e.icon
        $0.color = e.color
      }
    case .categoryArchived(let e):
      try update(e.category) { $0.archived = true }
    case .categoryRestored(let e):
      try update(e.category) { $0.archived = false }
    case .categoryDeleted(let e):
      try store.delete(in: table, key: KeyPart.id(e.category.raw), at: position)
    default:
      return false
    }
    return true
  }

  /// Every category in `table` as known at `asKnownAt`, by id.
  package static func all(
    _ reader: ProjectionReader, projector: String, table: String, asKnownAt: UInt64
  ) throws -> [CategoryID: CategoryRow] {
    var records: [CategoryID: CategoryRow] = [:]
    try reader.scan(
      projector, table, from: [UInt8](repeating: 0, count: 16), to: [UInt8](repeating: 0xFF, count: 16),
      asKnownAt: asKnownAt
    ) { key, value in
      if let record = CategoryRow(value) { records[CategoryID(raw: KeyPart.id(key, at: 0))] = record }
      return .continue
    }
    return records
  }
}
