/// The categories every new ledger starts with: seed 000's eight expense categories plus an
/// Income category. Their ids are fixed, so they are the same in every ledger.
public enum DefaultCategories {
  /// (name, icon, color, budget type) in seed order.
  static let expense: [(String, String, String, BudgetType)] = [
    ("Food", "cart.fill", "#FF6B6B", .variable),
    ("Restaurants", "fork.knife", "#FFA07A", .variable),
    ("Transport", "car.fill", "#4ECDC4", .variable),
    ("Shopping", "bag.fill", "#95E1D3", .variable),
    ("Entertainment", "ticket.fill", "#A8E6CF", .variable),
    ("Health", "heart.fill", "#FFD93D", .variable),
    ("Sport", "figure.run", "#6BCB77", .variable),
    ("Bills", "doc.text", "#4D96FF", .fixed),
  ]

  /// The fixed id of the default category at `index` (1-based, seed order; 9 is Income).
  public static func id(_ index: Int) -> CategoryID {
    CategoryID(raw: EntityID(high: 0x0000_0000_0000_4000, low: 0x8000_0000_0000_0000 | UInt64(index)))
  }

  /// The ids of the default expense categories, in seed order.
  public static var expenseIDs: [CategoryID] { expense.indices.map { id($0 + 1) } }

  /// The id of the default Income category.
  public static var income: CategoryID { id(expense.count + 1) }

  /// The `CategoryCreated` events for a new ledger.
  public static func events() -> [CategoryCreated] {
    var events = expense.enumerated().map { index, entry in
      CategoryCreated(
        category: id(index + 1), name: entry.0, kind: .expense, budgetType: entry.3, icon: entry.1,
        color: (try? ColorHex(parsing: entry.2)) ?? ColorHex.neutral, sortOrder: index + 1, isCustom: false)
    }
    events.append(
      CategoryCreated(
        category: income, name: "Income", kind: .income, budgetType: .fixed, icon: "banknote.fill",
        color: (try? ColorHex(parsing: "#2ECC71")) ?? ColorHex.neutral, sortOrder: expense.count + 1, isCustom: false))
    return events
  }
}
