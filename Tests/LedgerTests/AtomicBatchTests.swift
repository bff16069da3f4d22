import EventLog
import LedgerDomain
import LedgerTesting
import ProjectionEngine
import Testing

@testable import Ledger

@Suite("Ledger: all-or-nothing batches")
struct AtomicBatchTests {
  @Test("given a ledger, when the second command of an atomic batch is refused, then nothing of the batch is recorded")
  func refusalRecordsNothing() async throws {
    let fixture = try await LedgerFixture()
    let before = try fixture.ledger.log.head()

    // The second sees the first: "Groceries" is taken by the rename before it.
    let error = await #expect(throws: LedgerError.self) {
      try await fixture.ledger.execute(atomically: [
        .renameCategory(Scenario.food, name: "Groceries"), .createCategory(CreateCategory(name: "Groceries")),
      ])
    }

    #expect(error == .rejected(.categoryNameTaken(name: "Groceries")))
    #expect(try fixture.ledger.log.head() == before)
    #expect(fixture.ledger.state.categories[Scenario.food]?.name == "Food")
    let stored = try fixture.ledger.projections.verifyDeep()
    #expect(stored.isEmpty)  // the projections rolled back with the events
  }

  @Test(
    "given a refused atomic batch, when the same change comes alone, then it is decided against the state before the batch"
  )
  func writerStateRecovers() async throws {
    let fixture = try await LedgerFixture()
    _ = try? await fixture.ledger.execute(atomically: [
      .renameCategory(Scenario.food, name: "Groceries"), .createCategory(CreateCategory(name: "Groceries")),
    ])

    // Had the writer kept the rolled-back rename, this would be refused as no change.
    try await fixture.ledger.execute(.renameCategory(Scenario.food, name: "Groceries"))

    #expect(fixture.ledger.state.categories[Scenario.food]?.name == "Groceries")
    let reopened = try await Ledger(path: fixture.path, options: LedgerFixture.options)
    #expect(reopened.state == fixture.ledger.state)
  }

  @Test("given an atomic batch of valid commands, then all are recorded in one commit under one correlation id")
  func validBatchIsOneUnit() async throws {
    let fixture = try await LedgerFixture()
    let before = try fixture.ledger.log.head().position

    let outcomes = try await fixture.ledger.execute(atomically: [
      .renameCategory(Scenario.food, name: "Groceries"), .createCategory(CreateCategory(name: "Food")),
    ])

    #expect(outcomes.count == 2)
    let recorded = try fixture.ledger.log.all().filter { $0.position > before }
    #expect(recorded.map(\.type) == ["CategoryRenamed", "CategoryCreated"])
    #expect(Set(recorded.map(\.recordedAt)).count == 1)  // one commit
    #expect(Set(recorded.map(\.metadata.correlationId)).count == 1)
    #expect(recorded[0].metadata.correlationId != nil)
  }

  @Test(
    "given a transaction, when an atomic batch deletes and restores it, then the restore sees the deletion and the stored state is the log's"
  )
  func laterCommandsSeeEarlierOnes() async throws {
    let fixture = try await LedgerFixture()
    try await fixture.ledger.execute(.addTransaction(expense(1, "12.50")))
    let before = try fixture.ledger.log.head().position

    try await fixture.ledger.execute(atomically: [
      .deleteTransaction(txID(1), reason: "wrong", expectedVersion: 1),
      .restoreTransaction(txID(1), reason: "right after all", expectedVersion: 2),
    ])

    let recorded = try fixture.ledger.log.all().filter { $0.position > before }
    #expect(recorded.map(\.type) == ["TransactionDeleted", "TransactionRestored"])
    #expect(fixture.ledger.state.transactions[txID(1)]?.version == 3)
    #expect(fixture.ledger.state.transactions[txID(1)]?.isDeleted == false)
    let reopened = try await Ledger(path: fixture.path, options: LedgerFixture.options)
    #expect(reopened.state == fixture.ledger.state)
    #expect(try fixture.ledger.projections.verifyDeep().isEmpty)
  }

  @Test(
    "given an open period, when an atomic batch adds a transaction and then closes the period, then the seal is the chain head after the addition"
  )
  func sealIsTheHeadWhereTheCloseLands() async throws {
    let fixture = try await LedgerFixture()
    let period = PeriodID.random()
    try await fixture.ledger.execute(
      .openPeriod(OpenPeriod(period: period, name: "March", start: day("2024-03-01"), end: day("2024-03-31"))))

    let outcomes = try await fixture.ledger.execute(atomically: [
      .addTransaction(expense(1, "3")), .closePeriod(period, end: nil),
    ])

    guard case .periodClosed(let closed) = outcomes.last?.events.first else {
      Issue.record("got \(outcomes.map(\.events))")
      return
    }
    let added = try #require(try fixture.ledger.log.event(at: outcomes[0].positions.upperBound))
    #expect(closed.seal == added.hash.hex)
    #expect(fixture.ledger.state.periods[period]?.isClosed == true)
  }

  @Test(
    "given an all-or-nothing batch that adds transactions, when it commits, then the stored rules' state indexes their ids and equals a fold of the log"
  )
  func batchAdditionsAreIndexed() async throws {
    let fixture = try await LedgerFixture()

    try await fixture.ledger.execute(atomically: [
      .addTransaction(expense(41, "4.10")), .addTransaction(expense(42, "4.20")),
    ])

    #expect(try fixture.ledger.snapshotProblems(deep: true) == [])
    let reopened = try await Ledger(path: fixture.path, options: LedgerFixture.options)
    #expect(reopened.transactions.named(String(txID(42).description.suffix(8))).map(\.key) == [txID(42)])
  }
}
