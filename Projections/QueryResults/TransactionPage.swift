import LedgerDomain

/// A page of transactions, newest first, with the cursors to move either way.
public struct TransactionPage: Sendable, Hashable {
  /// The rows, newest first.
  public var rows: [TransactionRow]
  /// Pass as `before` for the next (older) page; `nil` when there is nothing older.
  public var olderCursor: TransactionCursor?
  /// Pass as `after` for the previous (newer) page; `nil` when there is nothing newer.
  public var newerCursor: TransactionCursor?
  /// The log position the page was answered at: `asKnownAt`, or the head if that is older.
  public var position: UInt64

  /// A page of `rows` with its cursors, answered at `position`.
  public init(rows: [TransactionRow], olderCursor: TransactionCursor?, newerCursor: TransactionCursor?, position: UInt64) {
    self.rows = rows
    self.olderCursor = olderCursor
    self.newerCursor = newerCursor
    self.position = position
  }
}

/// A place in a date-ordered list of transactions: a row's date and id.
public struct TransactionCursor: Sendable, Hashable {
  /// The row's date.
  public var date: CivilDate
  /// The row's id, which orders rows of the same date.
  public var id: TransactionID

  /// The cursor at the row dated `date` with `id`.
  public init(date: CivilDate, id: TransactionID) {
    self.date = date
    self.id = id
  }

  /// The cursor at `row`.
  public init(_ row: TransactionRow) { self.init(date: row.date, id: row.id) }
}
