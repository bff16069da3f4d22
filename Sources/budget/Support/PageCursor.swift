import ArgumentParser
import LedgerDomain

/// Where a listing goes on: the date and id of the last row a page printed, written
/// `DATE/ID` (`2024-03-02/0190e0a2-…`), which `tx list` and `tx search` take as `--before`
/// to print the rows older than it.
struct PageCursor: Sendable, Hashable, CustomStringConvertible, ExpressibleByArgument {
  var date: CivilDate
  var id: EntityID

  init(date: CivilDate, id: EntityID) {
    self.date = date
    self.id = id
  }

  init?(argument: String) {
    let parts = argument.split(separator: "/", maxSplits: 1)
    guard parts.count == 2, let date = try? CivilDate(parsing: String(parts[0])),
      let id = try? EntityID(parsing: String(parts[1]))
    else { return nil }
    self.init(date: date, id: id)
  }

  var description: String { "\(date)/\(id)" }

  static var defaultCompletionKind: CompletionKind { .default }
}

extension PageCursor {
  /// The line under a page that has more: how many rows it showed and how to see the next.
  static func moreLine(shown: Int, next: PageCursor) -> String {
    "\(shown) row\(shown == 1 ? "" : "s") shown; older ones: the same command with --before \(next)"
  }
}
