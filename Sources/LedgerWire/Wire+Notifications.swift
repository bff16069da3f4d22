import Ledger
import LedgerDomain
import QueryResults

extension Wire {
  /// The notifications standing at `position`, newest first.
  public struct Notifications: Codable, Sendable, Equatable {
    /// What the ledger has to tell its user (`budget notifications --json`,
    /// `GET /api/v1/notifications`): a stable `id` a rebuild gives again, its `kind`
    /// (`budget`), the category and month, the `threshold` reached (`75`, `90`, `100` or
    /// `overspent`), the line a person reads, and the log position (and transaction) that
    /// brought it about.
    public struct Item: Codable, Sendable, Equatable {
      public var id: String
      public var kind: String
      public var month: String
      public var category: String
      public var categoryId: String
      public var threshold: String
      public var message: String
      public var position: UInt64
      public var transaction: String?
    }

    public var position: UInt64
    public var items: [Item]
  }
}

extension Wire.Notifications {
  /// `notices` as known at `position`, with their lines and names from `ledger`.
  public init(_ notices: [BudgetNotice], position: UInt64, ledger: Ledger) {
    self.position = position
    items = notices.map { notice in
      Item(
        id: notice.key, kind: "budget", month: notice.month.description,
        category: ledger.state.categories[notice.category]?.name ?? "", categoryId: notice.category.description,
        threshold: notice.threshold.name, message: ledger.message(for: notice),
        position: notice.position, transaction: notice.transaction?.description)
    }
  }
}
