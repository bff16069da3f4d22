import LedgerDomain

/// A figure and the entries that add up to it, as known at one log position.
public struct Explanation: Sendable, Hashable {
  /// One entry that counts in the figure.
  public struct Part: Sendable, Hashable {
    /// What the entry is.
    public enum Kind: String, Sendable, Hashable {
      /// An account's opening balance (`id` is the account's).
      case opening
      /// A transaction (for a category, the part of it booked there).
      case transaction
      /// A transfer's leg on the account.
      case transfer
    }

    public var kind: Kind
    /// The transaction, the transfer's leg or the account.
    public var id: EntityID
    public var date: CivilDate
    /// What it adds to the figure: negative where it takes away (money out of an account; a
    /// refund into a category).
    public var amount: Money
  }

  public var figure: Figure
  /// The figure as the ledger's reports show it.
  public var total: Money
  /// Oldest first; their amounts add up to ``total``.
  public var parts: [Part]
  /// The log position the figure and its parts are read at.
  public var position: UInt64
  /// When the event at ``position`` was recorded (Unix milliseconds).
  public var recordedAt: Int64

  /// The sum of the parts' amounts, in ``total``'s currency: equal to it.
  public var sum: Money {
    Money(units: parts.reduce(0) { $0 &+ $1.amount.units }, currency: total.currency)
  }
}
