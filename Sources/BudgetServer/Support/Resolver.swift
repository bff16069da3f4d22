import Ledger
import LedgerDomain
import LedgerWire

/// Turns references (an id, or a name as the CLI takes it) into ids, through the
/// ``NameResolver`` the CLI uses too, and its refusals into the API's errors.
///
/// A reference in the URL path that matches nothing is a 404; one in a request body is a
/// 422 naming the field, with the "did you mean" hint. A malformed one is a 400.
struct Resolver {
  let names: NameResolver
  /// Where the reference came from: the path (404) or a body field (422).
  enum Origin { case path, body(String) }

  init(state: LedgerState) { names = NameResolver(state: state) }

  var state: LedgerState { names.state }

  /// What `body` resolves; its refusal as the API error for a reference from `origin`.
  func mapped<T>(_ origin: Origin, _ body: () throws(ResolveError) -> T) throws(APIError) -> T {
    do { return try body() } catch {
      let field: String? = if case .body(let field) = origin { field } else { nil }
      switch error {
      case .notFound, .notATransaction:
        switch origin {
        case .path: throw .notFound(error.description)
        case .body(let field): throw .rule(error.description, field: field)
        }
      case .tooShort, .ambiguous: throw .badRequest(error.description, field: "id")
      case .malformed(let kind, _, _): throw .badRequest(error.description, field: field ?? kind)
      case .noOpenAccount:
        throw .rule(error.description + "; open one first (POST /api/v1/accounts)", field: field ?? "account")
      case .severalOpenAccounts:
        throw .rule(error.description + "; say which one in '\(field ?? "account")'", field: field ?? "account")
      case .refused(let refusal): throw APIError.from(domain: refusal)
      }
    }
  }

  func account(_ reference: String, _ origin: Origin = .path) throws -> (id: AccountID, record: AccountRecord) {
    try mapped(origin) { () throws(ResolveError) in try names.account(reference) }
  }

  /// The named account, or the only open one when no name is given (like the CLI).
  func accountOrOnly(_ reference: String?, field: String = "account") throws -> (id: AccountID, record: AccountRecord) {
    try mapped(.body(field)) { () throws(ResolveError) in try names.account(reference) }
  }

  func category(_ reference: String, _ origin: Origin = .path) throws -> CategoryID {
    try mapped(origin) { () throws(ResolveError) in try names.category(reference) }
  }

  /// ``category(_:_:)``, archived categories too: for reads of what a category holds.
  func categoryToRead(_ reference: String, _ origin: Origin = .path) throws -> CategoryID {
    try mapped(origin) { () throws(ResolveError) in try names.categoryToRead(reference) }
  }

  func period(_ reference: String, _ origin: Origin = .path) throws -> PeriodID {
    try mapped(origin) { () throws(ResolveError) in try names.period(reference) }
  }

  /// The schedule with that id, name, or a unique start or end of its id.
  func schedule(_ reference: String, _ origin: Origin = .path) throws -> (id: ScheduleID, record: ScheduleRecord) {
    try mapped(origin) { () throws(ResolveError) in try names.schedule(reference) }
  }

  func debt(_ reference: String, _ origin: Origin = .path) throws -> (id: DebtID, record: DebtRecord) {
    try mapped(origin) { () throws(ResolveError) in try names.debt(reference) }
  }

  func goal(_ reference: String, _ origin: Origin = .path) throws -> (id: GoalID, record: GoalRecord) {
    try mapped(origin) { () throws(ResolveError) in try names.goal(reference) }
  }

  /// The transaction whose id is `reference` or holds it (at least 4 characters).
  func transaction(
    _ reference: String, _ origin: Origin = .path
  ) throws -> (id: TransactionID, record: TransactionRecord) {
    try mapped(origin) { () throws(ResolveError) in try names.transaction(reference) }
  }
}
