import EventLog
import Interchange
import Ledger
import LedgerDomain
import LedgerTesting
import Testing

/// Undo of big commands: exact, all or nothing, said in a few numbers, and with work that
/// follows the command undone rather than the ledger.
@Suite("Undo at scale")
struct UndoAtScaleTests {
  /// Given: `count` expenses (ids `txID(1)`…), added in batches, and a budget for March — the
  /// same history on every ledger it is given to.
  static func history(_ ledger: Ledger, transactions count: Int) async throws {
    try await ledger.execute(
      .setBudget(BudgetSet(month: month("2024-03"), category: Scenario.food, amount: eur("900"))))
    var batch: [BatchCommand] = []
    for index in 0..<count {
      let date = "2024-0\(1 + index % 3)-\(10 + index % 18)"
      batch.append(BatchCommand(.addTransaction(expense(UInt64(index + 1), "\(1 + index % 40).25", on: date))))
      if batch.count == 500 || index == count - 1 {
        for result in try await ledger.execute(batch: batch) { _ = try result.get() }
        batch = []
      }
    }
  }

  static func importRows(_ rows: Int, into ledger: Ledger, file: String? = "bank.csv") async throws {
    var options = CSVImportOptions()
    options.batchSize = 1000
    let csv = try CSVImport(CSVStatement.expenses(rows), state: ledger.state, options: options)
    let summary = try await ledger.importTransactions(csv, options: ImportOptions(actor: "tester", fileName: file))
    #expect(summary.added == rows)
  }

  @Test(
    "given a history and an import of 3,000 rows, when the import is undone, then the ledger is exactly one that never had it"
  )
  func undoneImportLeavesNoTrace() async throws {
    let undone = try await LedgerFixture()
    let never = try await LedgerFixture()
    for fixture in [undone, never] { try await Self.history(fixture.ledger, transactions: 400) }
    try await Self.importRows(3000, into: undone.ledger)
    #expect(
      try ObservedLedger(undone.ledger, month: month("2024-02"))
        != ObservedLedger(never.ledger, month: month("2024-02")))

    let summary = try await undone.ledger.undo()

