import Ledger
import LedgerDomain

/// Turns references — a name as people type it, an id, or 4+ characters of an id — into ids,
/// with a "did you mean" when nothing matches (``ResolveError``). The one place both front
/// ends resolve names: the CLI's arguments and the API's paths and bodies mean the same.
public struct NameResolver: Sendable {
  private let source: Source

  /// What names are resolved against.
  private enum Source: Sendable {
    /// A state the caller read (the whole rules' state, a family of streams, or names only).
    case state(LedgerState)
    /// The ledger itself: its rules' state read only if a name needs it, transaction ids
    /// resolved through their index and streams alone (``Ledger/transactions``).
    case ledger(Ledger)
  }

  /// Resolves against `state`.
  public init(state: LedgerState) { source = .state(state) }

  /// Resolves against `ledger`'s current state, reading only what a reference needs.
  public init(ledger: Ledger) { source = .ledger(ledger) }

  /// The state names are resolved against.
  public var state: LedgerState {
    switch source {
    case .state(let state): state
    case .ledger(let ledger): ledger.state
    }
  }

  /// The transactions ids are resolved in.
  var transactions: TransactionTable {
    switch source {
    case .state(let state): state.transactions
    case .ledger(let ledger): ledger.transactions
    }
  }

  /// The entity whose id is `reference`, if `exists` says there is one; else the one
  /// `byName` finds, its refusal as a ``ResolveError``.
  private func lookup<ID>(
    _ reference: String, id: (EntityID) -> ID?, byName: () throws(DomainError) -> ID
  ) throws(ResolveError) -> ID {
    if let raw = try? EntityID(parsing: reference), let found = id(raw) { return found }
    do { return try byName() } catch {
      if case .notFound(let kind, let reference, let suggestion) = error {
        throw .notFound(kind: kind, reference: reference, suggestion: suggestion)
      }
      throw .refused(error)
    }
  }

  /// The account with that id or name, open ones first.
  public func account(_ reference: String) throws(ResolveError) -> (id: AccountID, record: AccountRecord) {
    let state = self.state
    let id = try lookup(reference, id: { state.accounts[AccountID(raw: $0)] != nil ? AccountID(raw: $0) : nil }) {
      () throws(DomainError) in try state.account(named: reference).id
    }
    return (id, state.accounts[id]!)
  }

  /// The account `reference` names or, when none is named, the only open account.
  public func account(_ reference: String?) throws(ResolveError) -> (id: AccountID, record: AccountRecord) {
    if let reference { return try account(reference) }
    let open = state.accounts.filter { !$0.value.isClosed }
    guard open.count == 1, let only = open.first else {
      throw open.isEmpty ? .noOpenAccount : .severalOpenAccounts(names: open.values.map(\.name).sorted())
    }
    return (only.key, only.value)
  }

  /// The active category with that id or name.
  public func category(_ reference: String) throws(ResolveError) -> CategoryID {
    let state = self.state
    return try lookup(reference, id: { state.categories[CategoryID(raw: $0)] != nil ? CategoryID(raw: $0) : nil }) {
      () throws(DomainError) in try state.category(named: reference).id
    }
  }

  /// ``category(_:)``, archived categories too: for reading what a category holds.
  public func categoryToRead(_ reference: String) throws(ResolveError) -> CategoryID {
    let state = self.state
    return try lookup(reference, id: { state.categories[CategoryID(raw: $0)] != nil ? CategoryID(raw: $0) : nil }) {
      () throws(DomainError) in try state.category(named: reference, archived: true).id
    }
  }

  /// The period with that id, name, or unique start or end of its id.
  public func period(_ reference: String) throws(ResolveError) -> PeriodID {
    let state = self.state
    return try lookup(reference, id: { state.periods[PeriodID(raw: $0)] != nil ? PeriodID(raw: $0) : nil }) {
      () throws(DomainError) in try state.period(named: reference).id
    }
  }

  /// The schedule with that id, name, or unique start or end of its id; deleted ones are not found.
  public func schedule(_ reference: String) throws(ResolveError) -> (id: ScheduleID, record: ScheduleRecord) {
    let state = self.state
    let id = try lookup(reference, id: { state.schedules[ScheduleID(raw: $0)] != nil ? ScheduleID(raw: $0) : nil }) {
      () throws(DomainError) in try state.schedule(named: reference).id
    }
    return (id, state.schedules[id]!)
  }

  /// The debt with that id, name, or unique start or end of its id; removed ones are not found.
  public func debt(_ reference: String) throws(ResolveError) -> (id: DebtID, record: DebtRecord) {
    let state = self.state
    let id = try lookup(reference, id: { state.debts[DebtID(raw: $0)]?.isRemoved == false ? DebtID(raw: $0) : nil }) {
      () throws(DomainError) in try state.debt(named: reference).id
    }
    return (id, state.debts[id]!)
  }

  /// The goal with that id, name, or unique start or end of its id.
  public func goal(_ reference: String) throws(ResolveError) -> (id: GoalID, record: GoalRecord) {
    let state = self.state
    let id = try lookup(reference, id: { state.goals[GoalID(raw: $0)] != nil ? GoalID(raw: $0) : nil }) {
      () throws(DomainError) in try state.goal(named: reference).id
    }
    return (id, state.goals[id]!)
  }

  /// The schedule a history names: a live one first, else the newest deleted one of that name
  /// or id, whose history still tells what became of it.
  public func scheduleToRead(_ reference: String) throws(ResolveError) -> ScheduleID {
    do { return try schedule(reference).id } catch {
      let deleted = state.schedules.filter(\.value.isDeleted).map { ($0.key.raw, $0.value.name) }
      guard case .notFound = error, let gone = EntityID.newest(named: reference, among: deleted) else { throw error }
      return ScheduleID(raw: gone)
    }
  }

  /// The debt a history names: a live one first, else the newest removed one of that name or
  /// id.
  public func debtToRead(_ reference: String) throws(ResolveError) -> DebtID {
    do { return try debt(reference).id } catch {
      let removed = state.debts.filter(\.value.isRemoved).map { ($0.key.raw, $0.value.name) }
      guard case .notFound = error, let gone = EntityID.newest(named: reference, among: removed) else { throw error }
      return DebtID(raw: gone)
    }
  }
}
