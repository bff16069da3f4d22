extension Rules {
  func account(_ id: AccountID) throws(DomainError) -> AccountRecord {
    guard let account = state.accounts[id] else {
      throw .notFound(kind: "account", reference: id.description, suggestion: nil)
    }
    return account
  }

  func openAccountRecord(_ id: AccountID) throws(DomainError) -> AccountRecord {
    let account = try account(id)
    if account.isClosed { throw .accountClosed(name: account.name) }
    return account
  }

  /// Throws unless `date` is on or after `account`'s opening date: money it moved before it
  /// existed would show a balance on days it had none.
  func onOrAfterOpening(_ date: CivilDate, of account: AccountRecord, what: String) throws(DomainError) {
    guard date < account.openingDate else { return }
    throw .datedBeforeOpening(what: what, date: date, account: account.name, opened: account.openingDate)
  }

  func uniqueAccountName(_ name: String, field: String, except id: AccountID? = nil) throws(DomainError) -> String {
    let name = try TextRules.validated(name, field: field, maximum: FieldLimits.accountName)
    let key = TextRules.key(name)
    if state.accounts.contains(where: { $0.key != id && !$0.value.isClosed && TextRules.key($0.value.name) == key }) {
      throw .invalidField(field: field, reason: "an open account named '\(name)' already exists; choose another name")
    }
    return name
  }

  func openAccount(_ command: OpenAccount) throws(DomainError) -> AccountOpened {
    guard state.accounts[command.account] == nil else {
      throw .invalidField(field: "account id", reason: "\(command.account) is already in use")
    }
    let name = try uniqueAccountName(command.name, field: "account name")
    let currency = command.currency ?? baseCurrency
    let opening = command.openingBalance ?? .zero(currency)
    guard opening.currency == currency else {
      throw .currencyMismatch(field: "opening balance", expected: currency, found: opening.currency)
    }
    guard opening.isWithinLedgerLimit else {
      throw .invalidField(
        field: "opening balance", reason: "\(opening.formatted()) \(Money.beyondLimitReason)")
    }
    try inMinorUnits(opening, field: "opening balance")
    try notInFuture(command.date)
    // An opening balance is money on that date, as a transaction is: a closed period's
    // balances must not change under it.
    if !opening.isZero { try notInClosedPeriod(command.date) }
    return AccountOpened(
      account: command.account, name: name, type: command.type, currency: currency, openingBalance: opening,
      date: command.date)
  }

  /// Sets the balance an account starts with on its opening date — to correct a typo in
  /// `account open`, or to take it back when the opening is undone.
  func changeOpeningBalance(_ id: AccountID, to balance: Money) throws(DomainError) -> OpeningBalanceChanged {
    let account = try account(id)
    guard balance.currency == account.currency else {
      throw .currencyMismatch(field: "opening balance", expected: account.currency, found: balance.currency)
    }
    guard balance.isWithinLedgerLimit else {
      throw .invalidField(
        field: "opening balance", reason: "\(balance.formatted()) \(Money.beyondLimitReason)")
    }
    try inMinorUnits(balance, field: "opening balance")
    let previous = account.openingBalance ?? .zero(account.currency)
    guard balance != previous else {
      throw .invalidField(
        field: "opening balance of '\(account.name)'",
        reason: "is already \(balance.formatted()) \(balance.currency.code)")
    }
    // The balance changes on the opening date: a closed period's balances must not move.
    try notInClosedPeriod(account.openingDate)
    return OpeningBalanceChanged(account: id, previous: previous, balance: balance, date: account.openingDate)
  }

  /// Gives an account a role: asking for the role it has is refused, as a change of nothing.
  func setAccountRole(_ id: AccountID, to role: AccountRole) throws(DomainError) -> AccountRoleChanged {
    let account = try account(id)
    guard role != account.role else {
      throw .invalidField(
        field: "role",
        reason: "'\(account.name)' is already a \(role.rawValue) account; "
          + (role == .budget
            ? "a budget account counts in the available funds"
            : "a tracking account is left out of the available funds"))
    }
    return AccountRoleChanged(account: id, previous: account.role, role: role)
  }

  func renameAccount(_ id: AccountID, to newName: String) throws(DomainError) -> AccountRenamed {
    let account = try account(id)
    let name = try uniqueAccountName(newName, field: "account name", except: id)
    guard name != account.name else { throw .nothingToChange }
    return AccountRenamed(account: id, previousName: account.name, name: name)
  }

  func closeAccount(_ id: AccountID, on date: CivilDate) throws(DomainError) -> AccountClosed {
    let account = try openAccountRecord(id)
    try notInFuture(date)
    guard date >= account.openingDate else {
      throw .invalidField(
        field: "closing date", reason: "\(date) is before '\(account.name)' opened on \(account.openingDate)")
    }
    // Money it still moved later would be on an account closed before: close it after that.
    let transfers = state.transferRecords.values.lazy.filter { $0.from == id || $0.to == id }.map(\.date)
    let last = Swift.max(account.transactionDays.last ?? .earliest, transfers.max() ?? .earliest)
    if last > date {
      throw .invalidField(
        field: "closing date",
        reason: "\(date) is before '\(account.name)' last moved money, on \(last); close it on or after that day")
    }
    return AccountClosed(account: id, date: date)
  }

  func reopenAccount(_ id: AccountID, reason: String) throws(DomainError) -> AccountReopened {
    let account = try account(id)
    guard account.isClosed else {
      throw .invalidField(field: "account", reason: "'\(account.name)' is open; only a closed account can be reopened")
    }
    return AccountReopened(
      account: id, reason: try TextRules.validated(reason, field: "reason", maximum: FieldLimits.reason))
  }

  func makeTransfer(_ command: MakeTransfer) throws(DomainError) -> TransferMade {
    var transfer = TransferMade(command)
    guard state.transferRecords[transfer.transfer] == nil, !state.cancelledTransfers.contains(transfer.transfer) else {
      throw .invalidField(field: "transfer id", reason: "\(transfer.transfer) is already in use")
    }
    let from = try openAccountRecord(transfer.from)
    let to = try openAccountRecord(transfer.to)
    guard transfer.from != transfer.to else { throw .sameAccountTransfer(name: from.name) }
    guard from.currency == to.currency else {
      throw .currencyMismatch(field: "account '\(to.name)'", expected: from.currency, found: to.currency)
    }
    try positive(transfer.amount, field: "transfer amount", currency: from.currency)
    try notInFuture(transfer.date)
    try onOrAfterOpening(transfer.date, of: from, what: "the transfer")
    try onOrAfterOpening(transfer.date, of: to, what: "the transfer")
    try notInClosedPeriod(transfer.date)
    transfer.note = try TextRules.optional(transfer.note, field: "note", maximum: FieldLimits.description)
    return transfer
  }

  func cancelTransfer(_ id: TransferID, reason: String) throws(DomainError) -> TransferCancelled {
    guard let transfer = state.transferRecords[id] else {
      throw .notFound(kind: "transfer", reference: id.description, suggestion: nil)
    }
    // Its money moved on that date: a closed period's balances must not change under it.
    try notInClosedPeriod(transfer.date)
    let reason = try TextRules.validated(reason, field: "reason", maximum: FieldLimits.reason)
    return TransferCancelled(cancelled: transfer, reason: reason)
  }
}
