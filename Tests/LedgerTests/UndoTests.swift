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

  @Test("given a deletion, when undone, then it is refused saying why, and nothing changes")
  func cannotUndoDelete() async throws {
    let fixture = try await LedgerFixture()
    try await fixture.ledger.execute(.addTransaction(expense(1, "5")))
    try await fixture.ledger.execute(.deleteTransaction(txID(1), reason: "dup", expectedVersion: 1))
    let head = try fixture.ledger.log.head()

    let error = await #expect(throws: LedgerError.self) { try await fixture.ledger.undoLast() }

    #expect(error?.description.contains("deleting a transaction cannot be undone") == true)
    #expect(try fixture.ledger.log.head() == head)
  }
}
