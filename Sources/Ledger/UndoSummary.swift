import LedgerDomain

/// What an undo did, in a few numbers rather than a list of its events: the command it took
/// back, where its compensating events are, and how many of each kind of change they made.
public struct UndoSummary: Sendable, Hashable {
  /// A number of changes of one kind, in words: 30,000 × "transactions deleted".
  public struct Change: Sendable, Hashable {
    public var count: Int
    /// What changed, in words that fit `count` ("transaction deleted", "transactions deleted").
    public var words: String

    /// "30,000 transactions deleted".
    public var description: String { "\(UndoSummary.grouped(count)) \(words)" }
  }

  /// The command taken back.
  public var undone: UndoneCommand
  /// The first and last position of the compensating events.
  public var positions: ClosedRange<UInt64>
  /// The compensating events by type, most first (then by name).
  public var events: [UndoneCommand.EventCount]
  /// Whether an idempotency key matched an earlier undo: this is its summary, and nothing new
  /// was recorded.
  public var wasDuplicate: Bool
  /// What the undo read to work itself out — events, and streams read to know the state
  /// before the command — so that tests can tell its work follows the undone command's size
  /// rather than the ledger's.
  package var work = UndoWork()

  init(undone: UndoneCommand, positions: ClosedRange<UInt64>, counts: [String: Int], wasDuplicate: Bool) {
    self.undone = undone
    self.positions = positions
    events = UndoneCommand.sorted(counts)
    self.wasDuplicate = wasDuplicate
  }

  /// How many compensating events were recorded.
  public var eventCount: Int { events.reduce(0) { $0 + $1.count } }

  /// The changes, most first: each type of compensating event in plain words.
  public var changes: [Change] {
    events.map { Change(count: $0.count, words: Self.words(for: $0.type, count: $0.count)) }
  }

  /// One line: "30,000 transactions deleted (the import of bank.csv at positions 1204–31203,
  /// by cli, 2026-11-27 06:40 UTC)".
  public var description: String {
    let what: String
    if undone.isImport {
      what = undone.importedFile.map { "the import of \($0)" } ?? "an import"
    } else {
      what = "the command"
    }
    let first = undone.positions.lowerBound, last = undone.positions.upperBound
    let at = first == last ? "position \(first)" : "positions \(first)–\(last)"
    let by = undone.actor.map { ", by \($0)" } ?? ""
    let changed = changes.map(\.description).joined(separator: ", ")
    return "\(changed) (\(what) at \(at)\(by), \(Self.minute(undone.recordedAt)))"
  }

  /// What a compensating event of `type` did, in words for `count` of them.
  static func words(for type: String, count: Int) -> String {
    guard let (one, many) = phrases[type] else { return count == 1 ? "\(type) event" : "\(type) events" }
    return count == 1 ? one : many
  }

  private static let phrases: [String: (String, String)] = [
    "TransactionAdded": ("transaction added", "transactions added"),
    "TransactionDeleted": ("transaction deleted", "transactions deleted"),
    "TransactionRestored": ("transaction restored", "transactions restored"),
    "TransactionAmended": ("transaction changed back", "transactions changed back"),
    "AccountOpened": ("account opened", "accounts opened"),
    "AccountClosed": ("account closed", "accounts closed"),
    "AccountReopened": ("account reopened", "accounts reopened"),
    "AccountRenamed": ("account renamed back", "accounts renamed back"),
    "OpeningBalanceChanged": ("opening balance set back", "opening balances set back"),
    "CategoryCreated": ("category created", "categories created"),
    "CategoryDeleted": ("category deleted", "categories deleted"),
    "CategoryRenamed": ("category renamed back", "categories renamed back"),
    "CategoryMoved": ("category moved back", "categories moved back"),
    "CategoryRestyled": ("category restyled back", "categories restyled back"),
    "CategoryArchived": ("category archived", "categories archived"),
    "CategoryRestored": ("category restored", "categories restored"),
    "PeriodClosed": ("period closed", "periods closed"),
    "PeriodReopened": ("period reopened", "periods reopened"),
    "BudgetSet": ("budget set back", "budgets set back"),
    "BudgetMoved": ("budget move reversed", "budget moves reversed"),
    "IncomePlanned": ("planned income set back", "planned incomes set back"),
    "DueDateSet": ("due date set back", "due dates set back"),
    "DueDateCleared": ("due date cleared", "due dates cleared"),
    "RolloverSet": ("rollover setting set back", "rollover settings set back"),
    "TransferMade": ("transfer made again", "transfers made again"),
    "TransferCancelled": ("transfer cancelled", "transfers cancelled"),
  ]

  /// `count` with thousands separated by commas: 30,000.
  static func grouped(_ count: Int) -> String {
    let digits = String(count.magnitude)
    var out = count < 0 ? "-" : ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return out
  }

  /// `milliseconds` since 1970 as "2026-11-27 06:40 UTC".
  static func minute(_ milliseconds: Int64) -> String {
    let perDay: Int64 = 86_400_000
    var days = milliseconds / perDay
    var rest = milliseconds % perDay
    if rest < 0 {
      days -= 1
      rest += perDay
    }
    let date = (try? CivilDate(daysSinceEpoch: Int(days)))?.description ?? "\(days) days after 1970"
    let minutes = Int(rest / 60_000)
    let hour = minutes / 60, minute = minutes % 60
    return "\(date) \(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute) UTC"
  }
}

/// What an undo read to work itself out (see ``UndoSummary``).
package struct UndoWork: Sendable, Hashable {
  /// Events looked at in the log: finding the command, and describing it.
  package var eventsScanned = 0
  /// Events read from entities' own streams to know the state before the command.
  package var streamEventsRead = 0
  /// Streams read for that.
  package var streamsRead = 0
  /// Compensating commands decided.
  package var commands = 0

  package init() {}
}
