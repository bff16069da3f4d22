/// The categories a new ledger starts with, as a person picks them when setting it up. Every
/// ledger is created with ``DefaultCategories``; a set is the commands that turn those into
/// it, sent with the creation so that the ledger is set up whole or not at all.
public enum StarterCategories: String, Sendable, CaseIterable {
  /// The budget tracker's eight expense categories and Income.
  case standard = "default"
  /// The zero-based workbook's sheet: fixed costs, variable spending and quarterly bills
  /// (budgeted a month at a time), and Income.
  case workbook
  /// Income alone: the person adds their own.
  case incomeOnly = "income-only"

  /// The workbook's categories: (name, budget type), in the sheet's order.
  public static let workbookCategories: [(String, BudgetType)] = [
    ("Rent", .fixed), ("Utilities", .fixed), ("Insurance", .fixed), ("Phone & internet", .fixed),
    ("Groceries", .variable), ("Transport", .variable), ("Eating out", .variable), ("Personal", .variable),
    ("Car upkeep", .quarterly), ("Gifts", .quarterly), ("Yearly fees", .quarterly),
  ]

  /// What to run after creating the ledger: none for the default set, else removing the
  /// default expense categories (never used yet) and creating the set's own.
  public var commands: [LedgerCommand] {
    switch self {
    case .standard: []
    case .incomeOnly: DefaultCategories.expenseIDs.map(LedgerCommand.deleteCategory)
    case .workbook:
      DefaultCategories.expenseIDs.map(LedgerCommand.deleteCategory)
        + Self.workbookCategories.enumerated().map { index, entry in
          .createCategory(CreateCategory(name: entry.0, budgetType: entry.1, sortOrder: index + 1))
        }
    }
  }
}