    #expect(summary.eventCount == 3000 && summary.events == [.init(type: "TransactionDeleted", count: 3000)])
    for month in [month("2024-01"), month("2024-02"), month("2024-03")] {
      let differences = try ObservedLedger(undone.ledger, month: month).differences(
        from: ObservedLedger(never.ledger, month: month))
      #expect(differences == [])
    }
    #expect(try undone.ledger.verify().problems == [])
    // A second undo takes back the history's last batch, not the import again.
    let next = try await undone.ledger.undo()
    #expect(next.undone.isImport == false && next.undone.positions.upperBound < summary.undone.positions.lowerBound)
  }

  @Test("given an undone import, when its summary is read, then it counts its changes in words and names the file")
  func summaryOfAnImport() async throws {
    let fixture = try await LedgerFixture()
    try await Self.importRows(2500, into: fixture.ledger)
    let head = fixture.ledger.position

    let summary = try await fixture.ledger.undo(metadata: EventMetadata(actor: "ana"))

    #expect(summary.undone.positions == (head - 2499)...head)
    #expect(summary.positions == (head + 1)...(head + 2500))
    #expect(summary.undone.isImport && summary.undone.importedFile == "bank.csv" && summary.undone.actor == "tester")
    #expect(summary.undone.events == [.init(type: "TransactionAdded", count: 2500)])
    #expect(summary.changes.map(\.description) == ["2,500 transactions deleted"])
    let text = summary.description
    #expect(
      text.hasPrefix(
        "2,500 transactions deleted (the import of bank.csv at positions \(head - 2499)–\(head), by tester, "))
    #expect(text.hasSuffix(" UTC)") && !summary.wasDuplicate)
    let undoEvent = try #require(try fixture.ledger.log.read(from: .max, direction: .backward, limit: 1).first)
    #expect(undoEvent.metadata.actor == "ana" && undoEvent.metadata.causationId == summary.undone.correlationId)
  }

  @Test("given an import without a file name, when undone, then it is called an import")
  func importWithoutAName() async throws {
    let fixture = try await LedgerFixture()
    try await Self.importRows(3, into: fixture.ledger, file: nil)
    let summary = try await fixture.ledger.undo()
    #expect(summary.description.hasPrefix("3 transactions deleted (an import at positions "))
    #expect(summary.undone.importedFile == nil)
  }

  @Test("given a command whose compensation is refused halfway, when undone, then nothing at all is recorded")
  func refusedHalfwayRecordsNothing() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    try await Self.history(ledger, transactions: 300)
    try await ledger.execute(.addTransaction(expense(9999, "5", category: Scenario.restaurants)))
    // Compensated newest first: 300 restores go through, then the one booked to the
    // archived category is refused, before the category's own restore.
    try await ledger.execute(
      atomically: [
        .archiveCategory(Scenario.restaurants), .deleteTransaction(txID(9999), reason: "x", expectedVersion: nil),
      ]
        + (1...300).map { .deleteTransaction(txID($0), reason: "x", expectedVersion: nil) })
    let head = try ledger.log.head()
    let before = try ObservedLedger(ledger, month: month("2024-03"))

    await #expect(throws: LedgerError.self) { try await ledger.undo() }

    #expect(try ledger.log.head() == head)
    #expect(try ObservedLedger(ledger, month: month("2024-03")) == before)
  }

  @Test(
    "given amendments of many transactions in one command, when undone, then each is back as it was, from the events' before-images"
  )
  func amendmentsUndoneFromBeforeImages() async throws {
    let undone = try await LedgerFixture()
    let never = try await LedgerFixture()
    for fixture in [undone, never] { try await Self.history(fixture.ledger, transactions: 600) }
    try await undone.ledger.execute(
      atomically: (1...600).map { index in
        var amendment = TransactionAmended(transaction: txID(UInt64(index)))
        amendment.amount = eur("\(index).75")
        if index % 2 == 0 { amendment.name = "Renamed \(index)" }
        return .amendTransaction(amendment, expectedVersion: nil)
      })

    let summary = try await undone.ledger.undo()

    #expect(summary.changes.map(\.description) == ["600 transactions changed back"])
    #expect(summary.work.streamsRead == 0)  // the amendments carried the transactions as they stood
    #expect(
      try ObservedLedger(undone.ledger, month: month("2024-02"))
        == ObservedLedger(never.ledger, month: month("2024-02")))
  }

  /// What undoing an import of `rows` rows on top of `history` transactions reads.
  static func work(history: Int, rows: Int) async throws -> UndoWork {
    let fixture = try await LedgerFixture()
    try await Self.history(fixture.ledger, transactions: history)
    try await Self.importRows(rows, into: fixture.ledger)
    return try await fixture.ledger.undo().work
  }

  @Test(
    "given imports of N rows on ledgers of different sizes, when undone, then what undo reads grows with N alone, linearly"
  )
  func workFollowsTheCommandNotTheLedger() async throws {
    let small = try await Self.work(history: 50, rows: 400)
    let large = try await Self.work(history: 2000, rows: 400)
    let double = try await Self.work(history: 50, rows: 800)

    // The same import reads the same, however long the history before it.
    #expect(small == large)
    // Each event of the command, and of the undo, is looked at a bounded number of times.
    #expect(small.commands == 400 && double.commands == 800)
    #expect(small.eventsScanned <= 3 * 400 + 10)
    #expect(double.eventsScanned <= 3 * 800 + 10)
    #expect(double.eventsScanned - small.eventsScanned <= 3 * 400)
    #expect(small.streamsRead == 0 && small.streamEventsRead == 0)  // an import needs no state before it
  }
}
