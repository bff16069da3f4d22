import LedgerDomain
import ProjectionEngine

/// Schedules (bills, incomes, transfers that recur) and their occurrences that were paid or
/// skipped. Occurrences themselves are computed from the terms (``ScheduleTimeline``) when
/// asked, so a schedule that recurs forever costs one row.
///
/// | table | key | value |
/// |---|---|---|
/// | `schedules` | schedule (16) | terms over time, pauses, end, deleted |
/// | `occurrences` | schedule (16) ‖ nominal day (8, signed) | payment (with its amount and day, live or not) or skip |
/// | `links` | transaction or transfer (16) | schedule (16) ‖ nominal day (8) |
/// | `stamp` | 0 (8) | the position of the last event that changed any of these tables |
///
/// The stamp lets a reader tell, with one lookup, that the tables as known at a position are
/// those it has already read (``ScheduleCache``).
///
/// A linked transaction that is amended, deleted or restored updates its occurrence's row,
/// so a posted bill amended to what it really cost shows that amount.
public struct SchedulesProjector: Projector {
  public static let name = "schedules"
  public var name: String { Self.name }
  /// 2: occurrence rows in a compact form of their own; the stamp.
  public var version: Int { 2 }
  public var readsTransactionText: Bool { false }
  public var tables: [TableSpec] {
    [
      TableSpec("schedules", keySize: 16), TableSpec("occurrences", keySize: 24), TableSpec("links", keySize: 16),
      TableSpec("stamp", keySize: 8),
    ]
  }

  public init() {}

  public func apply<Store: ProjectionStore>(_ event: LedgerEvent, at point: LogPoint, into store: inout Store) throws {
    if try fold(event, at: point.position, into: &store) {
      try store.put(
        in: "stamp", key: ScheduleKeys.stamp, value: ScheduleKeys.stampValue(point.position), at: point.position)
    }
  }

  /// Folds `event`; whether it changed a row.
  private func fold<Store: ProjectionStore>(
    _ event: LedgerEvent, at position: UInt64, into store: inout Store
  ) throws
    -> Bool
  {
    switch event {
    case .scheduleCreated(let e):
      try store.put(
        in: "schedules", key: ScheduleKeys.id(e.schedule.raw),
        value: ScheduleRow(timeline: ScheduleTimeline(terms: e.terms)).encoded, at: position)
    case .scheduleChanged(let e):
      try updateSchedule(e.schedule, in: &store, at: position) { $0.timeline.change(from: e.from, to: e.terms) }
    case .scheduleChangeWithdrawn(let e):
      try updateSchedule(e.schedule, in: &store, at: position) {
        $0.timeline.withdrawChange(from: e.from, restoring: e.restored)
      }
    case .schedulePaused(let e):
      try updateSchedule(e.schedule, in: &store, at: position) { $0.timeline.pause(from: e.from) }
    case .scheduleResumed(let e):
      try updateSchedule(e.schedule, in: &store, at: position) { $0.timeline.resume(on: e.on) }
    case .scheduleEnded(let e):
      try updateSchedule(e.schedule, in: &store, at: position) { $0.timeline.endedAfter = e.after }
    case .scheduleReinstated(let e):
      try updateSchedule(e.schedule, in: &store, at: position) { $0.timeline.endedAfter = e.endedAfter }
    case .scheduleDeleted(let e):
      try updateSchedule(e.schedule, in: &store, at: position) { $0.isDeleted = true }
    case .scheduleOccurrencePaid(let e):
      let key = ScheduleKeys.occurrence(e.schedule.raw, e.date)
      if let old = try store.value(in: "occurrences", key: key).flatMap({ OccurrenceRow($0, key: key) }),
        let replaced = old.paid?.entry, replaced != e.entry
      {
        try store.delete(in: "links", key: ScheduleKeys.id(replaced), at: position)
      }
      try store.put(in: "occurrences", key: key, value: OccurrenceRow(paid: e).encoded, at: position)
      if let entry = e.entry { try store.put(in: "links", key: ScheduleKeys.id(entry), value: key, at: position) }
    case .scheduleOccurrenceUnpaid(let e):
      try store.delete(in: "occurrences", key: ScheduleKeys.occurrence(e.schedule.raw, e.date), at: position)
      if let entry = e.paid.entry { try store.delete(in: "links", key: ScheduleKeys.id(entry), at: position) }
    case .scheduleOccurrenceSkipped(let e):
      try store.put(
        in: "occurrences", key: ScheduleKeys.occurrence(e.schedule.raw, e.date),
        value: OccurrenceRow(paid: nil, skipped: true, skipReason: e.reason).encoded, at: position)
    case .scheduleOccurrenceUnskipped(let e):
      try store.delete(in: "occurrences", key: ScheduleKeys.occurrence(e.schedule.raw, e.date), at: position)
    case .transactionAmended(let e):
      guard e.amount != nil || e.date != nil else { return false }
      return try updatePayment(of: e.transaction.raw, in: &store, at: position) { paid, _ in
        if let amount = e.amount { paid.amount = amount }
        if let date = e.date { paid.paidOn = date }
      }
    case .transactionDeleted(let e):
      return try updatePayment(of: e.transaction.raw, in: &store, at: position) { _, live in live = false }
    case .transactionRestored(let e):
      return try updatePayment(of: e.transaction.transaction.raw, in: &store, at: position) { paid, live in
        live = true
        paid.amount = e.transaction.amount
        paid.paidOn = e.transaction.date
      }
    case .transferCancelled(let e):
      return try updatePayment(of: e.cancelled.transfer.raw, in: &store, at: position) { _, live in live = false }
    default:
      return false
    }
    return true
  }

  private func updateSchedule<Store: ProjectionStore>(
    _ id: ScheduleID, in store: inout Store, at position: UInt64, _ change: (inout ScheduleRow) -> Void
  ) throws {
    let key = ScheduleKeys.id(id.raw)
    guard var row = try store.value(in: "schedules", key: key).flatMap(ScheduleRow.init) else { return }
    change(&row)
    try store.put(in: "schedules", key: key, value: row.encoded, at: position)
  }

  /// Changes the payment row of the occurrence `entry` paid, if it paid one; whether it did.
  private func updatePayment<Store: ProjectionStore>(
    of entry: EntityID, in store: inout Store, at position: UInt64,
    _ change: (inout ScheduleOccurrencePaid, inout Bool) -> Void
  ) throws -> Bool {
    guard let occurrenceKey = try store.value(in: "links", key: ScheduleKeys.id(entry)),
      var row = try store.value(in: "occurrences", key: occurrenceKey).flatMap({ OccurrenceRow($0, key: occurrenceKey) }
      ),
      var paid = row.paid, paid.entry == entry
    else { return false }
    change(&paid, &row.live)
    row.paid = paid
    try store.put(in: "occurrences", key: occurrenceKey, value: row.encoded, at: position)
    return true
  }
}

extension SchedulesProjector: TunedProjector {
  /// Amounts, dates, accounts and categories only: rebuilt from events without their text.
  public var rebuildHints: RebuildHints { RebuildHints(readsTransactionText: false) }
}
