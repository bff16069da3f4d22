extension Rules {
  /// The occurrence of `schedule` on nominal date `date`, or why there is none.
  func occurrence(of record: ScheduleRecord, on date: CivilDate) throws(DomainError) -> ScheduledOccurrence {
    guard let occurrence = record.timeline.occurrence(on: date) else {
      let next = record.timeline.occurrences(from: date, through: (try? date.adding(days: 400)) ?? date).first
      throw .invalidField(
        field: "date",
        reason: "'\(record.name)' has no occurrence on \(date)"
          + (next.map { "; the next one is on \($0.nominal)" } ?? ""))
    }
    if occurrence.isPaused {
      throw .invalidField(
        field: "date", reason: "'\(record.name)' is paused on \(date); resume it first (budget schedule resume)")
    }
    return occurrence
  }

  /// The events that pay an occurrence: a new transaction or transfer and the payment, or the
  /// payment linking an existing one.
  func payOccurrence(_ command: PayOccurrence) throws(DomainError) -> [LedgerEvent] {
    let record = try schedule(command.schedule)
    let occurrence = try occurrence(of: record, on: command.date)
    if let paid = state.payment(of: command.schedule, on: command.date) {
      let what = paid.transaction.map { "transaction \($0)" } ?? paid.transfer.map { "transfer \($0)" } ?? "a payment"
      throw .invalidField(
        field: "occurrence", reason: "'\(record.name)' of \(command.date) is already paid by \(what)")
    }
    if record.skipped.contains(command.date) {
      throw .invalidField(
        field: "occurrence",
        reason: "'\(record.name)' of \(command.date) was skipped; unskip it first (budget schedule unskip)")
    }
    let terms = occurrence.terms
    var paid = ScheduleOccurrencePaid(
      schedule: command.schedule, date: command.date, source: command.source, amount: terms.amount,
      paidOn: occurrence.due)
    switch command.payment {
    case .record(let id, let date, let amount):
      let amount = amount ?? terms.amount
      // Paid when it was due — or today, for an occurrence paid before it falls due.
      let date = date ?? min(occurrence.due, context.today)
      if terms.kind == .transfer, let to = terms.toAccount {
        let transfer = try makeTransfer(
          MakeTransfer(
            transfer: TransferID(raw: id), from: terms.account, to: to, amount: amount, date: date,
            note: terms.postedName))
        paid.transfer = transfer.transfer
        paid.amount = transfer.amount
        paid.paidOn = transfer.date
        return [.transferMade(transfer), .scheduleOccurrencePaid(paid)]
      }
      if !terms.splits.isEmpty, amount != terms.amount {
        throw .invalidField(
          field: "amount",
          reason:
            "'\(record.name)' is split across categories for \(terms.amount.formatted()); pay it for that amount and amend the transaction's splits"
        )
      }
      let added = try addTransaction(
        AddTransaction(
          transaction: TransactionID(raw: id), account: terms.account, date: date, amount: amount,
          type: terms.kind == .income ? .income : .expense, category: terms.splits.isEmpty ? terms.category : nil,
          splits: terms.splits, name: terms.postedName, notes: terms.notes))
      paid.transaction = added.transaction
      paid.amount = added.amount
      paid.paidOn = added.date
      return [.transactionAdded(added), .scheduleOccurrencePaid(paid)]
    case .link(let id):
      let transaction = try transaction(id).added
      try linkable(id.raw, to: record, on: command.date)
      guard terms.kind != .transfer else {
        throw .invalidField(field: "transaction", reason: "'\(record.name)' is a transfer; link a transfer to it")
      }
      guard transaction.account == terms.account else {
        throw .invalidField(
          field: "transaction",
          reason: "\(id) is on another account than '\(record.name)'; link a transaction on the schedule's account")
      }
      guard (transaction.type == .income) == (terms.kind == .income) else {
        throw .invalidField(
          field: "transaction",
          reason:
            "\(id) is \(transaction.type == .income ? "income" : "an expense") but '\(record.name)' is \(terms.kind == .income ? "income" : "an expense")"
        )
      }
      paid.transaction = id
      paid.amount = transaction.amount
      paid.paidOn = transaction.date
      return [.scheduleOccurrencePaid(paid)]
    case .linkTransfer(let id):
      guard let transfer = state.transferRecords[id] else {
        throw .notFound(kind: "transfer", reference: id.description, suggestion: nil)
      }
      try linkable(id.raw, to: record, on: command.date)
      guard terms.kind == .transfer, transfer.from == terms.account, transfer.to == terms.toAccount else {
        throw .invalidField(
          field: "transfer", reason: "\(id) does not go between the accounts of '\(record.name)'")
      }
      paid.transfer = id
      paid.amount = transfer.amount
      paid.paidOn = transfer.date
      return [.scheduleOccurrencePaid(paid)]
    }
  }

  /// Throws if the transaction or transfer `entry` already pays an occurrence.
  private func linkable(_ entry: EntityID, to record: ScheduleRecord, on date: CivilDate) throws(DomainError) {
    guard let linked = state.scheduleLinks[entry],
      state.schedules[linked.schedule]?.payments[linked.date]?.entry == entry
    else { return }
    let name = state.schedules[linked.schedule]?.name ?? linked.schedule.description
    throw .invalidField(
      field: "transaction",
      reason: "\(entry) already pays '\(name)' of \(linked.date); a transaction pays one occurrence")
  }

  func unpayOccurrence(_ id: ScheduleID, date: CivilDate) throws(DomainError) -> ScheduleOccurrenceUnpaid {
    let record = try schedule(id)
    guard let paid = record.payments[date] else {
      throw .invalidField(field: "occurrence", reason: "'\(record.name)' of \(date) is not paid")
    }
    return ScheduleOccurrenceUnpaid(schedule: id, date: date, paid: paid)
  }

  func skipOccurrence(
    _ id: ScheduleID, date: CivilDate, reason: String?
  ) throws(DomainError)
    -> ScheduleOccurrenceSkipped
  {
    let record = try schedule(id)
    _ = try occurrence(of: record, on: date)
    if state.payment(of: id, on: date) != nil {
      throw .invalidField(
        field: "occurrence", reason: "'\(record.name)' of \(date) is paid; unlink its payment first to skip it")
    }
    guard !record.skipped.contains(date) else {
      throw .invalidField(field: "occurrence", reason: "'\(record.name)' of \(date) is already skipped")
    }
    let reason = try TextRules.optional(reason, field: "reason", maximum: FieldLimits.reason)
    return ScheduleOccurrenceSkipped(schedule: id, date: date, reason: reason)
  }

  func unskipOccurrence(_ id: ScheduleID, date: CivilDate) throws(DomainError) -> ScheduleOccurrenceUnskipped {
    let record = try schedule(id)
    guard record.skipped.contains(date) else {
      throw .invalidField(field: "occurrence", reason: "'\(record.name)' of \(date) is not skipped")
    }
    return ScheduleOccurrenceUnskipped(schedule: id, date: date)
  }
}
