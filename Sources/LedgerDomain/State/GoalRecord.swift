/// A savings goal as the rules see it: its settings, funding, status and the contributions
/// and withdrawals linked to it.
public struct GoalRecord: Sendable, Hashable {
  /// Whether a goal takes contributions.
  public enum Status: Sendable, Hashable {
    case active
    case completed(CivilDate)
    case archived(CivilDate)
  }

  public var settings: GoalSettings
  public var startDate: CivilDate
  public var funding: GoalFunding
  public var status: Status = .active
  /// Contributions and withdrawals in the order they were recorded.
  public var entries: [GoalEntry] = []
  public var version: UInt64 = 1

  public init(settings: GoalSettings, startDate: CivilDate, funding: GoalFunding) {
    self.settings = settings
    self.startDate = startDate
    self.funding = funding
  }

  public var name: String { settings.name }
  public var isActive: Bool { status == .active }
  public var isArchived: Bool {
    if case .archived = status { return true }
    return false
  }

  /// The entry `id`, if the goal lists it.
  public func entry(_ id: EntityID) -> GoalEntry? { entries.first { $0.id == id } }
}

extension LedgerState {
  /// Folds a goal event.
  mutating func applyGoal(_ event: LedgerEvent) {
    switch event {
    case .goalAdded(let e):
      guard let funding = e.funding else { return }
      goals[e.goal] = GoalRecord(settings: e.settings, startDate: e.startDate, funding: funding)
    case .goalChanged(let e):
      updateGoal(e.goal) { $0.settings = e.settings }
    case .goalContributed(let e):
      updateGoal(e.goal) { record in
        record.entries.removeAll { $0.id == e.contribution }
        record.entries.append(
          GoalEntry(
            id: e.contribution, isWithdrawal: false, date: e.date, amount: e.amount, source: e.source,
            transaction: e.transaction, transfer: e.transfer, note: e.note))
      }
    case .goalContributionWithdrawn(let e):
      updateGoal(e.goal) { record in
        record.entries.removeAll { $0.id == e.withdrawal }
        record.entries.append(
          GoalEntry(
            id: e.withdrawal, isWithdrawal: true, date: e.date, amount: e.amount, source: .manual,
            transaction: e.transaction, transfer: e.transfer, note: e.note))
      }
    case .goalEntryRemoved(let e):
      updateGoal(e.goal) { $0.entries.removeAll { $0.id == e.entry } }
    case .goalCompleted(let e):
      updateGoal(e.goal) { $0.status = .completed(e.date) }
    case .goalArchived(let e):
      updateGoal(e.goal) { $0.status = .archived(e.date) }
    case .goalReopened(let e):
      updateGoal(e.goal) { $0.status = .active }
    default:
      break
    }
  }

  private mutating func updateGoal(_ id: GoalID, _ body: (inout GoalRecord) -> Void) {
    guard var record = goals[id] else { return }
    body(&record)
    record.version += 1
    goals[id] = record
  }

  /// The goal called `name` (ignoring case; a goal not archived before an archived one), or
  /// whose id starts or ends with `name`, with a "did you mean" when there is none.
  public func goal(named name: String) throws(DomainError) -> (id: GoalID, record: GoalRecord) {
    let key = TextRules.key(name)
    let named = goals.filter { TextRules.key($0.value.name) == key }
    if let match = named.first(where: { !$0.value.isArchived })
      ?? named.max(by: { $0.value.version < $1.value.version })
    {
      return (match.key, match.value)
    }
    if key.count >= 4 {
      let byID = goals.filter { $0.key.raw.isNamed(by: key) }
      if byID.count == 1, let only = byID.first { return (only.key, only.value) }
    }
    let suggestion = NameSuggestion.nearest(to: name, among: goals.values.map(\.name))
    throw .notFound(kind: "goal", reference: name, suggestion: suggestion)
  }

  /// The goal whose list has the contribution or withdrawal linking `movement`, if any.
  public func goalEntry(linking movement: EntityID) -> (goal: GoalID, entry: GoalEntry)? {
    for (id, record) in goals {
      if let entry = record.entries.first(where: { $0.movement == movement }) { return (id, entry) }
    }
    return nil
  }
}
