import Ledger
import LedgerDomain
import QueryResults

extension Wire {
  /// What is due (`GET /bills`, `budget bills --json`): what is overdue, due in the next
  /// `days`, the reminders showing today, what was paid this month, and signed totals per
  /// currency; with `suggestions` when asked for (`budget bills --suggest`).
  public struct Bills: Codable, Sendable, Equatable {
    /// Signed totals per currency, e.g. "-1,200.00 EUR".
    public struct Totals: Codable, Sendable, Equatable { public var overdue, dueSoon, paidThisMonth: [String] }

    /// A transaction that may have paid an open occurrence.
    public struct Suggestion: Codable, Sendable, Equatable {
      public var occurrence: Occurrence
      public var transaction, name, date, amount: String
    }

    public var today: String
    public var days: Int
    public var position: UInt64
    public var overdue, dueSoon, reminders, paidThisMonth: [Occurrence]
    /// Only when asked for; absent otherwise.
    public var suggestions: [Suggestion]?
    public var totals: Totals
  }
}

extension Wire.Bills.Suggestion {
  /// The transaction `pairing` suggests for its occurrence.
  public init(_ pairing: MatchReport.Pairing, names: some WireNames) {
    occurrence = Wire.Occurrence(pairing.occurrence, names: names)
    transaction = pairing.transaction.id.description
    name = pairing.transaction.name
    date = pairing.transaction.date.description
    amount = pairing.transaction.amount.formatted()
  }
}

extension Wire.Bills {
  /// The bills `overview` holds at `position`, with `suggestions` when they were asked for.
  public init(
    _ overview: BillsOverview, position: UInt64, names: some WireNames, suggestions: [MatchReport.Pairing]? = nil
  ) {
    today = overview.today.description
    days = overview.days
    self.position = position
    overdue = overview.overdue.map { Wire.Occurrence($0, names: names) }
    dueSoon = overview.dueSoon.map { Wire.Occurrence($0, names: names) }
    reminders = overview.reminders.map { Wire.Occurrence($0, names: names) }
    paidThisMonth = overview.paidThisMonth.map { Wire.Occurrence($0, names: names) }
    self.suggestions = suggestions?.map { Suggestion($0, names: names) }
    totals = Totals(
      overdue: BillsOverview.totals(overview.overdue).map(\.description),
      dueSoon: BillsOverview.totals(overview.dueSoon).map(\.description),
      paidThisMonth: BillsOverview.totals(overview.paidThisMonth).map(\.description))
  }
}
