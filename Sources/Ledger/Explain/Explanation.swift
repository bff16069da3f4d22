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
      /// A category's assignment for the month (`id` is the category's).
      case budget
      /// What rollover carried into the category from the month before (`id` is the
      /// category's; dated the last day of that month).
      case carried
      /// A month's leftover that rollover did not carry on (`id` is the category's; `label`
      /// says why: rollover off, or only overspending or only unspent money carried).
      case withheld
      /// A goal's monthly need the sheet plans (`id` is the goal's).
      case goal
      /// Income planned for the month (`label` names its source; no `id`).
      case income
      /// An account's balance at the end of today, where a forecast starts (`id` is the
      /// account's).
      case balance
      /// A scheduled occurrence a forecast counts, on its due date (`id` is the schedule's).
      case scheduled
      /// A day's share of this month's unspent variable budgets a forecast spends (no `id`).
      case budgets
      /// A goal's target (`id` is the goal's; dated the day it began).
      case target
      /// What a goal holds beyond its target, which leaves nothing to save (`id` is the goal's).
      case beyondTarget
    }

    public var kind: Kind
    /// The transaction, the transfer's leg, the account, the category or the goal; nil for
    /// planned income, which ``label`` names.
    public var id: EntityID?
    /// The name of a part that is no entity (an income source), or why money was withheld.
    public var label: String?
    public var date: CivilDate
    /// What it adds to the figure: negative where it takes away (money out of an account; a
    /// refund into a category).
    public var amount: Money

    public init(kind: Kind, id: EntityID?, label: String? = nil, date: CivilDate, amount: Money) {
      self.kind = kind
      self.id = id
      self.label = label
      self.date = date
      self.amount = amount
    }

    /// The part taking away what it added: spending, as it lowers what is left.
    var negated: Part {
      var part = self
      part.amount = Money(units: -amount.units, currency: amount.currency)
      return part
    }
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
  /// For a goal with a date: the months left to it and the need each.
  public var perMonth: PerMonth? = nil

  /// How a goal's left is shared: over ``months`` (this one included; one once the date has
  /// passed), ``need`` each, rounded up to the minor unit.
  public struct PerMonth: Sendable, Hashable {
    public var months: Int
    public var need: Money
  }

  /// The sum of the parts' amounts, in ``total``'s currency: equal to it.
  public var sum: Money {
    Money(units: parts.reduce(0) { $0 &+ $1.amount.units }, currency: total.currency)
  }
}
