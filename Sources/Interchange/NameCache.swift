import LedgerDomain

/// Name lookups for one import, remembered per distinct name (a file has few names, many rows).
struct NameCache: Sendable {
  let state: LedgerState
  private var categories: [String: Result<CategoryID, DomainError>] = [:]
  private var accounts: [String: Result<(id: AccountID, record: AccountRecord), DomainError>] = [:]
  /// The names resolved last, with their answers: a statement's rows mostly repeat the
  /// account and often the category, and comparing one name costs less than hashing it.
  private var lastCategory: (name: String, id: CategoryID)?
  private var lastAccount: (name: String, account: (id: AccountID, record: AccountRecord))?

  init(state: LedgerState) { self.state = state }

  mutating func category(_ name: String) throws(DomainError) -> CategoryID {
    if let lastCategory, lastCategory.name == name { return lastCategory.id }
    let result: Result<CategoryID, DomainError>
    if let known = categories[name] {
      result = known
    } else {
      result = Result { () throws(DomainError) in try state.category(named: name).id }
      categories[name] = result
    }
    let id = try result.get()
    lastCategory = (name, id)
    return id
  }

  mutating func account(_ name: String) throws(DomainError) -> (id: AccountID, record: AccountRecord) {
    if let lastAccount, lastAccount.name == name { return lastAccount.account }
    let result: Result<(id: AccountID, record: AccountRecord), DomainError>
    if let known = accounts[name] {
      result = known
    } else {
      result = Result { () throws(DomainError) in try state.account(named: name) }
      accounts[name] = result
    }
    let account = try result.get()
    lastAccount = (name, account)
    return account
  }
}
