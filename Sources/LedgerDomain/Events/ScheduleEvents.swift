// MARK: - Schedules

/// A schedule was set up: a bill, an income or a transfer that recurs (seed 002's Bill).
public struct ScheduleCreated: EventPayload {
  public static let kind = EventKind.scheduleCreated
  public var event: LedgerEvent { .scheduleCreated(self) }
  public static let schemaVersion: UInt16 = 1
  public var schedule: ScheduleID
  public var terms: ScheduleTerms
  public var stream: String { schedule.stream }

  public init(schedule: ScheduleID, terms: ScheduleTerms) {
    self.schedule = schedule
    self.terms = terms
  }
}

/// A schedule's terms changed from a date on; occurrences before it keep the earlier terms.
/// `replaced` is the change from that same date it overrode, if any (for undo).
public struct ScheduleChanged: EventPayload {
  public static let kind = EventKind.scheduleChanged
  public var event: LedgerEvent { .scheduleChanged(self) }
  public static let schemaVersion: UInt16 = 1
  public var schedule: ScheduleID
  public var from: CivilDate
  public var terms: ScheduleTerms
  public var replaced: ScheduleTerms?
  public var stream: String { schedule.stream }

  public init(schedule: ScheduleID, from: CivilDate, terms: ScheduleTerms, replaced: ScheduleTerms? = nil) {
    self.schedule = schedule
    self.from = from
    self.terms = terms
    self.replaced = replaced
  }
}

/// A change from `from` on was taken back (undo): the terms it replaced that day, if any,
/// are in force again, else the earlier terms go on.
public struct ScheduleChangeWithdrawn: EventPayload {
  public static let kind = EventKind.scheduleChangeWithdrawn
  public var event: LedgerEvent { .scheduleChangeWithdrawn(self) }
  public static let schemaVersion: UInt16 = 1
  public var schedule: ScheduleID
  public var from: CivilDate
  public var restored: ScheduleTerms?
  public var stream: String { schedule.stream }

  public init(schedule: ScheduleID, from: CivilDate, restored: ScheduleTerms?) {
    self.schedule = schedule
    self.from = from
    self.restored = restored
  }
}

/// A schedule was paused from a date on: its occurrences are neither due nor posted nor
/// forecast until it resumes.
public struct SchedulePaused: EventPayload {
  public static let kind = EventKind.schedulePaused
  public var event: LedgerEvent { .schedulePaused(self) }
  public static let schemaVersion: UInt16 = 1
  public var schedule: ScheduleID
  public var from: CivilDate
  public var stream: String { schedule.stream }

  public init(schedule: ScheduleID, from: CivilDate) {
    self.schedule = schedule
    self.from = from
  }
}

/// A paused schedule resumed: occurrences on or after `on` count again.
public struct ScheduleResumed: EventPayload {
  public static let kind = EventKind.scheduleResumed
  public var event: LedgerEvent { .scheduleResumed(self) }
  public static let schemaVersion: UInt16 = 1
  public var schedule: ScheduleID
  public var on: CivilDate
  public var stream: String { schedule.stream }

  public init(schedule: ScheduleID, on: CivilDate) {
    self.schedule = schedule
    self.on = on
  }
}

/// A schedule ended: it has no occurrence after `after`. `previous` is the end it had before.
public struct ScheduleEnded: EventPayload {
  public static let kind = EventKind.scheduleEnded
  public var event: LedgerEvent { .scheduleEnded(self) }
  public static let schemaVersion: UInt16 = 1
  public var schedule: ScheduleID
  public var after: CivilDate
  public var previous: CivilDate?
  public var stream: String { schedule.stream }

  public init(schedule: ScheduleID, after: CivilDate, previous: CivilDate? = nil) {
    self.schedule = schedule
    self.after = after
    self.previous = previous
  }
}

/// An ending was taken back (undo): the schedule's end is `endedAfter` again (`nil`: none).
public struct ScheduleReinstated: EventPayload {
  public static let kind = EventKind.scheduleReinstated
  public var event: LedgerEvent { .scheduleReinstated(self) }
  public static let schemaVersion: UInt16 = 1
  public var schedule: ScheduleID
  public var endedAfter: CivilDate?
  public var stream: String { schedule.stream }

