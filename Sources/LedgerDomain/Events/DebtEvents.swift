// MARK: - Debts

/// A debt was attached to a loan or credit-card account: its balance is the account's.
public struct DebtAdded: EventPayload {
  public static let kind = EventKind.debtAdded
  public var event: LedgerEvent { .debtAdded(self) }
  public static let schemaVersion: UInt16 = 1
  public var debt: DebtID
  public var name: String
  public var debtKind: DebtKind
  public var account: AccountID
  /// The terms in force from `from` on.
  public var terms: DebtTerms
  public var from: CivilDate
  public var stream: String { debt.stream }

  public init(debt: DebtID, name: String, debtKind: DebtKind, account: AccountID, terms: DebtTerms, from: CivilDate) {
    self.debt = debt
    self.name = name
    self.debtKind = debtKind
    self.account = account
    self.terms = terms
    self.from = from
  }
}

/// A debt's terms changed from a date on (a new rate, a new minimum). `replaced` is the change
/// from that same date it overrode, if any (for undo).
public struct DebtTermsChanged: EventPayload {
  public static let kind = EventKind.debtTermsChanged
  public var event: LedgerEvent { .debtTermsChanged(self) }
  public static let schemaVersion: UInt16 = 1
  public var debt: DebtID
  public var from: CivilDate
  public var terms: DebtTerms
  public var replaced: DebtTerms?
  public var stream: String { debt.stream }

  public init(debt: DebtID, from: CivilDate, terms: DebtTerms, replaced: DebtTerms? = nil) {
    self.debt = debt
    self.from = from
    self.terms = terms
    self.replaced = replaced
  }
}

/// The change of terms from `from` on was taken back (undo): the earlier terms go on.
public struct DebtTermsWithdrawn: EventPayload {
  public static let kind = EventKind.debtTermsWithdrawn
  public var event: LedgerEvent { .debtTermsWithdrawn(self) }
  public static let schemaVersion: UInt16 = 1
  public var debt: DebtID
  public var from: CivilDate
  public var stream: String { debt.stream }

  public init(debt: DebtID, from: CivilDate) {
    self.debt = debt
    self.from = from
  }
}

/// A debt was removed: its account and transactions stay; plans leave it out.
public struct DebtRemoved: EventPayload {
  public static let kind = EventKind.debtRemoved
  public var event: LedgerEvent { .debtRemoved(self) }
  public static let schemaVersion: UInt16 = 1
  public var debt: DebtID
  public var reason: String
  public var stream: String { debt.stream }

  public init(debt: DebtID, reason: String) {
    self.debt = debt
    self.reason = reason
  }
}
