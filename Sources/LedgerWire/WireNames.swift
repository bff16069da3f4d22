import Ledger
import LedgerDomain

/// Names for ids, as a shape shows them: the CLI reads them from the read models
/// (``Ledger/NameBook``), the server from its index of names (a ``LedgerDomain/LedgerState``).
public protocol WireNames {
  /// The account's name, or its id when it has none.
  func accountName(_ id: AccountID) -> String
  /// The category's name, or its id when it has none.
  func categoryName(_ id: CategoryID) -> String
}

/// The read models' names, as the CLI reads them.
extension NameBook: WireNames {
  public func accountName(_ id: AccountID) -> String { account(id) }
  public func categoryName(_ id: CategoryID) -> String { category(id) }
}

/// The rules' state's names, as the server keeps them.
extension LedgerState: WireNames {
  public func accountName(_ id: AccountID) -> String { accounts[id]?.name ?? id.description }
  public func categoryName(_ id: CategoryID) -> String { categories[id]?.name ?? id.description }
}
