import LedgerDomain
import QueryResults

/// Where a page of the transactions sheet ends, as `DATE/ID` (the last row's date and id): the
/// next page holds the rows older than it. A page answers it as `nextBefore`; the API takes it
/// back as `before`, the command line as `--before`.
public struct PageCursor: Sendable, Hashable, CustomStringConvertible {
  /// The last row's date and id: rows are in the order of both.
  public var date: CivilDate
  public var id: EntityID

  public init(date: CivilDate, id: EntityID) { (self.date, self.id) = (date, id) }

  /// `text` read as `DATE/ID`, or `nil`.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", maxSplits: 1)
    guard parts.count == 2, let date = try? CivilDate(parsing: String(parts[0])),
      let id = try? EntityID(parsing: String(parts[1]))
    else { return nil }
    self.init(date: date, id: id)
  }

  public var description: String { "\(date)/\(id)" }

  /// The cursor of the running-balance log at the same place.
  public var log: LogCursor { LogCursor(date: date, id: id) }

  /// The cursor of the transaction index at the same place.
  public var index: TransactionCursor { TransactionCursor(date: date, id: TransactionID(raw: id)) }
}
