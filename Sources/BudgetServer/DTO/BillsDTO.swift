import Ledger
import LedgerDomain
import QueryResults

/// `GET /bills` (the CLI's `budget bills --json`): what is overdue, due in the next `days`,
/// the reminders showing today, what was paid this month, and signed totals per currency.
struct BillsDTO: Codable, Sendable {
  struct Totals: Codable, Sendable { var overdue, dueSoon, paidThisMonth: [String] }

  var today: String
  var days: Int
  var position: UInt64
  var overdue, dueSoon, reminders, paidThisMonth: [OccurrenceDTO]
  var totals: Totals

  init(_ overview: BillsOverview, position: UInt64, names: LedgerState) {
    today = overview.today.description
    days = overview.days
    self.position = position
    overdue = overview.overdue.map { OccurrenceDTO($0, names: names) }
    dueSoon = overview.dueSoon.map { OccurrenceDTO($0, names: names) }
    reminders = overview.reminders.map { OccurrenceDTO($0, names: names) }
    paidThisMonth = overview.paidThisMonth.map { OccurrenceDTO($0, names: names) }
    totals = Totals(
      overdue: BillsOverview.totals(overview.overdue).map(\.description),
      dueSoon: BillsOverview.totals(overview.dueSoon).map(\.description),
      paidThisMonth: BillsOverview.totals(overview.paidThisMonth).map(\.description))
  }
}
