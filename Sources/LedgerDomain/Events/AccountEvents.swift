/// An account was opened with its opening balance (seed 002/003).
public struct AccountOpened: EventPayload {
  public static let kind = EventKind.accountOpened
  public var event: LedgerEvent { .accountOpened(self) }
  public static let schemaVersion: UInt16 = 1
  public var account: AccountID
  public var name: String
  public var type: AccountType
  public var currency: Currency
  /// Signed: a credit card or loan opens with a negative balance.
  public var openingBalance: Money
  public var date: CivilDate
  public var stream: String { account.stream }

  public init(
    account: AccountID, name: String, type: AccountType, currency: Currency, openingBalance: Money, date: CivilDate
  ) {
    self.account = account
    self.name = name
    self.type = type
    self.currency = currency
    self.openingBalance = openingBalance
    self.date = date
  }
}

/// An account got a new name.
public struct AccountRenamed: EventPayload {
  public static let kind = EventKind.accountRenamed
  public var event: LedgerEvent { .accountRenamed(self) }
  public static let schemaVersion: UInt16 = 1
  public var account: AccountID
  public var previousName: String
  public var name: String
  public var stream: String { account.stream }

  public init(account: AccountID, previousName: String, name: String) {
    self.account = account
    self.previousName = previousName
    self.name = name
  }
}

/// An account's opening balance was corrected (a typo in `account open`), or taken back by
/// `undo` of the opening: the balance the account starts with on its opening date is now
/// `balance`, in the account's currency.
public struct OpeningBalanceChanged: EventPayload {
  public static let kind = EventKind.openingBalanceChanged
  public var event: LedgerEvent { .openingBalanceChanged(self) }
  public static let schemaVersion: UInt16 = 1
  public var account: AccountID
  /// Signed, as ``AccountOpened/openingBalance``.
  public var previous: Money
  public var balance: Money
  /// The account's opening date, where the balance changes (it does not move).
  public var date: CivilDate
  public var stream: String { account.stream }

  public init(account: AccountID, previous: Money, balance: Money, date: CivilDate) {
    self.account = account
    self.previous = previous
    self.balance = balance
    self.date = date
  }
}

/// A closed account was opened again (by `undo`, or on request); it takes transactions again.
public struct AccountReopened: EventPayload {
  public static let kind = EventKind.accountReopened
  public var event: LedgerEvent { .accountReopened(self) }
  public static let schemaVersion: UInt16 = 1
  public var account: AccountID
  public var reason: String
  public var stream: String { account.stream }

  public init(account: AccountID, reason: String) {
    self.account = account
    self.reason = reason
  }
}

/// An account was closed; it takes no new transactions.
public struct AccountClosed: EventPayload {
  public static let kind = EventKind.accountClosed
  public var event: LedgerEvent { .accountClosed(self) }
  public static let schemaVersion: UInt16 = 1
  public var account: AccountID
  public var date: CivilDate
  public var stream: String { account.stream }

  public init(account: AccountID, date: CivilDate) {
    self.account = account
    self.date = date
  }
}

/// An account's role changed (`budget account set NAME --role budget|tracking`): whether its
/// balance counts in the available funds. `previous` is the role it had, for undo.
public struct AccountRoleChanged: EventPayload {
  public static let kind = EventKind.accountRoleChanged
  public var event: LedgerEvent { .accountRoleChanged(self) }
  public static let schemaVersion: UInt16 = 1
  public var account: AccountID
  public var previous: AccountRole
  public var role: AccountRole
  public var stream: String { account.stream }

  public init(account: AccountID, previous: AccountRole, role: AccountRole) {
    self.account = account
    self.previous = previous
    self.role = role
  }
}
