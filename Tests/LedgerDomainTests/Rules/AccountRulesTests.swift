import LedgerDomain
import LedgerTesting
import Testing

@Suite("Rules: accounts and transfers")
struct AccountRulesTests {
  @Test("given a ledger, when an account is opened without currency, then it takes the base currency and a zero balance")
  func openAccountDefaults() throws {
    let events = try Scenario.standard().when(
      .openAccount(OpenAccount(account: Scenario.savings, name: "Savings", type: .savings, date: day("2024-02-01"))))

    #expect(events == [.accountOpened(AccountOpened(account: Scenario.savings, name: "Savings", type: .savings, currency: .eur, openingBalance: .zero(.eur), date: day("2024-02-01")))])
  }

  @Test("given an open account 'Checking', when another is opened as 'checking', then the name is refused")
  func uniqueAccountNames() {
    #expect(throws: DomainError.self) {
      try Scenario.standard().when(.openAccount(OpenAccount(name: "checking", type: .cash, date: day("2024-02-01"))))
    }
  }

  @Test("given an account in EUR, when it opens with a USD balance, then the currency mismatch is named")
  func openingBalanceCurrency() {
    let error = #expect(throws: DomainError.self) {
      try Scenario.standard().when(
        .openAccount(OpenAccount(name: "Card", type: .creditCard, openingBalance: Money(units: -10_000, currency: .usd), date: day("2024-02-01"))))
    }
    #expect(error == .currencyMismatch(field: "opening balance", expected: .eur, found: .usd))
  }

  @Test("given an account, when it is renamed, closed, and then used, then the rename records both names and the closed account is refused")
  func renameAndClose() throws {
    var scenario = Scenario.standard()
    #expect(try scenario.when(.renameAccount(Scenario.checking, name: "Main")) == [.accountRenamed(AccountRenamed(account: Scenario.checking, previousName: "Checking", name: "Main"))])
    #expect(throws: DomainError.nothingToChange) { try scenario.when(.renameAccount(Scenario.checking, name: "Checking")) }

    try scenario.run(.closeAccount(Scenario.checking, date: day("2024-03-01")))

    #expect(throws: DomainError.accountClosed(name: "Checking")) { try scenario.when(.addTransaction(expense(1, "3.00"))) }
    #expect(throws: DomainError.accountClosed(name: "Checking")) { try scenario.when(.closeAccount(Scenario.checking, date: day("2024-03-02"))) }
  }

  @Test(
    "given an account opened in January with a transaction on March 5, when closed before either, then refused naming the day; on or after, accepted"
  )
  func closingDate() throws {
    var scenario = Scenario.standard()
    try scenario.run(.addTransaction(expense(1, "3.00", on: "2024-03-05")))
    let error = #expect(throws: DomainError.self) { try scenario.when(.closeAccount(Scenario.checking, date: day("2023-12-31"))) }
    #expect(error == .invalidField(field: "closing date", reason: "2023-12-31 is before 'Checking' opened on 2024-01-01"))
    let early = #expect(throws: DomainError.self) { try scenario.when(.closeAccount(Scenario.checking, date: day("2024-03-04"))) }
    #expect(
      early == .invalidField(
        field: "closing date", reason: "2024-03-04 is before 'Checking' last moved money, on 2024-03-05; close it on or after that day"))
    #expect(try scenario.when(.closeAccount(Scenario.checking, date: day("2024-03-05"))).count == 1)
  }

  @Test("given a closed account, when reopened, then AccountReopened and it takes transactions; an open account cannot be reopened")
  func reopen() throws {
    var scenario = Scenario.standard()
    #expect(throws: DomainError.self) { try scenario.when(.reopenAccount(Scenario.checking, reason: "why")) }
    try scenario.run(.closeAccount(Scenario.checking, date: day("2024-03-01")))

    #expect(try scenario.when(.reopenAccount(Scenario.checking, reason: "mistake"))
      == [.accountReopened(AccountReopened(account: Scenario.checking, reason: "mistake"))])
    try scenario.run(.reopenAccount(Scenario.checking, reason: "mistake"))
    #expect(try scenario.when(.addTransaction(expense(1, "3.00"))).count == 1)
  }

  @Test(
    "given an account opened with 100, when its opening balance is set to 2,500, then OpeningBalanceChanged on its opening date; the same amount, another currency or a closed period are refused"
  )
  func changeOpeningBalance() throws {
    var scenario = Scenario.standard()
    try scenario.run(
      .openAccount(
        OpenAccount(
          account: Scenario.savings, name: "Savings", type: .savings, openingBalance: eur("100"), date: day("2024-02-01"))))

    #expect(
      try scenario.when(.changeOpeningBalance(Scenario.savings, to: eur("2500")))
        == [
          .openingBalanceChanged(
            OpeningBalanceChanged(
              account: Scenario.savings, previous: eur("100"), balance: eur("2500"), date: day("2024-02-01")))
        ])
    try scenario.run(.changeOpeningBalance(Scenario.savings, to: eur("2500")))
    #expect(scenario.state.accounts[Scenario.savings]?.openingBalance == eur("2500"))
    #expect(throws: DomainError.invalidField(field: "opening balance of 'Savings'", reason: "is already 2500.00 EUR")) {
      try scenario.when(.changeOpeningBalance(Scenario.savings, to: eur("2500")))
    }
    #expect(throws: DomainError.currencyMismatch(field: "opening balance", expected: .eur, found: .usd)) {
      try scenario.when(.changeOpeningBalance(Scenario.savings, to: Money(units: 10_000, currency: .usd)))
    }
    try scenario.run(.openPeriod(OpenPeriod(name: "February", start: day("2024-02-01"), end: day("2024-02-29"))))
    let february = try #require(scenario.state.periods.first?.key)
    try scenario.run(.closePeriod(february, end: nil))
    #expect(throws: DomainError.self) { try scenario.when(.changeOpeningBalance(Scenario.savings, to: eur("1"))) }
  }

  @Test(
    "given a transfer, when cancelled, then TransferCancelled with the transfer; its id stays used, an unknown one is refused, undo of the transfer cancels it and undo of that makes it again"
  )
  func cancelTransfer() throws {
    var scenario = Scenario.standard()
    try scenario.run(.openAccount(OpenAccount(account: Scenario.savings, name: "Savings", type: .savings, date: day("2024-01-01"))))
    let transfer = TransferMade(transfer: .random(), from: Scenario.checking, to: Scenario.savings, amount: eur("100"), date: day("2024-03-05"))
    let made = try scenario.when(.makeTransfer(transfer))
    #expect(try compensation(for: made, before: scenario.state, today: scenario.today) == [.cancelTransfer(transfer.transfer, reason: "undo")])
    scenario.state.apply(made)

    let cancelled = try scenario.when(.cancelTransfer(transfer.transfer, reason: "typo"))
    #expect(cancelled == [.transferCancelled(TransferCancelled(cancelled: transfer, reason: "typo"))])
    let before = scenario.state
    scenario.state.apply(cancelled)
    #expect(scenario.state.transferRecords.isEmpty)
    #expect(throws: DomainError.self) { try scenario.when(.cancelTransfer(transfer.transfer, reason: "again")) }
    #expect(throws: DomainError.self) { try scenario.when(.makeTransfer(transfer)) }  // its id stays used

    let again = try compensation(for: cancelled, before: before, today: scenario.today)
    guard case .makeTransfer(let remade) = again.first else {
      Issue.record("\(again)")
      return
    }
    #expect(again.count == 1 && remade.transfer != transfer.transfer)
    #expect(remade.from == transfer.from && remade.to == transfer.to && remade.amount == transfer.amount && remade.date == transfer.date)
    #expect(try scenario.when(.makeTransfer(remade)).count == 1)

    // Cancelled and made again, twice over: each time under an id not used before.
    var current = remade
    var seen: Set<TransferID> = [transfer.transfer]
    for _ in 0..<2 {
      try scenario.run(.makeTransfer(current))
      seen.insert(current.transfer)
      let cancelledAgain = try scenario.when(.cancelTransfer(current.transfer, reason: "again"))
      let state = scenario.state
      scenario.state.apply(cancelledAgain)
      guard case .makeTransfer(let next) = try compensation(for: cancelledAgain, before: state, today: scenario.today).first
      else {
        Issue.record("no makeTransfer")
        return
      }
      #expect(!seen.contains(next.transfer))
      #expect(try scenario.when(.makeTransfer(next)).count == 1)
      current = next
    }
  }

  @Test(
    "given an account opened with a balance, when the opening is undone, then the balance is taken back and the account closed; a correction undoes to the amount before"
  )
  func undoOpening() throws {
    var scenario = Scenario.standard()
    let opened = try scenario.when(
      .openAccount(
        OpenAccount(
          account: Scenario.savings, name: "Savings", type: .savings, openingBalance: eur("100"), date: day("2024-02-01"))))
    let before = scenario.state
    scenario.state.apply(opened)

    let undo = try compensation(for: opened, before: before, today: scenario.today)

    #expect(undo == [.changeOpeningBalance(Scenario.savings, to: .zero(.eur)), .closeAccount(Scenario.savings, date: scenario.today)])
    for command in undo { try scenario.run(command) }
    #expect(scenario.state.accounts[Scenario.savings]?.openingBalance == nil)
    #expect(scenario.state.accounts[Scenario.savings]?.isClosed == true)

    let corrected = try Scenario.standard().when(.changeOpeningBalance(Scenario.checking, to: eur("7")))
    #expect(
      try compensation(for: corrected, before: Scenario.standard().state, today: scenario.today)
        == [.changeOpeningBalance(Scenario.checking, to: .zero(.eur))])
  }

  @Test("given two accounts, when money is transferred, then TransferMade; to the same account or zero, then refused")
  func transfers() throws {
    var scenario = Scenario.standard()
    try scenario.run(.openAccount(OpenAccount(account: Scenario.savings, name: "Savings", type: .savings, date: day("2024-01-01"))))
    let transfer = TransferMade(transfer: .random(), from: Scenario.checking, to: Scenario.savings, amount: eur("100"), date: day("2024-03-05"))

    #expect(try scenario.when(.makeTransfer(transfer)) == [.transferMade(transfer)])

    var same = transfer
    same.to = Scenario.checking
    #expect(throws: DomainError.sameAccountTransfer(name: "Checking")) { try scenario.when(.makeTransfer(same)) }
    var zero = transfer
    zero.amount = eur("0")
    #expect(throws: DomainError.self) { try scenario.when(.makeTransfer(zero)) }
    var future = transfer
    future.date = day("2024-04-01")
    #expect(throws: DomainError.dateInFuture(day("2024-04-01"), today: day("2024-03-31"))) { try scenario.when(.makeTransfer(future)) }
  }
}
