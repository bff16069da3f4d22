import Ledger
import LedgerDomain
import QueryResults

/// `--json` shape of a schedule.
struct ScheduleJSON: Encodable {
  var id, name, kind, amount, currency, recurrence, account: String
  var to, category, payee, notes, next: String?
  /// Whether `next` is an occurrence due before today and still open.
  var overdue: Bool
  var splits: [SplitTermJSON]
  var estimated, autopay, paused, deleted: Bool
  /// The amount as the table shows it, with digit grouping (not in the JSON).
  var shown: String
  var reminderDays: Int
  var start: String
  var endedAfter: String?

  init(_ info: ScheduleInfo, next: OccurrenceInfo?, names: NameBook) {
    let terms = Self.terms(info.terms, names: names)
    id = info.schedule.description
    name = terms.name
    kind = terms.kind
    amount = terms.amount
    currency = terms.currency
    recurrence = terms.recurrence
    account = terms.account
    to = terms.to
    category = terms.category
    payee = terms.payee
    notes = terms.notes
    splits = terms.splits
    estimated = terms.estimated
    autopay = terms.autopay
    reminderDays = terms.reminderDays
    paused = info.isPaused
    deleted = info.isDeleted
    start = info.timeline.start.description
    endedAfter = info.timeline.endedAfter?.description
    self.next = next?.due.description
    overdue = next?.status == .overdue
    shown = show(info.terms.amount)
  }

  private enum CodingKeys: String, CodingKey {
    case id, name, kind, amount, currency, recurrence, account, to, category, payee, notes, next, overdue, splits
    case estimated, autopay, paused, deleted, reminderDays, start, endedAfter
  }

  static func terms(_ terms: ScheduleTerms, names: NameBook) -> TermsJSON {
    TermsJSON(
      name: terms.name, kind: terms.kind.rawValue, amount: terms.amount.formatted(),
      currency: terms.amount.currency.code, recurrence: terms.recurrence.summary,
      account: names.account(terms.account),
      to: terms.toAccount.map(names.account),
      category: terms.category.map(names.category), payee: terms.payee,
      notes: terms.notes,
      splits: terms.splits.map {
        SplitTermJSON(
          category: names.category($0.category), amount: $0.amount.formatted())
      }, estimated: terms.estimated, autopay: terms.autopay, reminderDays: terms.reminderDays)
  }
}

/// `--json` shape of a schedule's terms.
struct TermsJSON: Encodable {
  var name, kind, amount, currency, recurrence, account: String
  var to, category, payee, notes: String?
  var splits: [SplitTermJSON]
  var estimated, autopay: Bool
  var reminderDays: Int
}

struct SplitTermJSON: Encodable { var category, amount: String }

struct ScheduleVersionJSON: Encodable {
  var from: String
  var terms: TermsJSON
}

struct ScheduleDetailJSON: Encodable {
  var schedule: ScheduleJSON
  var versions: [ScheduleVersionJSON]
  var occurrences: [OccurrenceJSON]
}

/// `--json` shape of an occurrence: `date` is its nominal date (its identity), `due` the day
/// it is due after the weekend shift.
struct OccurrenceJSON: Encodable {
  var schedule, name, date, due, status, amount, currency, kind, account: String
  var remind: Bool
  var transaction, transfer, paidOn, source, skipReason: String?

  init(_ occurrence: OccurrenceInfo, names: NameBook) {
    schedule = occurrence.schedule.description
    name = occurrence.terms.name
    date = occurrence.nominal.description
    due = occurrence.due.description
    status = occurrence.status.rawValue
    let amount = occurrence.payment?.amount ?? occurrence.terms.amount
    self.amount = amount.formatted()
    currency = amount.currency.code
    kind = occurrence.terms.kind.rawValue
    account = names.account(occurrence.terms.account)
    remind = occurrence.remind
    transaction = occurrence.payment?.transaction?.description
    transfer = occurrence.payment?.transfer?.description
    paidOn = occurrence.payment?.paidOn.description
    source = occurrence.payment?.source.rawValue
    skipReason = occurrence.skipReason
  }
}
