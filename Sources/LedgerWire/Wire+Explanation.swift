import Ledger
import LedgerDomain

extension Wire {
  /// A figure and what makes it up (`GET /explain/balance`, `GET /explain/spent`,
  /// `budget explain … --json`): the parts' amounts add up to `total`.
  public struct Explanation: Codable, Sendable, Equatable {
    /// One entry that counts in the figure.
    public struct Part: Codable, Sendable, Equatable {
      /// `opening`, `transaction` or `transfer`.
      public var kind: String
      /// The transaction's id, the transfer leg's, or the account's (an opening balance).
      public var id: String
      public var date: String
      /// The transaction's name, the transfer's note (or `transfer`), or `opening balance`.
      public var name: String
      /// What it adds to the figure; negative where it takes away.
      public var amount: String
    }

    /// `balance` or `spent`.
    public var figure: String
    public var accountId, account: String?
    public var categoryId, category: String?
    /// The day of a balance (its end).
    public var date: String?
    /// The month of a category's spending.
    public var month: String?
    public var total: String
    public var currency: String
    public var position: UInt64
    /// Oldest first.
    public var parts: [Part]
  }
}

extension Wire.Explanation {
  /// `explanation`, with names from `state` (the state as known at its position, for a past one).
  public init(_ explanation: Explanation, state: LedgerState) {
    switch explanation.figure {
    case .balance(let account, let date):
      figure = "balance"
      accountId = account.description
      self.account = state.accounts[account]?.name
      self.date = date.description
    case .spent(let category, let month):
      figure = "spent"
      categoryId = category.description
      self.category = state.categories[category]?.name
      self.month = month.description
    }
    total = explanation.total.formatted()
    currency = explanation.total.currency.code
    position = explanation.position
    parts = explanation.parts.map { part in
      let name: String =
        switch part.kind {
        case .opening: "opening balance"
        case .transaction: state.transactions[TransactionID(raw: part.id)]?.added.name ?? ""
        case .transfer: state.transfer(ofLeg: part.id)?.note ?? "transfer"
        }
      return Part(
        kind: part.kind.rawValue, id: part.id.description, date: part.date.description, name: name,
        amount: part.amount.formatted())
    }
  }
}
