extension Rules {
  /// The debt `id`, unless it does not exist or was removed.
  func debt(_ id: DebtID) throws(DomainError) -> DebtRecord {
    guard let record = state.debts[id], !record.isRemoved else {
      throw .notFound(kind: "debt", reference: id.description, suggestion: nil)
    }
    return record
  }

  /// A debt on a loan or credit-card account that has none yet, with a name no other debt has.
  func addDebt(_ command: AddDebt) throws(DomainError) -> DebtAdded {
    guard state.debts[command.debt] == nil else {
      throw .invalidField(field: "debt id", reason: "\(command.debt) is already in use")
    }
    var added = DebtAdded(command)
    added.name = try TextRules.validated(added.name, field: "name", maximum: FieldLimits.scheduleName)
    if let other = state.debts.values.first(where: {
      !$0.isRemoved && TextRules.key($0.name) == TextRules.key(added.name)
    }) {
      throw .invalidField(field: "name", reason: "a debt named '\(other.name)' already exists; choose another name")
    }
    let account = try openAccountRecord(added.account)
    guard account.type == .loan || account.type == .creditCard else {
      throw .invalidField(
        field: "account",
        reason:
          "'\(account.name)' is a \(account.type.rawValue) account; a debt's balance is a loan or credit-card account's — open one with budget account open NAME --type loan"
      )
    }
    if let other = state.debts.values.first(where: { !$0.isRemoved && $0.account == added.account }) {
      throw .invalidField(field: "account", reason: "'\(account.name)' is already the account of debt '\(other.name)'")
    }
    try onOrAfterOpening(added.from, of: account, what: "the debt's terms")
    added.terms = try validated(added.terms, currency: account.currency)
    return added
  }

  func changeDebtTerms(_ id: DebtID, from: CivilDate, terms: DebtTerms) throws(DomainError) -> DebtTermsChanged {
    let record = try debt(id)
    guard from >= record.terms[0].from else {
      throw .invalidField(
        field: "from",
        reason: "\(from) is before the debt's first terms (\(record.terms[0].from)); change them from that day on")
    }
    let currency = try account(record.account).currency
    return DebtTermsChanged(
      debt: id, from: from, terms: try validated(terms, currency: currency), replaced: record.terms(from: from))
  }

  func withdrawDebtTerms(_ id: DebtID, from: CivilDate) throws(DomainError) -> DebtTermsWithdrawn {
    let record = try debt(id)
    guard record.terms.count > 1, record.terms(from: from) != nil, from != record.terms[0].from else {
      throw .invalidField(field: "from", reason: "debt '\(record.name)' has no change of terms from \(from)")
    }
    return DebtTermsWithdrawn(debt: id, from: from)
  }

  func removeDebt(_ id: DebtID, reason: String) throws(DomainError) -> DebtRemoved {
    _ = try debt(id)
    return DebtRemoved(debt: id, reason: try TextRules.validated(reason, field: "reason", maximum: FieldLimits.notes))
  }

  /// `terms` checked: a minimum above zero in the account's currency, a due day 1–31, a term
  /// of 1 to 1,200 months, an APR of 0–100 % (``AnnualRate`` refuses more when parsed).
  func validated(_ terms: DebtTerms, currency: Currency) throws(DomainError) -> DebtTerms {
    guard (0...AnnualRate.maximum.tenThousandthsOfPercent).contains(terms.apr.tenThousandthsOfPercent) else {
      throw .invalidField(field: "apr", reason: "an APR is 0 to 100 %; got \(terms.apr) %")
    }
    try positive(terms.minimum, field: "minimum", currency: currency)
    if let day = terms.dueDay, !(1...31).contains(day) {
      throw .invalidField(field: "due day", reason: "a due day is 1 to 31; got \(day)")
    }
    if let months = terms.termMonths, !(1...1_200).contains(months) {
      throw .invalidField(field: "term", reason: "a term is 1 to 1,200 months; got \(months)")
    }
    return terms
  }
}