  public init(schedule: ScheduleID, endedAfter: CivilDate?) {
    self.schedule = schedule
    self.endedAfter = endedAfter
  }
}

/// A schedule with nothing paid was deleted: it has no occurrences; its id stays used.
public struct ScheduleDeleted: EventPayload {
  public static let kind = EventKind.scheduleDeleted
  public var event: LedgerEvent { .scheduleDeleted(self) }
  public static let schemaVersion: UInt16 = 1
  public var schedule: ScheduleID
  public var reason: String
  public var stream: String { schedule.stream }

  public init(schedule: ScheduleID, reason: String) {
    self.schedule = schedule
    self.reason = reason
  }
}

// MARK: - Occurrences

/// An occurrence (by its nominal date) was paid by a transaction — or, for a transfer
/// schedule, a transfer — posted by autopay, entered by hand or matched to an imported one.
public struct ScheduleOccurrencePaid: EventPayload {
  public static let kind = EventKind.scheduleOccurrencePaid
  public var event: LedgerEvent { .scheduleOccurrencePaid(self) }
  public static let schemaVersion: UInt16 = 1
  public var schedule: ScheduleID
  public var date: CivilDate
  public var transaction: TransactionID?
  public var transfer: TransferID?
  public var source: PaymentSource
  /// What the transaction or transfer paid, and on which day, when it was linked (a later
  /// amendment of the transaction is folded by the read model).
  public var amount: Money
  public var paidOn: CivilDate
  public var stream: String { schedule.stream }

  public init(
    schedule: ScheduleID, date: CivilDate, transaction: TransactionID? = nil, transfer: TransferID? = nil,
    source: PaymentSource, amount: Money, paidOn: CivilDate
  ) {
    self.schedule = schedule
    self.date = date
    self.transaction = transaction
    self.transfer = transfer
    self.source = source
    self.amount = amount
    self.paidOn = paidOn
  }

  /// The id of the transaction or transfer that paid it.
  public var entry: EntityID? { transaction?.raw ?? transfer?.raw }
}

/// An occurrence's payment was unlinked: the occurrence is due again; the transaction stays.
public struct ScheduleOccurrenceUnpaid: EventPayload {
  public static let kind = EventKind.scheduleOccurrenceUnpaid
  public var event: LedgerEvent { .scheduleOccurrenceUnpaid(self) }
  public static let schemaVersion: UInt16 = 1
  public var schedule: ScheduleID
  public var date: CivilDate
  /// What had paid it.
  public var paid: ScheduleOccurrencePaid
  public var stream: String { schedule.stream }

  public init(schedule: ScheduleID, date: CivilDate, paid: ScheduleOccurrencePaid) {
    self.schedule = schedule
    self.date = date
    self.paid = paid
  }
}

/// An occurrence was skipped: it will not be paid, posted or forecast.
public struct ScheduleOccurrenceSkipped: EventPayload {
  public static let kind = EventKind.scheduleOccurrenceSkipped
  public var event: LedgerEvent { .scheduleOccurrenceSkipped(self) }
  public static let schemaVersion: UInt16 = 1
  public var schedule: ScheduleID
  public var date: CivilDate
  public var reason: String?
  public var stream: String { schedule.stream }

  public init(schedule: ScheduleID, date: CivilDate, reason: String? = nil) {
    self.schedule = schedule
    self.date = date
    self.reason = reason
  }
}

/// A skip was taken back: the occurrence is due (or upcoming) again.
public struct ScheduleOccurrenceUnskipped: EventPayload {
  public static let kind = EventKind.scheduleOccurrenceUnskipped
  public var event: LedgerEvent { .scheduleOccurrenceUnskipped(self) }
  public static let schemaVersion: UInt16 = 1
  public var schedule: ScheduleID
  public var date: CivilDate
  public var stream: String { schedule.stream }

  public init(schedule: ScheduleID, date: CivilDate) {
    self.schedule = schedule
    self.date = date
  }
}
