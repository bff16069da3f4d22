import EventLog
import LedgerDomain
import ProjectionEngine
import QueryResults
import RunningBalances
import Schedules

extension Ledger {
  /// How far back overdue occurrences and autopay look: a year.
  public static let scheduleLookbackDays = 366

  /// Every schedule, by name (deleted ones left out unless `includingDeleted`).
  public func schedules(
    includingDeleted: Bool = false, at point: TimePoint = .now
  ) throws(LedgerError)
    -> Answer<[ScheduleInfo]>
  {
    try query(at: point) { reader, position in
      try ScheduleQueries(reader, cache: scheduleCache).schedules(asKnownAt: position).filter {
        includingDeleted || !$0.isDeleted
      }
    }
  }

  /// The schedule `id`, as known at `point`.
  public func schedule(_ id: ScheduleID, at point: TimePoint = .now) throws(LedgerError) -> Answer<ScheduleInfo?> {
    try query(at: point) { reader, position in
      try ScheduleQueries(reader, cache: scheduleCache).schedule(id, asKnownAt: position)
    }
  }

  /// The schedule called `name` (or whose id starts or ends with it), with a "did you mean"
  /// when there is none — read from the schedules read model, not the rules' state.
  public func schedule(named name: String) throws(LedgerError) -> ScheduleID {
    let live = try schedules().value.map { ($0.schedule, $0.name) }
    do { return try ScheduleID.named(name, among: live) } catch { throw .rejected(error) }
  }

  /// `schedule`'s occurrences with nominal dates in `from...through`, with their status on
  /// `asOf` (today if `nil`).
  public func occurrences(
    of schedule: ScheduleID, from: CivilDate, through: CivilDate, asOf: CivilDate? = nil, at point: TimePoint = .now
  ) throws(LedgerError) -> Answer<[OccurrenceInfo]> {
    let today = asOf ?? self.today()
    return try query(at: point) { reader, position in
      let queries = ScheduleQueries(reader, cache: scheduleCache)
      guard let info = try queries.schedule(schedule, asKnownAt: position) else { return [] }
      return try queries.occurrences(of: info, from: from, through: through, today: today, asKnownAt: position)
    }
  }

  /// Every schedule's occurrences due in `from...through`, by due date, with their status on
  /// `asOf` (today if `nil`).
  public func occurrences(
    dueFrom from: CivilDate, through: CivilDate, asOf: CivilDate? = nil, at point: TimePoint = .now
  ) throws(LedgerError) -> Answer<[OccurrenceInfo]> {
    let today = asOf ?? self.today()
    return try query(at: point) { reader, position in
      try ScheduleQueries(reader, cache: scheduleCache).occurrences(
        dueFrom: from, through: through, today: today, asKnownAt: position)
    }
  }

  /// The bills overview on `asOf` (today if `nil`), looking `days` ahead.
  public func bills(
    days: Int = 14, asOf: CivilDate? = nil, at point: TimePoint = .now
  ) throws(LedgerError)
    -> Answer<BillsOverview>
  {
    let today = asOf ?? self.today()
    let from = min(Self.lookbackStart(today), today.yearMonth.firstDay)
    let through = (try? today.adding(days: max(days, 0))) ?? today
    let answer = try occurrences(dueFrom: from, through: max(through, today.yearMonth.lastDay), asOf: today, at: point)
    let all = answer.value
    let overview = BillsOverview(
      today: today, days: days,
      overdue: all.filter { $0.status == .overdue && $0.due >= Self.lookbackStart(today) },
      dueSoon: all.filter { ($0.status == .due || $0.status == .upcoming) && $0.due <= through },
      reminders: all.filter { $0.remind && $0.due >= Self.lookbackStart(today) },
      paidThisMonth: all.filter { $0.status == .paid && $0.due.yearMonth == today.yearMonth })
    return Answer(value: overview, position: answer.position, recordedAt: answer.recordedAt)
  }

  /// The open autopay occurrences due on or before `through` (today if `nil`, and never after
  /// it), oldest first.
  public func autopayWaiting(through: CivilDate? = nil) throws(LedgerError) -> [OccurrenceInfo] {
    let today = self.today()
    let through = min(through ?? today, today)
    var waiting: [OccurrenceInfo] = []
    _ = try query { reader, position in
      try ScheduleQueries(reader, cache: scheduleCache).forEachOccurrence(
        dueFrom: Self.lookbackStart(today), through: through, today: today, asKnownAt: position,
        of: { $0.timeline.versions.contains { $0.terms.autopay } }
      ) { _, occurrence in
        if occurrence.terms.autopay && occurrence.isOpen { waiting.append(occurrence) }
      }
    }
    return waiting.sorted { ($0.due, $0.terms.name) < ($1.due, $1.terms.name) }.filter { occurrence in
      // One posted before and then deleted is not posted again: its key is used.
      !((try? log.hasIdempotencyKey(withPrefix: Self.autopayKey(occurrence).rawValue)) ?? false)
    }
  }

  /// Posts every waiting autopay occurrence due on or before `through` (today if `nil`; a
  /// later day is capped to today, and the report says so) as an ordinary transaction or
  /// transfer, each under the idempotency key `schedule:<id>:<date>`: two processes posting
  /// at once — or a run repeated after a crash — never post one twice.
  public func postAutopay(
    through requested: CivilDate? = nil, metadata: EventMetadata = .init()
  ) async throws(LedgerError) -> AutopayReport {
    let today = self.today()
    let through = min(requested ?? today, today)
    let waiting = try autopayWaiting(through: through)
    var report = AutopayReport(
      posted: [], alreadyPosted: 0, refused: [], through: through, capped: (requested ?? today) > today)
    guard !waiting.isEmpty else { return report }
    let commands = waiting.map { occurrence in
      BatchCommand(
        .payOccurrence(
          PayOccurrence(
            schedule: occurrence.schedule, date: occurrence.nominal,
            payment: .record(id: EntityID.random(), date: nil, amount: nil), source: .posted)),
        idempotencyKey: Self.autopayKey(occurrence))
    }
    let results = try await execute(batch: commands, metadata: metadata)
    for (occurrence, result) in zip(waiting, results) {
      switch result {
      case .success(let outcome) where outcome.wasDuplicate:
        report.alreadyPosted += 1
      case .success(let outcome):
        let paid = outcome.events.lazy.compactMap { event -> EntityID? in
          if case .scheduleOccurrencePaid(let e) = event { return e.entry }
          return nil
        }.first
        if let paid { report.posted.append((occurrence, paid)) }
        report.outcomes.append(outcome)
      case .failure(let error):
        report.refused.append((occurrence, error.description))
      }
    }
    return report
  }

  /// The key an autopay posting is recorded under.
  public static func autopayKey(_ occurrence: OccurrenceInfo) -> IdempotencyKey {
    IdempotencyKey(validating: "schedule:\(occurrence.schedule):\(occurrence.nominal)") ?? "schedule"
  }

  static func lookbackStart(_ today: CivilDate) -> CivilDate {
    (try? today.adding(days: -scheduleLookbackDays)) ?? today
  }
}
