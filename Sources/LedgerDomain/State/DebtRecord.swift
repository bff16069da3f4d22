/// A debt as the rules see it: its account, and its terms over time (by the date each set
/// applies from).
public struct DebtRecord: Sendable, Hashable {
  public var name: String
  public var kind: DebtKind
  public var account: AccountID
  /// Each change of terms by the date it applies from, earliest first.
  public var terms: [(from: CivilDate, terms: DebtTerms)]
  public var isRemoved = false
  public var version: UInt64 = 1

  public init(name: String, kind: DebtKind, account: AccountID, terms: [(from: CivilDate, terms: DebtTerms)]) {
    self.name = name
    self.kind = kind
    self.account = account
    self.terms = terms
  }

  /// The terms in force on `date` (the earliest ones before any).
  public func terms(on date: CivilDate) -> DebtTerms {
    terms.last { $0.from <= date }?.terms ?? terms[0].terms
  }

  /// The terms set from exactly `date`, if a change starts then.
  public func terms(from date: CivilDate) -> DebtTerms? {
    terms.first { $0.from == date }?.terms
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.name == rhs.name && lhs.kind == rhs.kind && lhs.account == rhs.account && lhs.isRemoved == rhs.isRemoved
      && lhs.version == rhs.version && lhs.terms.map(\.from) == rhs.terms.map(\.from)
      && lhs.terms.map(\.terms) == rhs.terms.map(\.terms)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(account)
    hasher.combine(version)
  }
}

extension LedgerState {
  /// Folds a debt event.
  mutating func applyDebt(_ event: LedgerEvent) {
    switch event {
    case .debtAdded(let e):
      debts[e.debt] = DebtRecord(name: e.name, kind: e.debtKind, account: e.account, terms: [(e.from, e.terms)])
    case .debtTermsChanged(let e):
      updateDebt(e.debt) { record in
        record.terms.removeAll { $0.from == e.from }
        let index = record.terms.firstIndex { $0.from > e.from } ?? record.terms.count
        record.terms.insert((e.from, e.terms), at: index)
      }
    case .debtTermsWithdrawn(let e):
      updateDebt(e.debt) { record in
        if record.terms.count > 1 { record.terms.removeAll { $0.from == e.from } }
      }
    case .debtRemoved(let e):
      updateDebt(e.debt) { $0.isRemoved = true }
    default:
      break
    }
  }

  private mutating func updateDebt(_ id: DebtID, _ body: (inout DebtRecord) -> Void) {
    guard var record = debts[id] else { return }
    body(&record)
    record.version += 1
    debts[id] = record
  }

  /// The debt called `name` (ignoring case), or whose id starts or ends with `name`, with a
  /// "did you mean" when there is none. Removed debts are not found.
  public func debt(named name: String) throws(DomainError) -> (id: DebtID, record: DebtRecord) {
    let live = debts.filter { !$0.value.isRemoved }
    let key = TextRules.key(name)
    if let match = live.first(where: { TextRules.key($0.value.name) == key }) { return (match.key, match.value) }
    if key.count >= 4 {
      let byID = live.filter { $0.key.raw.isNamed(by: key) }
      if byID.count == 1, let only = byID.first { return (only.key, only.value) }
    }
    let suggestion = NameSuggestion.nearest(to: name, among: live.values.map(\.name))
    throw .notFound(kind: "debt", reference: name, suggestion: suggestion)
  }
}
