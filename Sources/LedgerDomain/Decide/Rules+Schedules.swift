extension Rules {
  /// The schedule `id`, unless it does not exist or was deleted.
  func schedule(_ id: ScheduleID) throws(DomainError) -> ScheduleRecord {
    guard let record = state.schedules[id], !record.isDeleted else {
      throw .notFound(kind: "schedule", reference: id.description, suggestion: nil)
    }
    return record
  }

  func createSchedule(_ id: ScheduleID, terms: ScheduleTerms) throws(DomainError) -> ScheduleCreated {
    guard state.schedules[id] == nil else {
      throw .invalidField(field: "schedule id", reason: "\(id) is already in use")
    }
    let terms = try validated(terms)
    if let other = state.schedules.values.first(where: {
      !$0.isDeleted && TextRules.key($0.name) == TextRules.key(terms.name)
    }) {
      throw .invalidField(
        field: "name", reason: "a schedule named '\(other.name)' already exists; choose another name")
    }
    return ScheduleCreated(schedule: id, terms: terms)
  }

  func changeSchedule(_ id: ScheduleID, from: CivilDate, terms: ScheduleTerms) throws(DomainError) -> ScheduleChanged {
    let record = try schedule(id)
    guard from >= record.timeline.start else {
      throw .invalidField(
        field: "from",
        reason: "\(from) is before the schedule starts (\(record.timeline.start)); change it from that day on")
    }
    if let later = record.timeline.versions.last(where: { $0.from > from }) {
      throw .invalidField(
        field: "from",
        reason: "the schedule already changes on \(later.from); change it from that day or later")
    }
    let terms = try validated(terms)
    if TextRules.key(terms.name) != TextRules.key(record.name),
      let other = state.schedules.values.first(where: {
        !$0.isDeleted && TextRules.key($0.name) == TextRules.key(terms.name)
      })
    {
      throw .invalidField(
        field: "name", reason: "a schedule named '\(other.name)' already exists; choose another name")
    }
    if let paid = record.payments.first(where: { $0.key >= from && state.isLive($0.value) }),
      terms.recurrence != record.timeline.terms(on: from).recurrence,
      !ScheduleTimeline.occurs(paid.key, in: terms, from: from)
    {
      throw .invalidField(
        field: "recurrence",
        reason:
          "the occurrence of \(paid.key) is paid and the new rule has none that day; unlink its payment first (budget schedule unpay)"
      )
    }
    guard record.timeline.terms(on: from) != terms || record.timeline.version(from: from) != nil else {
      throw .nothingToChange
    }
    return ScheduleChanged(schedule: id, from: from, terms: terms, replaced: record.timeline.version(from: from))
  }

  func withdrawScheduleChange(_ id: ScheduleID, from: CivilDate) throws(DomainError) -> ScheduleChangeWithdrawn {
    let record = try schedule(id)
    guard record.timeline.version(from: from) != nil else {
      throw .invalidField(field: "from", reason: "the schedule has no change from \(from)")
    }
    guard from != record.timeline.start else {
      throw .invalidField(field: "from", reason: "the schedule's first terms cannot be withdrawn; delete it instead")
    }
    return ScheduleChangeWithdrawn(schedule: id, from: from, restored: nil)
  }

  func pauseSchedule(_ id: ScheduleID, from: CivilDate) throws(DomainError) -> SchedulePaused {
    let record = try schedule(id)
    if let pause = record.timeline.openPause {
      throw .invalidField(field: "schedule", reason: "'\(record.name)' is already paused since \(pause.from)")
    }
    if let last = record.timeline.pauses.last?.until, from < last {
      throw .invalidField(field: "from", reason: "\(from) is before the schedule last resumed (\(last))")
    }
    return SchedulePaused(schedule: id, from: from)
  }

  func resumeSchedule(_ id: ScheduleID, on date: CivilDate) throws(DomainError) -> ScheduleResumed {
    let record = try schedule(id)
    guard let pause = record.timeline.openPause else {
      throw .invalidField(field: "schedule", reason: "'\(record.name)' is not paused")
    }
    guard date >= pause.from else {
      throw .invalidField(field: "date", reason: "\(date) is before the pause began (\(pause.from))")
    }
    return ScheduleResumed(schedule: id, on: date)
  }

  func endSchedule(_ id: ScheduleID, after date: CivilDate) throws(DomainError) -> ScheduleEnded {
    let record = try schedule(id)
    if let paid = record.payments.keys.filter({ $0 > date }).min(), let payment = record.payments[paid],
      state.isLive(payment)
    {
      throw .invalidField(
        field: "end",
        reason: "the occurrence of \(paid) is paid; end the schedule on or after it, or unlink its payment first")
    }
    guard record.timeline.endedAfter != date else { throw .nothingToChange }
    return ScheduleEnded(schedule: id, after: date, previous: record.timeline.endedAfter)
  }

  func reinstateSchedule(_ id: ScheduleID, endedAfter: CivilDate?) throws(DomainError) -> ScheduleReinstated {
    let record = try schedule(id)
    guard record.timeline.endedAfter != endedAfter else { throw .nothingToChange }
    return ScheduleReinstated(schedule: id, endedAfter: endedAfter)
  }

  func deleteSchedule(_ id: ScheduleID, reason: String) throws(DomainError) -> ScheduleDeleted {
    let record = try schedule(id)
    let paid = record.payments.values.filter { state.isLive($0) }.count
    guard paid == 0 else {
      throw .invalidField(
        field: "schedule",
        reason:
          "'\(record.name)' has \(paid) paid occurrence\(paid == 1 ? "" : "s") and cannot be deleted; end it instead (budget schedule end)"
      )
    }
    let reason = try TextRules.validated(reason, field: "reason", maximum: FieldLimits.reason)
    return ScheduleDeleted(schedule: id, reason: reason)
  }

  /// `terms` with their text trimmed, or the first rule they break: the same rules as a
  /// transaction's (an open account, active categories, the account's currency), a name of
  /// 1–100 characters, a recurrence that occurs.
  func validated(_ terms: ScheduleTerms) throws(DomainError) -> ScheduleTerms {
    var t = terms
    t.name = try TextRules.validated(t.name, field: "name", maximum: FieldLimits.scheduleName)
    t.payee = try TextRules.optional(t.payee, field: "payee", maximum: FieldLimits.transactionName)
    t.notes = try TextRules.optional(t.notes, field: "notes", maximum: FieldLimits.notes)
    let account = try openAccountRecord(t.account)
    try positive(t.amount, field: "amount", currency: account.currency)
    t.recurrence = try t.recurrence.validated()
    if t.recurrence.start < Self.earliestBusinessDate {
      throw .invalidField(field: "start", reason: "\(t.recurrence.start) is before 1900-01-01")
    }
    try onOrAfterOpening(t.recurrence.start, of: account, what: "the schedule's start")
    guard (0...FieldLimits.reminderDays).contains(t.reminderDays) else {
      throw .invalidField(
        field: "reminder days", reason: "\(t.reminderDays) is outside 0–\(FieldLimits.reminderDays)")
    }
    switch t.kind {
    case .transfer:
      guard let toID = t.toAccount else {
        throw .invalidField(field: "to", reason: "a transfer schedule needs the account it goes to (--to)")
      }
      guard t.category == nil, t.splits.isEmpty else {
        throw .invalidField(field: "category", reason: "a transfer has no category; leave it out")
      }
      let to = try openAccountRecord(toID)
      guard toID != t.account else { throw .sameAccountTransfer(name: account.name) }
      guard to.currency == account.currency else {
        throw .currencyMismatch(field: "account '\(to.name)'", expected: account.currency, found: to.currency)
      }
    case .expense, .income:
      guard t.toAccount == nil else {
        throw .invalidField(field: "to", reason: "only a transfer schedule goes to an account; give a category")
      }
      var probe = TransactionAdded(
        transaction: TransactionID(raw: EntityID(high: 0, low: 0)), account: t.account, date: t.recurrence.start,
        amount: t.amount, type: t.kind == .income ? .income : .expense, category: t.category, splits: t.splits,
        name: t.name)
      try validateCategories(&probe, currency: account.currency, checkingBooking: nil)
      t.splits = probe.splits
    }
    return t
  }
}

extension ScheduleTimeline {
  /// Whether `terms`' recurrence has an occurrence on `date`, counting from `from`.
  static func occurs(_ date: CivilDate, in terms: ScheduleTerms, from: CivilDate) -> Bool {
    date >= from && terms.recurrence.occurrences(from: date, through: date).isEmpty == false
  }
}
