// MARK: - Goals

/// A savings goal was added, funded by an account (its balance is the progress) or by a
/// category (the money booked to it from `startDate` on is the progress): exactly one of
/// `account` and `category` is set.
public struct GoalAdded: EventPayload {
  public static let kind = EventKind.goalAdded
  public var event: LedgerEvent { .goalAdded(self) }
  public static let schemaVersion: UInt16 = 1
  public var goal: GoalID
  public var settings: GoalSettings
  public var startDate: CivilDate
  public var account: AccountID?
  public var category: CategoryID?
  public var stream: String { goal.stream }

  public init(goal: GoalID, settings: GoalSettings, startDate: CivilDate, funding: GoalFunding) {
    self.goal = goal
    self.settings = settings
    self.startDate = startDate
    switch funding {
    case .account(let id): account = id
    case .category(let id): category = id
    }
  }

  /// Where the goal's money is.
  public var funding: GoalFunding? {
    if let account { return .account(account) }
    return category.map(GoalFunding.category)
  }
}

/// A goal's settings changed (name, kind, target, date, sheet, note); `previous` is what they
/// were, for undo.
public struct GoalChanged: EventPayload {
  public static let kind = EventKind.goalChanged
  public var event: LedgerEvent { .goalChanged(self) }
  public static let schemaVersion: UInt16 = 1
  public var goal: GoalID
  public var settings: GoalSettings
  public var previous: GoalSettings
  public var stream: String { goal.stream }

  public init(goal: GoalID, settings: GoalSettings, previous: GoalSettings) {
    self.goal = goal
    self.settings = settings
    self.previous = previous
  }
}

/// Money was put into a goal: the transaction or transfer that moved it (exactly one is set)
/// carries the money; this adds where it came from and a note.
public struct GoalContributed: EventPayload {
  public static let kind = EventKind.goalContributed
  public var event: LedgerEvent { .goalContributed(self) }
  public static let schemaVersion: UInt16 = 1
  public var goal: GoalID
  public var contribution: EntityID
  public var date: CivilDate
  public var amount: Money
  public var source: ContributionSource
  public var transaction: TransactionID?
  public var transfer: TransferID?
  public var note: String?
  public var stream: String { goal.stream }

  public init(
    goal: GoalID, contribution: EntityID, date: CivilDate, amount: Money, source: ContributionSource,
    transaction: TransactionID? = nil, transfer: TransferID? = nil, note: String? = nil
  ) {
    self.goal = goal
    self.contribution = contribution
    self.date = date
    self.amount = amount
    self.source = source
    self.transaction = transaction
    self.transfer = transfer
    self.note = note
  }
}

/// Money was taken out of a goal, by the transaction or transfer that moved it (exactly one
/// is set).
public struct GoalContributionWithdrawn: EventPayload {
  public static let kind = EventKind.goalContributionWithdrawn
  public var event: LedgerEvent { .goalContributionWithdrawn(self) }
  public static let schemaVersion: UInt16 = 1
  public var goal: GoalID
  public var withdrawal: EntityID
  public var date: CivilDate
  public var amount: Money
  public var transaction: TransactionID?
  public var transfer: TransferID?
  public var note: String?
  public var stream: String { goal.stream }

  public init(
    goal: GoalID, withdrawal: EntityID, date: CivilDate, amount: Money, transaction: TransactionID? = nil,
    transfer: TransferID? = nil, note: String? = nil
  ) {
    self.goal = goal
    self.withdrawal = withdrawal
    self.date = date
    self.amount = amount
    self.transaction = transaction
    self.transfer = transfer
    self.note = note
  }
}

/// A contribution or withdrawal left the goal's list (undo). The movement it linked is
/// undone by its own event.
public struct GoalEntryRemoved: EventPayload {
  public static let kind = EventKind.goalEntryRemoved
  public var event: LedgerEvent { .goalEntryRemoved(self) }
  public static let schemaVersion: UInt16 = 1
  public var goal: GoalID
  public var entry: EntityID
  public var stream: String { goal.stream }

  public init(goal: GoalID, entry: EntityID) {
    self.goal = goal
    self.entry = entry
  }
}

/// A goal was reached (or declared done) on `date`: it takes no more contributions.
public struct GoalCompleted: EventPayload {
  public static let kind = EventKind.goalCompleted
  public var event: LedgerEvent { .goalCompleted(self) }
  public static let schemaVersion: UInt16 = 1
  public var goal: GoalID
  public var date: CivilDate
  public var stream: String { goal.stream }

  public init(goal: GoalID, date: CivilDate) {
    self.goal = goal
    self.date = date
  }
}

/// A goal was put away on `date`: it leaves the lists and the budget sheet; its money stays
/// where it is.
public struct GoalArchived: EventPayload {
  public static let kind = EventKind.goalArchived
  public var event: LedgerEvent { .goalArchived(self) }
  public static let schemaVersion: UInt16 = 1
  public var goal: GoalID
  public var date: CivilDate
  public var stream: String { goal.stream }

  public init(goal: GoalID, date: CivilDate) {
    self.goal = goal
    self.date = date
  }
}

/// A completed or archived goal is active again; `wasArchived` and `since` say what it was,
/// for undo.
public struct GoalReopened: EventPayload {
  public static let kind = EventKind.goalReopened
  public var event: LedgerEvent { .goalReopened(self) }
  public static let schemaVersion: UInt16 = 1
  public var goal: GoalID
  public var wasArchived: Bool
  public var since: CivilDate
  public var stream: String { goal.stream }

  public init(goal: GoalID, wasArchived: Bool, since: CivilDate) {
    self.goal = goal
    self.wasArchived = wasArchived
    self.since = since
  }
}
