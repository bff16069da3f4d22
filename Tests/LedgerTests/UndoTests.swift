import EventLog
import Ledger
import LedgerDomain
import LedgerTesting
import Testing

@Suite("Undo by compensating events")
struct UndoTests {
  @Test("given an add, an amend and a budget, when undone three times, then each is compensated newest first")
  func undoStack() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    try await ledger.execute(.addTransaction(expense(1, "42.50", name: "Market")))
    var amendment = TransactionAmended(transaction: txID(1))
    amendment.amount = eur("40")
    amendment.name = "Shop"
    try await ledger.execute(.amendTransaction(amendment, expectedVersion: 1))
    try await ledger.execute(.setBudget(BudgetSet(month: month("2024-03"), category: Scenario.food, amount: eur("400"))))

    try await ledger.undoLast()
    #expect(ledger.state.budgets[month("2024-03")]?[Scenario.food]?.amount == eur("0"))

    try await ledger.undoLast()
    let restored = ledger.state.transactions[txID(1)]!
    #expect(restored.added.amount == eur("42.50") && restored.added.name == "Market" && restored.version == 3)

    try await ledger.undoLast()
    #expect(ledger.state.transactions[txID(1)]?.isDeleted == true)

    // The log kept everything: 3 commands, 3 compensations.
    let tail = try ledger.log.read(from: .max, direction: .backward, limit: 6).map(\.type)
    #expect(tail == ["TransactionDeleted", "TransactionAmended", "BudgetSet", "BudgetSet", "TransactionAmended", "TransactionAdded"])
    let undo = try #require(try ledger.log.read(from: .max, direction: .backward, limit: 1).first)
    let original = try #require(try ledger.log.read(from: .max, direction: .backward, limit: 6).last)
    #expect(undo.metadata.causationId == original.metadata.correlationId)
  }

  @Test("given an amended then deleted transaction, when the deletion is undone, then it is back as amended everywhere")
  func undoDelete() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    try await ledger.execute(.addTransaction(expense(1, "42.50", name: "Market")))
    var amendment = TransactionAmended(transaction: txID(1))
    amendment.amount = eur("40")
    try await ledger.execute(.amendTransaction(amendment, expectedVersion: 1))
    let before = try ledger.budgetSheet(month("2024-03")).value
    let balancesBefore = try ledger.balances(on: day("2024-03-31")).value
    try await ledger.execute(.deleteTransaction(txID(1), reason: "dup", expectedVersion: 2))
    #expect(try ledger.budgetSheet(month("2024-03")).value.availableFunds != before.availableFunds)

    try await ledger.undoLast()

    let record = try #require(ledger.state.transactions[txID(1)])
    #expect(!record.isDeleted && record.added.amount == eur("40") && record.version == 4)
    let after = try ledger.budgetSheet(month("2024-03")).value
    #expect(after.availableFunds == before.availableFunds)
    #expect(try ledger.balances(on: day("2024-03-31")).value == balancesBefore)
    #expect(try ledger.log.read(from: .max, direction: .backward, limit: 1).first?.type == "TransactionRestored")
    #expect(try ledger.verify().problems == [])

    // Undo walks back: the next one takes back the amendment.
    try await ledger.undoLast()
    #expect(ledger.state.transactions[txID(1)]?.added.amount == eur("42.50"))
  }

  @Test("given a live transaction, when restored, then it is refused saying why, and nothing changes")
  func restoreLive() async throws {
    let fixture = try await LedgerFixture()
    try await fixture.ledger.execute(.addTransaction(expense(1, "5")))
    let head = try fixture.ledger.log.head()

    let error = await #expect(throws: LedgerError.self) {
      try await fixture.ledger.execute(.restoreTransaction(txID(1), reason: "why", expectedVersion: nil))
    }

    #expect(error?.description.contains("is not deleted; only a deleted transaction can be restored") == true)
    #expect(try fixture.ledger.log.head() == head)
  }
}
