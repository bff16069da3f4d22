/// The money a goal's contribution or withdrawal moved, as its movement says.
struct GoalMoved {
  var date: CivilDate
  var amount: Money
  var transaction: TransactionID?
  var transfer: TransferID?
}

extension Rules {
  /// The movement of `command` checked (and its event, when recorded): money `into` the goal
  /// (a contribution) or out of it (a withdrawal). Into an account-funded goal money comes by
  /// a transfer to its account (or income on it); into a category-funded one, by an expense
  /// booked to its category. Out of it the other way round.
  func movement(
    _ command: GoalMovement, of record: GoalRecord, into: Bool
  ) throws(DomainError) -> (events: [LedgerEvent], moved: GoalMoved) {
    if let linked = state.goals[command.goal]?.entry(command.entry) {
      throw .invalidField(field: "entry id", reason: "\(linked.id) is already in use")
    }
    let what = into ? "contribution" : "withdrawal"
    switch command.payment {
    case .record(let id, let account, let date, let amount):
      try notBeforeStart(date, of: record, what: what)
      let note = "Goal: \(record.name)"
      switch record.funding {
      case .account(let goalAccount):
        let transfer = try makeTransfer(
          MakeTransfer(
            transfer: TransferID(raw: id), from: into ? account : goalAccount, to: into ? goalAccount : account,
            amount: amount, date: date, note: note))
        return (
          [.transferMade(transfer)],
          GoalMoved(date: transfer.date, amount: transfer.amount, transfer: transfer.transfer)
        )
      case .category(let category):
        guard state.transactions[TransactionID(raw: id)] == nil else {
          throw .invalidField(field: "transaction id", reason: "\(id) is already in use")
        }
        let added = try addTransaction(
          AddTransaction(
            transaction: TransactionID(raw: id), account: account, date: date, amount: amount,
            type: into ? .expense : .income, category: category, name: note, notes: command.note))
        return (
          [.transactionAdded(added)],
          GoalMoved(date: added.date, amount: added.amount, transaction: added.transaction)
        )
      }
    case .link(let id):
      let transaction = try transaction(id).added
      try unlinked(id.raw)
      try notBeforeStart(transaction.date, of: record, what: what)
      switch record.funding {
      case .account(let goalAccount):
        let type: TransactionType = into ? .income : .expense
        guard transaction.account == goalAccount, transaction.type == type else {
          throw .invalidField(
            field: "transaction",
            reason:
              "\(id) is not \(into ? "income into" : "an expense out of") '\(fundingName(record.funding))', the goal's account; link a transfer \(into ? "to" : "from") it, or such a transaction"
          )
        }
      case .category(let category):
        let type: TransactionType = into ? .expense : .income
        guard transaction.category == category, transaction.splits.isEmpty, transaction.type == type else {
          throw .invalidField(
            field: "transaction",
            reason:
              "\(id) is not \(into ? "an expense" : "income") booked to '\(fundingName(record.funding))', the goal's category"
          )
        }
      }
      return ([], GoalMoved(date: transaction.date, amount: transaction.amount, transaction: id))
    case .linkTransfer(let id):
      guard let transfer = state.transferRecords[id] else {
        throw .notFound(kind: "transfer", reference: id.description, suggestion: nil)
      }
      try unlinked(id.raw)
      try notBeforeStart(transfer.date, of: record, what: what)
      guard case .account(let goalAccount) = record.funding else {
        throw .invalidField(
          field: "transfer",
          reason:
            "goal '\(record.name)' is funded by category '\(fundingName(record.funding))'; link a transaction booked to it"
        )
      }
      guard (into ? transfer.to : transfer.from) == goalAccount else {
        throw .invalidField(
          field: "transfer",
          reason: "\(id) does not go \(into ? "to" : "from") '\(fundingName(record.funding))', the goal's account")
      }
      return ([], GoalMoved(date: transfer.date, amount: transfer.amount, transfer: id))
    }
  }

  /// Throws if `movement` is already linked to a goal's contribution or withdrawal.
  private func unlinked(_ movement: EntityID) throws(DomainError) {
    guard let (goal, entry) = state.goalEntry(linking: movement) else { return }
    let name = state.goals[goal]?.name ?? goal.description
    throw .invalidField(
      field: "transaction",
      reason:
        "\(movement) is already linked to goal '\(name)' (\(entry.isWithdrawal ? "withdrawal" : "contribution") of \(entry.date))"
    )
  }

  private func notBeforeStart(_ date: CivilDate, of record: GoalRecord, what: String) throws(DomainError) {
    guard date < record.startDate else { return }
    throw .invalidField(
      field: "date",
      reason: "\(date) is before goal '\(record.name)' started (\(record.startDate)); a \(what) counts from then on")
  }
}

extension Rules {
  /// `events` (an occurrence's payment) and, when the payment moves money into an active
  /// goal — a transfer to its account, an expense booked to its category, on or after its
  /// start — the `recurring` contribution listing it, under the movement's own id.
  func withRecurringContribution(_ events: [LedgerEvent]) -> [LedgerEvent] {
    guard case .scheduleOccurrencePaid(let paid)? = events.last, let movement = paid.entry,
      state.goalEntry(linking: movement) == nil
    else { return events }
    var transfer: TransferMade? = paid.transfer.flatMap { state.transferRecords[$0] }
    var transaction: TransactionAdded? = paid.transaction.flatMap { state.transactions[$0]?.added }
    for event in events {
      if case .transferMade(let made) = event { transfer = made }
      if case .transactionAdded(let added) = event { transaction = added }
    }
    let match = state.goals.first { _, record in
      guard record.isActive, paid.paidOn >= record.startDate else { return false }
      switch record.funding {
      case .account(let account): return transfer?.to == account
      case .category(let category):
        return transaction.map { $0.type == .expense && $0.category == category && $0.splits.isEmpty } ?? false
      }
    }
    guard let (goal, _) = match else { return events }
    let contributed = GoalContributed(
      goal: goal, contribution: movement, date: paid.paidOn, amount: paid.amount, source: .recurring,
      transaction: paid.transaction, transfer: paid.transfer)
    return events + [.goalContributed(contributed)]
  }
}
