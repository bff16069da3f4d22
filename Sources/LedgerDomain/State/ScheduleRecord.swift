/// A schedule as the rules see it: its terms over time, and which occurrences were paid or
/// skipped (by nominal date).
public struct ScheduleRecord: Sendable, Hashable {
  public var timeline: ScheduleTimeline
  /// What paid each paid occurrence. A payment whose transaction was deleted (or transfer
  /// cancelled) no longer counts: the occurrence is due again.
  public var payments: [CivilDate: ScheduleOccurrencePaid] = [:]
  public var skipped: Set<CivilDate> = []
  public var isDeleted = false
  public var version: UInt64 = 1

  public init(timeline: ScheduleTimeline) { self.timeline = timeline }

  /// The schedule's name now.
  public var name: String { timeline.current.name }
}

extension LedgerState {
  /// Whether `payment`'s transaction (or transfer) is still in the ledger.
  public func isLive(_ payment: ScheduleOccurrencePaid) -> Bool {
    if let id = payment.transaction { return transactions[id].map { !$0.isDeleted } ?? false }
    if let id = payment.transfer { return transferRecords[id] != nil }
    return false
  }

  /// The live payment of `schedule`'s occurrence on `date`, if it is paid.
  public func payment(of schedule: ScheduleID, on date: CivilDate) -> ScheduleOccurrencePaid? {
    guard let payment = schedules[schedule]?.payments[date], isLive(payment) else { return nil }
    return payment
  }

  mutating func applySchedule(_ event: LedgerEvent) {
    switch event {
    case .scheduleCreated(let e):
      schedules[e.schedule] = ScheduleRecord(timeline: ScheduleTimeline(terms: e.terms))
    case .scheduleChanged(let e):
      updateSchedule(e.schedule) { $0.timeline.change(from: e.from, to: e.terms) }
    case .scheduleChangeWithdrawn(let e):
      updateSchedule(e.schedule) { $0.timeline.withdrawChange(from: e.from, restoring: e.restored) }
    case .schedulePaused(let e):
      updateSchedule(e.schedule) { $0.timeline.pause(from: e.from) }
    case .scheduleResumed(let e):
      updateSchedule(e.schedule) { $0.timeline.resume(on: e.on) }
    case .scheduleEnded(let e):
      updateSchedule(e.schedule) { $0.timeline.endedAfter = e.after }
    case .scheduleReinstated(let e):
      updateSchedule(e.schedule) { $0.timeline.endedAfter = e.endedAfter }
    case .scheduleDeleted(let e):
      updateSchedule(e.schedule) { $0.isDeleted = true }
    case .scheduleOccurrencePaid(let e):
      if let replaced = schedules[e.schedule]?.payments[e.date]?.entry { scheduleLinks[replaced] = nil }
      updateSchedule(e.schedule) { $0.payments[e.date] = e }
      if let entry = e.entry { scheduleLinks[entry] = OccurrenceRef(schedule: e.schedule, date: e.date) }
    case .scheduleOccurrenceUnpaid(let e):
      updateSchedule(e.schedule) { $0.payments[e.date] = nil }
      if let entry = e.paid.entry { scheduleLinks[entry] = nil }
    case .scheduleOccurrenceSkipped(let e):
      updateSchedule(e.schedule) { $0.skipped.insert(e.date) }
    case .scheduleOccurrenceUnskipped(let e):
      updateSchedule(e.schedule) { $0.skipped.remove(e.date) }
    default:
      break
    }
  }

  private mutating func updateSchedule(_ id: ScheduleID, _ change: (inout ScheduleRecord) -> Void) {
    guard var record = schedules[id] else { return }
    change(&record)
    record.version += 1
    schedules[id] = record
  }
}

/// One occurrence of one schedule: what a payment links a transaction to.
public struct OccurrenceRef: Sendable, Hashable {
  public var schedule: ScheduleID
  public var date: CivilDate

  public init(schedule: ScheduleID, date: CivilDate) {
    self.schedule = schedule
    self.date = date
  }
}
