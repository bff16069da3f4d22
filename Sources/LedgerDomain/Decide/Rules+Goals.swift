extension Rules {
  /// The goal `id`, or a not-found error.
  func goal(_ id: GoalID) throws(DomainError) -> GoalRecord {
    guard let record = state.goals[id] else {
      throw .notFound(kind: "goal", reference: id.description, suggestion: nil)
    }
    return record
  }

  /// A goal with a unique name, a target above zero in its funding's currency, a target date
  /// not in the past and after its start, funded by an open savings-like account or an
  /// expense category that no other active goal uses.
  func addGoal(_ command: AddGoal) throws(DomainError) -> GoalAdded {
    guard state.goals[command.goal] == nil else {
      throw .invalidField(field: "goal id", reason: "\(command.goal) is already in use")
    }
    guard let funding = command.funding else {
      throw .invalidField(
        field: "funding", reason: "a goal is funded by an account or by a category; give exactly one")
    }
    var added = GoalAdded(command)
    let currency = try fundingCurrency(funding, checkingUse: true)
    if let other = state.goals.values.first(where: { $0.isActive && $0.funding == funding }) {
      throw .invalidField(
        field: added.account != nil ? "account" : "category",
        reason:
          "'\(fundingName(funding))' already funds goal '\(other.name)'; one active goal per account or category — complete or archive that one first"
      )
    }
    added.settings = try validated(
      added.settings, currency: currency, start: added.startDate, previous: nil, except: nil)
    if case .account(let id) = funding {
      try onOrAfterOpening(added.startDate, of: try account(id), what: "the goal's start")
    }
    return added
  }

  func changeGoal(_ id: GoalID, to settings: GoalSettings) throws(DomainError) -> GoalChanged {
    let record = try goal(id)
    if record.isArchived {
      throw .invalidField(field: "goal", reason: "'\(record.name)' is archived; reopen it first (budget goal reopen)")
    }
    let currency = try fundingCurrency(record.funding, checkingUse: false)
    let settings = try validated(
      settings, currency: currency, start: record.startDate, previous: record.settings, except: id)
    guard settings != record.settings else { throw .nothingToChange }
    return GoalChanged(goal: id, settings: settings, previous: record.settings)
  }

  /// The events that put money into a goal: the movement recorded for it and the
  /// contribution, or the contribution linking an existing movement.
  func contributeToGoal(_ command: GoalMovement) throws(DomainError) -> [LedgerEvent] {
    let record = try goal(command.goal)
    switch record.status {
    case .active: break
    case .completed(let date):
      throw .invalidField(
        field: "goal",
        reason: "'\(record.name)' was completed on \(date); reopen it first (budget goal reopen) to contribute")
    case .archived(let date):
      throw .invalidField(
        field: "goal",
        reason: "'\(record.name)' was archived on \(date); reopen it first (budget goal reopen) to contribute")
    }
    let (events, moved) = try movement(command, of: record, into: true)
    let note = try TextRules.optional(command.note, field: "note", maximum: FieldLimits.notes)
    let contributed = GoalContributed(
      goal: command.goal, contribution: command.entry, date: moved.date, amount: moved.amount, source: command.source,
      transaction: moved.transaction, transfer: moved.transfer, note: note)
    return events + [.goalContributed(contributed)]
  }

  /// The events that take money out of a goal, as ``contributeToGoal(_:)`` puts it in.
  func withdrawFromGoal(_ command: GoalMovement) throws(DomainError) -> [LedgerEvent] {
    let record = try goal(command.goal)
    if case .archived(let date) = record.status {
      throw .invalidField(
        field: "goal", reason: "'\(record.name)' was archived on \(date); reopen it first (budget goal reopen)")
    }
    let (events, moved) = try movement(command, of: record, into: false)
    let note = try TextRules.optional(command.note, field: "note", maximum: FieldLimits.notes)
    let withdrawn = GoalContributionWithdrawn(
      goal: command.goal, withdrawal: command.entry, date: moved.date, amount: moved.amount,
      transaction: moved.transaction, transfer: moved.transfer, note: note)
    return events + [.goalContributionWithdrawn(withdrawn)]
  }

  func removeGoalEntry(_ id: GoalID, entry: EntityID) throws(DomainError) -> GoalEntryRemoved {
    let record = try goal(id)
    guard record.entry(entry) != nil else {
      throw .invalidField(field: "entry", reason: "goal '\(record.name)' lists no contribution or withdrawal \(entry)")
    }
    return GoalEntryRemoved(goal: id, entry: entry)
  }

  func completeGoal(_ id: GoalID, on date: CivilDate) throws(DomainError) -> GoalCompleted {
    let record = try goal(id)
    guard record.isActive else {
      throw .invalidField(field: "goal", reason: "'\(record.name)' is \(record.statusWords)")
    }
    try notInFuture(date)
    return GoalCompleted(goal: id, date: date)
  }

  func archiveGoal(_ id: GoalID, on date: CivilDate) throws(DomainError) -> GoalArchived {
    let record = try goal(id)
    guard !record.isArchived else {
      throw .invalidField(field: "goal", reason: "'\(record.name)' is \(record.statusWords)")
    }
    try notInFuture(date)
    return GoalArchived(goal: id, date: date)
  }

  func reopenGoal(_ id: GoalID) throws(DomainError) -> GoalReopened {
    let record = try goal(id)
    let (wasArchived, since): (Bool, CivilDate)
    switch record.status {
    case .active: throw .invalidField(field: "goal", reason: "'\(record.name)' is active already")
    case .completed(let date): (wasArchived, since) = (false, date)
    case .archived(let date): (wasArchived, since) = (true, date)
    }
    if let other = state.goals.first(where: { $0.key != id && $0.value.isActive && $0.value.funding == record.funding })
    {
      throw .invalidField(
        field: "goal",
        reason:
          "'\(fundingName(record.funding))' now funds goal '\(other.value.name)'; complete or archive that one first")
    }
    if wasArchived,
      let other = state.goals.first(where: {
        $0.key != id && !$0.value.isArchived && TextRules.key($0.value.name) == TextRules.key(record.name)
      })
    {
      throw .invalidField(
        field: "name", reason: "another goal is named '\(other.value.name)' now; rename one of them first")
    }
    return GoalReopened(goal: id, wasArchived: wasArchived, since: since)
  }

  // MARK: Checks

  /// `settings` checked: a unique name, a target above zero in `currency`, a target date on or
  /// after today (unless unchanged from `previous`) and after `start`, a note within limits.
  func validated(
    _ settings: GoalSettings, currency: Currency, start: CivilDate, previous: GoalSettings?, except id: GoalID?
  ) throws(DomainError) -> GoalSettings {
    var settings = settings
    settings.name = try TextRules.validated(settings.name, field: "name", maximum: FieldLimits.scheduleName)
    if let other = state.goals.first(where: {
      $0.key != id && !$0.value.isArchived && TextRules.key($0.value.name) == TextRules.key(settings.name)
    }) {
      throw .invalidField(
        field: "name", reason: "a goal named '\(other.value.name)' already exists; choose another name")
    }
    guard settings.target.currency == currency else {
      throw .currencyMismatch(field: "target", expected: currency, found: settings.target.currency)
    }
    guard settings.target.isPositive else {
      throw .invalidField(field: "target", reason: "must be more than zero; got \(settings.target.formatted())")
    }
    try positive(settings.target, field: "target", currency: currency)
    if let date = settings.targetDate {
      if date < context.today, date != previous?.targetDate {
        throw .invalidField(
          field: "target date", reason: "\(date) is in the past (today is \(context.today)); give a date from today on")
      }
      guard date > start else {
        throw .invalidField(field: "target date", reason: "\(date) is not after the goal's start (\(start))")
      }
    }
    settings.note = try TextRules.optional(settings.note, field: "note", maximum: FieldLimits.notes)
    return settings
  }

  /// The currency of a goal's funding; with `checkingUse`, refuses a closed account, a debt's
  /// kind of account, or an archived or income category.
  private func fundingCurrency(_ funding: GoalFunding, checkingUse: Bool) throws(DomainError) -> Currency {
    switch funding {
    case .account(let id):
      let account = checkingUse ? try openAccountRecord(id) : try account(id)
      if checkingUse, account.type == .loan || account.type == .creditCard {
        throw .invalidField(
          field: "account",
          reason:
            "'\(account.name)' is a \(account.type.rawValue) account; a goal saves into a savings or other asset account — for what is owed, use budget debt add"
        )
      }
      return account.currency
    case .category(let id):
      let category = checkingUse ? try activeCategory(id) : try self.category(id)
      if checkingUse, category.kind == .income {
        throw .invalidField(
          field: "category",
          reason: "'\(category.name)' is an income category; a goal saves into an expense (savings) category")
      }
      return baseCurrency
    }
  }

  func fundingName(_ funding: GoalFunding) -> String {
    switch funding {
    case .account(let id): state.accounts[id]?.name ?? id.description
    case .category(let id): state.categories[id]?.name ?? id.description
    }
  }
}

extension GoalRecord {
  /// "active", "completed on D", "archived on D".
  public var statusWords: String {
    switch status {
    case .active: "active"
    case .completed(let date): "completed on \(date)"
    case .archived(let date): "archived on \(date)"
    }
  }
}
