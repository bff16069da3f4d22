import LedgerDomain

/// An account's balance on a date.
public struct AccountBalance: Sendable, Hashable {
  public var account: AccountID
  public var name: String
  public var balance: Money
  /// Whether the balance counts in the available funds (as known when asked).
  public var role: AccountRole

  @inlinable
  package init(account: AccountID, name: String, balance: Money, role: AccountRole = .budget) {
    self.account = account
    self.name = name
    self.balance = balance
    self.role = role
  }
}

/// An account's name, type, currency and role.
public struct AccountInfo: Sendable, Hashable {
  public var account: AccountID
  public var name: String
  public var type: String
  public var currency: Currency
  public var role: AccountRole

  @inlinable
  package init(account: AccountID, name: String, type: String, currency: Currency, role: AccountRole = .budget) {
    self.account = account
    self.name = name
    self.type = type
    self.currency = currency
    self.role = role
  }
}

/// One row of the transaction log with the account's balance after it.
public struct LogRow: Sendable, Hashable {
  public var date: CivilDate
  /// The transaction, transfer or account (for the opening balance) the row comes from.
  public var id: EntityID
  public var kind: EntryKind
  /// Signed: negative leaves the account.
  public var amount: Money
  public var balance: Money

  @inlinable
  package init(date: CivilDate, id: EntityID, kind: EntryKind, amount: Money, balance: Money) {
    self.date = date
    self.id = id
    self.kind = kind
    self.amount = amount
    self.balance = balance
  }
}

/// A page of the transaction log, newest first, with the cursors to move either way.
public struct LogPage: Sendable, Hashable {
  public var rows: [LogRow]
  /// Pass as `before` for the next (older) page; `nil` at the start of history.
  public var olderCursor: LogCursor?
  /// Pass as `after` for the previous (newer) page; `nil` at the newest row.
  public var newerCursor: LogCursor?

  @inlinable
  package init(rows: [LogRow], olderCursor: LogCursor? = nil, newerCursor: LogCursor? = nil) {
    self.rows = rows
    self.olderCursor = olderCursor
    self.newerCursor = newerCursor
  }
}

/// A position in an account's log: a row's date and id.
public struct LogCursor: Sendable, Hashable {
  public var date: CivilDate
  public var id: EntityID

  public init(date: CivilDate, id: EntityID) {
    self.date = date
    self.id = id
  }

  /// The cursor just after every entry of `date`: a page before it ends with that day.
  public static func endOf(_ date: CivilDate) -> LogCursor {
    LogCursor(date: date.nextDay, id: EntityID(high: 0, low: 0))
  }
}

/// What a log entry is.
public enum EntryKind: UInt8, Sendable, Hashable {
  case transaction = 0, transfer = 1, opening = 2
}

extension CivilDate {
  /// The day after, or the same day at the end of the calendar.
  package var nextDay: CivilDate { (try? adding(days: 1)) ?? self }
}
