import Ledger
import LedgerDomain
import QueryResults

/// One occurrence of a schedule: `date` is its nominal date (its identity, the `{date}` of
/// the pay and skip routes), `due` the day it is due after the weekend shift, `status` where
/// it stands on `asOf`.
struct OccurrenceDTO: Codable, Sendable {
  var schedule, name, date, due, status, amount, currency, kind, account: String
  var category: String?
  var estimated, autopay, remind: Bool
  var transaction, transfer, paidOn, source, skipReason: String?

  init(_ occurrence: OccurrenceInfo, names: LedgerState) {
    schedule = occurrence.schedule.description
    name = occurrence.terms.name
    date = occurrence.nominal.description
    due = occurrence.due.description
    status = occurrence.status.rawValue
    let amount = occurrence.payment?.amount ?? occurrence.terms.amount
    self.amount = amount.formatted()
    currency = amount.currency.code
    kind = occurrence.terms.kind.rawValue
    account = names.accounts[occurrence.terms.account]?.name ?? occurrence.terms.account.description
    category = occurrence.terms.category.map { names.categories[$0]?.name ?? $0.description }
    estimated = occurrence.terms.estimated
    autopay = occurrence.terms.autopay
    remind = occurrence.remind
    transaction = occurrence.payment?.transaction?.description
    transfer = occurrence.payment?.transfer?.description
    paidOn = occurrence.payment?.paidOn.description
    source = occurrence.payment?.source.rawValue
    skipReason = occurrence.skipReason
  }
}

/// `GET /bills/calendar`: the occurrences due in a month, by due date.
struct BillsCalendarDTO: Codable, Sendable {
  var month, title: String
  var position: UInt64
  var items: [OccurrenceDTO]
}
