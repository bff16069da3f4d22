/// The version `budget --version` prints. The ledger's file format is versioned apart from it,
/// event by event (docs/events.md), so any release reads ledgers that earlier ones wrote.
enum BudgetVersion {
  static let current = "0.9.0"
}
