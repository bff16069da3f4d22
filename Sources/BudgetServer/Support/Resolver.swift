import Ledger
import LedgerDomain

/// Turns references (an id, or a name as the CLI takes it) into ids.
///
/// A reference in the URL path that matches nothing is a 404; one in a request body is a
/// 422 naming the field, with the CLI's "did you mean" hint.
struct Resolver {
  let state: LedgerState
  /// Where the reference came from: the path (404) or a body field (422).
  enum Origin { case path, body(String) }

  private func missing(_ kind: String, _ reference: String, _ origin: Origin, suggestion: String? = nil) -> APIError {
    let hint = suggestion.map { " — did you mean '\($0)'?" } ?? ""
    switch origin {
    case .path: return .notFound("\(kind) '\(reference)' not found\(hint)")
    case .body(let field): return .rule("\(kind) '\(reference)' not found\(hint)", field: field)
    }
  }

  private func lookup<ID>(
    _ kind: String, _ reference: String, _ origin: Origin, ids: (EntityID) -> ID?, byName: () throws(DomainError) -> ID
  )
    throws -> ID
  {
    if let raw = try? EntityID(parsing: reference), let id = ids(raw) { return id }
    do { return try byName() } catch {
      if case .notFound(_, _, let suggestion) = error { throw missing(kind, reference, origin, suggestion: suggestion) }
      throw APIError.from(domain: error)
    }
  }

  func account(_ reference: String, _ origin: Origin = .path) throws -> (id: AccountID, record: AccountRecord) {
    let id = try lookup(
      "account", reference, origin, ids: { state.accounts[AccountID(raw: $0)] != nil ? AccountID(raw: $0) : nil }
    ) {
      () throws(DomainError) in try state.account(named: reference).id
    }
    return (id, state.accounts[id]!)
  }

  /// The named account, or the only open one when no name is given (like the CLI).
  func accountOrOnly(_ reference: String?, field: String = "account") throws -> (id: AccountID, record: AccountRecord) {
    if let reference { return try account(reference, .body(field)) }
    let open = state.accounts.filter { !$0.value.isClosed }
    guard open.count == 1, let only = open.first else {
      throw APIError.rule(
        open.isEmpty
          ? "there is no open account; open one first (POST /api/v1/accounts)"
          : "several accounts are open; say which one in 'account'",
        field: field)
    }
    return (only.key, only.value)
  }

  func category(_ reference: String, _ origin: Origin = .path) throws -> CategoryID {
    try lookup(
      "category", reference, origin, ids: { state.categories[CategoryID(raw: $0)] != nil ? CategoryID(raw: $0) : nil }
    ) {
      () throws(DomainError) in try state.category(named: reference).id
    }
  }

  /// ``category(_:_:)``, archived categories too: for reads of what a category holds.
  func categoryToRead(_ reference: String, _ origin: Origin = .path) throws -> CategoryID {
    try lookup(
      "category", reference, origin, ids: { state.categories[CategoryID(raw: $0)] != nil ? CategoryID(raw: $0) : nil }
    ) {
      () throws(DomainError) in try state.category(named: reference, archived: true).id
    }
  }

  func period(_ reference: String, _ origin: Origin = .path) throws -> PeriodID {
    try lookup("period", reference, origin, ids: { state.periods[PeriodID(raw: $0)] != nil ? PeriodID(raw: $0) : nil })
    {
      () throws(DomainError) in try state.period(named: reference).id
    }
  }

  /// The schedule with that id, name, or a unique start or end of its id.
  func schedule(_ reference: String, _ origin: Origin = .path) throws -> (id: ScheduleID, record: ScheduleRecord) {
    let id = try lookup(
      "schedule", reference, origin, ids: { state.schedules[ScheduleID(raw: $0)] != nil ? ScheduleID(raw: $0) : nil }
    ) {
      () throws(DomainError) in try state.schedule(named: reference).id
    }
    return (id, state.schedules[id]!)
  }

  func debt(_ reference: String, _ origin: Origin = .path) throws -> (id: DebtID, record: DebtRecord) {
    let id = try lookup(
      "debt", reference, origin,
      ids: { state.debts[DebtID(raw: $0)]?.isRemoved == false ? DebtID(raw: $0) : nil }
    ) {
      () throws(DomainError) in try state.debt(named: reference).id
    }
    return (id, state.debts[id]!)
  }

  func goal(_ reference: String, _ origin: Origin = .path) throws -> (id: GoalID, record: GoalRecord) {
    let id = try lookup(
      "goal", reference, origin, ids: { state.goals[GoalID(raw: $0)] != nil ? GoalID(raw: $0) : nil }
    ) {
      () throws(DomainError) in try state.goal(named: reference).id
    }
    return (id, state.goals[id]!)
  }

  /// The transaction whose id is `reference` or starts with it (at least 4 characters).
  func transaction(
    _ reference: String, _ origin: Origin = .path
  ) throws -> (id: TransactionID, record: TransactionRecord) {
    let prefix = reference.lowercased()
    guard prefix.count >= 4 else {
      throw APIError.badRequest("transaction id '\(reference)' is too short; give at least 4 characters", field: "id")
    }
    if let raw = try? EntityID(parsing: prefix), let record = state.transactions[TransactionID(raw: raw)] {
      return (TransactionID(raw: raw), record)
    }
    // Time-ordered ids share their heads; any 4+ characters of the id in a row work.
    let matches = state.transactions.named(prefix)
    guard let match = matches.first else { throw missing("transaction", reference, origin) }
    guard matches.count == 1 else {
      throw APIError.badRequest(
        "transaction id '\(reference)' is ambiguous (\(matches.count) match); give more characters", field: "id")
    }
    return (match.key, match.value)
  }
}
