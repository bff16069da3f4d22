import Ledger
import LedgerDomain
import QueryResults

/// A schedule as `GET /schedules` lists it (the CLI's `budget schedule list --json`): its
/// terms in force now, whether it is paused or deleted, and its next open occurrence.
struct ScheduleDTO: Codable, Sendable {
  var id, name, kind, amount, currency, recurrence, account: String
  var to, category, payee, notes, next: String?
  var splits: [ScheduleTermsDTO.SplitTerm]
  var estimated, autopay, paused, deleted: Bool
  var reminderDays: Int
  var start: String
  var endedAfter: String?
  var rule: RecurrenceDTO

  init(_ info: ScheduleInfo, next: OccurrenceInfo?, names: LedgerState) {
    let terms = ScheduleTermsDTO(info.terms, names: names)
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
    rule = terms.rule
  }
}

/// What a schedule posts and when, with names for ids (`recurrence` is the rule in words,
/// `rule` its parts).
struct ScheduleTermsDTO: Codable, Sendable {
  struct SplitTerm: Codable, Sendable { var category, amount: String }

  var name, kind, amount, currency, recurrence, account: String
  var to, category, payee, notes: String?
  var splits: [SplitTerm]
  var estimated, autopay: Bool
  var reminderDays: Int
  var rule: RecurrenceDTO

  init(_ terms: ScheduleTerms, names: LedgerState) {
    name = terms.name
    kind = terms.kind.rawValue
    amount = terms.amount.formatted()
    currency = terms.amount.currency.code
    recurrence = terms.recurrence.summary
    account = names.accounts[terms.account]?.name ?? terms.account.description
    to = terms.toAccount.map { names.accounts[$0]?.name ?? $0.description }
    category = terms.category.map { names.categories[$0]?.name ?? $0.description }
    payee = terms.payee
    notes = terms.notes
    splits = terms.splits.map {
      SplitTerm(category: names.categories[$0.category]?.name ?? $0.category.description, amount: $0.amount.formatted())
    }
    estimated = terms.estimated
    autopay = terms.autopay
    reminderDays = terms.reminderDays
    rule = RecurrenceDTO(terms.recurrence)
  }
}

/// The parts of a recurrence, in the words `POST /schedules` takes them.
struct RecurrenceDTO: Codable, Sendable {
  var every: String
  var interval: Int
  /// 1–31, or "last".
  var day: String?
  /// e.g. "2tue", "last-fri".
  var weekday: String?
  var weekend: String
  var start: String
  var end: String?
  var count: Int?

  init(_ recurrence: Recurrence) {
    every = recurrence.unit.rawValue
    interval = recurrence.interval
    day = recurrence.dayOfMonth.map { $0 == 0 ? "last" : String($0) }
    if let ordinal = recurrence.weekdayOrdinal, let weekday = recurrence.weekday, (1...7).contains(weekday) {
      let name = RecurrenceInput.weekdayNames[weekday - 1]
      self.weekday = ordinal < 0 ? "last-\(name)" : "\(ordinal)\(name)"
    }
    weekend = recurrence.weekend.rawValue
    start = recurrence.start.description
    end = recurrence.endDate?.description
    count = recurrence.count
  }
}

/// `GET /schedules/{id}`: the schedule, its terms over time, and its occurrences from 62 days
/// back to 92 ahead.
struct ScheduleDetailDTO: Codable, Sendable {
  struct Version: Codable, Sendable {
    var from: String
    var terms: ScheduleTermsDTO
  }

  var position: UInt64
  var schedule: ScheduleDTO
  var versions: [Version]
  var occurrences: [OccurrenceDTO]
}

/// `POST /schedules`: what every write returns, and the schedule created.
struct ScheduleCreatedDTO: Codable, Sendable {
  var id: String?
  var stream: String
  var version: UInt64
  var positions: [UInt64]
  var events: [String]
  var warnings: [WarningDTO]
  var schedule: ScheduleDTO?

  init(_ result: WriteResultDTO, schedule: ScheduleDTO?) {
    warnings = result.warnings
    id = result.id
    stream = result.stream
    version = result.version
    positions = result.positions
    events = result.events
    self.schedule = schedule
  }
}
