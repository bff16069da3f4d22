import LedgerDomain
import LedgerTesting
import Testing

@Suite("Rules: no money dated before its account was opened")
struct OpeningDateRulesTests {
  /// The standard ledger (Checking opened 2024-01-01) with a card opened on 2024-02-15.
  static func withCard() throws -> Scenario {
    var scenario = Scenario.standard()
    try scenario.run(
      .openAccount(
        OpenAccount(account: Scenario.savings, name: "Card", type: .creditCard, date: day("2024-02-15"))))
    return scenario
  }

  @Test(
    "given Checking opened on 2024-01-01, when a transaction is dated 2023-12-02, then refused naming both dates; on the opening day itself, accepted"
  )
  func transactionBeforeOpening() throws {
    let scenario = Scenario.standard()

    let error = #expect(throws: DomainError.self) {
      try scenario.when(.addTransaction(expense(1, "5.00", on: "2023-12-02")))
    }

    #expect(
      error
        == .datedBeforeOpening(
          what: "the transaction", date: day("2023-12-02"), account: "Checking", opened: day("2024-01-01")))
    #expect(
      error?.description
        == "the transaction is dated 2023-12-02, before 'Checking' was opened on 2024-01-01; date it on or after 2024-01-01, or use an account that was open by then"
    )
    #expect(try scenario.when(.addTransaction(expense(1, "5.00", on: "2024-01-01"))).count == 1)
  }

  @Test(
    "given a card opened on 2024-02-15, when money is transferred into it or out of it on 2024-02-14, then refused naming the card; on 2024-02-15, accepted"
  )
  func transferBeforeOpening() throws {
    let scenario = try Self.withCard()
    let into = TransferMade(
      transfer: .random(), from: Scenario.checking, to: Scenario.savings, amount: eur("100"), date: day("2024-02-14"))
    var outOf = into
    outOf.from = Scenario.savings
    outOf.to = Scenario.checking

    for transfer in [into, outOf] {
      #expect(
        throws: DomainError.datedBeforeOpening(
          what: "the transfer", date: day("2024-02-14"), account: "Card", opened: day("2024-02-15"))
      ) {
        try scenario.when(.makeTransfer(transfer))
      }
    }
    var onTheDay = into
    onTheDay.date = day("2024-02-15")
    #expect(try scenario.when(.makeTransfer(onTheDay)) == [.transferMade(onTheDay)])
  }

  @Test(
    "given a transaction in Checking on 2024-01-10, when amended to a date before Checking opened, or moved to the card opened later, then refused"
  )
  func amendmentBeforeOpening() throws {
    var scenario = try Self.withCard()
    try scenario.run(.addTransaction(expense(1, "5.00", on: "2024-01-10")))

    var earlier = TransactionAmended(transaction: txID(1))
    earlier.date = day("2023-12-31")
    var moved = TransactionAmended(transaction: txID(1))
    moved.account = Scenario.savings

    #expect(
      throws: DomainError.datedBeforeOpening(
        what: "the transaction", date: day("2023-12-31"), account: "Checking", opened: day("2024-01-01"))
    ) {
      try scenario.when(.amendTransaction(earlier, expectedVersion: nil))
    }
    #expect(
      throws: DomainError.datedBeforeOpening(
        what: "the transaction", date: day("2024-01-10"), account: "Card", opened: day("2024-02-15"))
    ) {
      try scenario.when(.amendTransaction(moved, expectedVersion: nil))
    }
  }

  @Test(
    "given a transaction recorded before the rule, dated before its account opened, when its name is amended, or it is deleted and restored, then fine: the rule applies to new dates only"
  )
  func recordedBeforeTheRule() throws {
    var scenario = Scenario.standard()
    // A fact of an older ledger: replayed as it is, never decided again.
    scenario.given(.transactionAdded(expense(1, "5.00", on: "2023-12-02")))
    #expect(scenario.state.transactions[txID(1)] != nil)

    var renamed = TransactionAmended(transaction: txID(1))
    renamed.name = "Market"
    #expect(try scenario.when(.amendTransaction(renamed, expectedVersion: nil)).count == 1)
    try scenario.run(.deleteTransaction(txID(1), reason: "dup", expectedVersion: nil))
    #expect(try scenario.when(.restoreTransaction(txID(1), reason: "back", expectedVersion: nil)).count == 1)
  }

  @Test(
    "given a transfer recorded before the rule, dated before the card opened, when the state is folded, then it is kept as recorded"
  )
  func replayKeepsOldTransfers() throws {
    var scenario = try Self.withCard()
    let old = TransferMade(
      transfer: .random(), from: Scenario.checking, to: Scenario.savings, amount: eur("100"), date: day("2024-01-20"))

    scenario.given(.transferMade(old))

    #expect(scenario.state.transferRecords[old.transfer] == old)
  }
}
