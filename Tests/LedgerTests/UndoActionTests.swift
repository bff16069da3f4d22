import EventLog
import Interchange
import Ledger
import LedgerDomain
import LedgerTesting
import QueryResults
import Testing

/// One undo per user action — a transaction and the bill it paid go back together — its
/// summary in the user's words, and redo.
@Suite("Undo and redo by user action")
struct UndoActionTests {
  static let broadband = ScheduleID(raw: EntityID(high: 0xB0, low: 1))
  static let due = day("2024-03-11")

  /// A ledger with a monthly Broadband bill (39.99 on the 11th), then a transaction that pays
  /// March's, added as the front ends add one (``Ledger/addTransaction(_:metadata:idempotencyKey:requestFingerprint:)``),
  /// which links it to the bill.
  func ledgerWithPaidBill() async throws -> LedgerFixture {
    let fixture = try await LedgerFixture()
    let terms = ScheduleTerms(
      name: "Broadband", kind: .expense, amount: eur("39.99"), account: Scenario.checking, category: Scenario.bills,
      recurrence: Recurrence(unit: .month, dayOfMonth: 11, start: day("2024-01-11")))
    try await fixture.ledger.execute(.createSchedule(Self.broadband, terms: terms))
    try await addBroadbandPayment(fixture.ledger)
    #expect(isPaid(fixture.ledger), "the setup's transaction pays March's bill")
    return fixture
  }

  func addBroadbandPayment(_ ledger: Ledger) async throws {
    let added = expense(1, "39.99", on: "2024-03-11", category: Scenario.bills, name: "Broadband Telekom")
    let addition = try await ledger.addTransaction(AddTransaction(added))
    #expect(addition.bills.linked.map(\.occurrence.terms.name) == ["Broadband"])
    #expect(addition.bills.linked.first?.transaction.id == txID(1) && addition.outcome.events.count == 1)
  }

  func isPaid(_ ledger: Ledger) -> Bool { ledger.state.schedules[Self.broadband]?.payments[Self.due] != nil }

  func isDeleted(_ ledger: Ledger) -> Bool { ledger.state.transactions[txID(1)]?.isDeleted == true }

  @Test(
    "given a transaction that paid a bill, when undone once, then both go back and the summary says so in words"
  )
  func oneUndoPerAction() async throws {
    let fixture = try await ledgerWithPaidBill()
    let ledger = fixture.ledger

    let summary = try await ledger.undo()

    #expect(isDeleted(ledger) && !isPaid(ledger))
    #expect(
      summary.description
        == "transaction 'Broadband Telekom' 39.99 deleted; bill 'Broadband' of 2024-03-11 unpaid again")
    #expect(!summary.isRedo && summary.undone.eventCount == 2)
    #expect(!summary.description.contains("Event") && !summary.description.contains("Unpaid"))
    // The next undo takes back the action before: the schedule.
    let next = try await ledger.undo()
    #expect(next.description == "bill 'Broadband' deleted")
    #expect(ledger.state.schedules[Self.broadband]?.isDeleted == true)
    #expect(try ledger.verify().problems == [])
  }

  @Test(
    "given an import whose row paid a bill, when imported, then the import matches the bill itself; when undone once, then the rows and the payment go back together"
  )
  func importAndTheBillItPaidAreOneStep() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    let terms = ScheduleTerms(
      name: "Broadband", kind: .expense, amount: eur("39.99"), account: Scenario.checking, category: Scenario.bills,
      recurrence: Recurrence(unit: .month, dayOfMonth: 11, start: day("2024-01-11")))
    try await ledger.execute(.createSchedule(Self.broadband, terms: terms))
    let file = try CSVImport(
      "date,amount,payee,category,account\n2024-03-11,-39.99,Broadband Telekom,Bills,Checking\n"
        + "2024-03-12,-3.50,Bakery,Food,Checking\n", state: ledger.state, options: CSVImportOptions())
    let imported = try await ledger.importTransactions(file, options: ImportOptions(fileName: "march.csv"))
    #expect(imported.added == 2)
    // The import matched the bill its row paid, as part of itself.
    #expect(imported.bills?.linked.map(\.occurrence.terms.name) == ["Broadband"])
    #expect(isPaid(ledger))

    let summary = try await ledger.undo()

    #expect(!isPaid(ledger))
    #expect(summary.undone.isImport && summary.undone.importedFile == "march.csv")
    #expect(summary.changes.map(\.description) == ["2 transactions deleted", "1 bill unpaid again"])
    #expect(summary.description.hasPrefix("2 transactions deleted, 1 bill unpaid again (the import of march.csv at "))
    #expect(try ledger.verify().problems == [])
  }

  @Test("given a command and another's recorded before its follow-up, when undone, then the other stays")
  func followUpPastAnotherCommand() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    try await ledger.execute(.addTransaction(expense(1, "5", name: "Bread")))
    let correlation = try #require(try ledger.log.read(from: .max, direction: .backward, limit: 1).first?.metadata)
      .correlationId
    try await ledger.execute(.addTransaction(expense(2, "7", name: "Milk")))
    // What the first command caused, recorded after the second one.
    var amendment = TransactionAmended(transaction: txID(1))
    amendment.notes = Change("baked")
    try await ledger.execute(
      .amendTransaction(amendment, expectedVersion: nil),
      metadata: Ledger.followUp(of: try #require(correlation), .init()))

    let summary = try await ledger.undo()

    #expect(isDeleted(ledger) && ledger.state.transactions[txID(2)]?.isDeleted == false)
    #expect(summary.description == "transaction 'Bread' 5.00 deleted; transaction 'Bread' 5.00 changed back")
    try await ledger.undo()
    #expect(ledger.state.transactions[txID(2)]?.isDeleted == true)
  }

  @Test("given an undone action, when redone, then it is back whole; undo then takes the redo back")
  func redoReappliesTheAction() async throws {
    let fixture = try await ledgerWithPaidBill()
    let ledger = fixture.ledger
    try await ledger.undo()

    let redone = try await ledger.redo()

    #expect(!isDeleted(ledger) && isPaid(ledger))
    #expect(redone.isRedo && redone.undone.isUndo)
    #expect(redone.description == "transaction 'Broadband Telekom' 39.99 restored; bill 'Broadband' of 2024-03-11 paid")
    // Redone, nothing more to redo; undo takes the redo back, then the action before it.
    await #expect(throws: LedgerError.self) { try await ledger.redo() }
    let undone = try await ledger.undo()
    #expect(isDeleted(ledger) && !isPaid(ledger))
    #expect(undone.description.contains("deleted") && undone.description.contains("unpaid again"))
    try await ledger.undo()
    #expect(ledger.state.schedules[Self.broadband]?.isDeleted == true)
    #expect(try ledger.verify().problems == [])
  }

  @Test("given two undos, when redone twice, then the last undone comes back first, then the one before")
  func redoStack() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    try await ledger.execute(.addTransaction(expense(1, "5", name: "Bread")))
    try await ledger.execute(.addTransaction(expense(2, "7", name: "Milk")))
    try await ledger.undo()
    try await ledger.undo()

    let first = try await ledger.redo()
    #expect(ledger.state.transactions[txID(1)]?.isDeleted == false)
    #expect(ledger.state.transactions[txID(2)]?.isDeleted == true)
    #expect(first.description == "transaction 'Bread' 5.00 restored")
    let second = try await ledger.redo()
    #expect(ledger.state.transactions[txID(2)]?.isDeleted == false)
    #expect(second.description == "transaction 'Milk' 7.00 restored")
    let error = await #expect(throws: LedgerError.self) { try await ledger.redo() }
    #expect(error?.description.contains("nothing to redo") == true)
  }

  @Test("given a change recorded after an undo, when redone, then it is refused saying why, and nothing changes")
  func redoOnlyRightAfterUndo() async throws {
    let fixture = try await ledgerWithPaidBill()
    let ledger = fixture.ledger
    try await ledger.undo()
    try await ledger.execute(.addTransaction(expense(2, "7", name: "Milk")))
    let head = try ledger.log.head()

    let error = await #expect(throws: LedgerError.self) { try await ledger.redo() }

    #expect(
      error?.description == "redo: a change was recorded after the undo; redo is only possible right after undo")
    #expect(try ledger.log.head() == head)
    #expect(isDeleted(ledger))
  }

  @Test("given no undo, when redone, then there is nothing to redo and nothing changes")
  func nothingToRedo() async throws {
    let fixture = try await LedgerFixture()
    let head = try fixture.ledger.log.head()

    let error = await #expect(throws: LedgerError.self) { try await fixture.ledger.redo() }

    #expect(error?.description == "redo: nothing to redo: redo re-applies what the last undo took back")
    #expect(try fixture.ledger.log.head() == head)
  }

  @Test("given an undone category, when redone, then it is refused: a deleted category never comes back")
  func redoCannotBringBackADeletedCategory() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    let id = CategoryID(raw: EntityID(high: 0xCA7, low: 1))
    try await ledger.execute(.createCategory(CreateCategory(category: id, name: "Pets", kind: .expense)))
    let undone = try await ledger.undo()
    #expect(undone.description == "category 'Pets' deleted")
    let head = try ledger.log.head()

    let error = await #expect(throws: LedgerError.self) { try await ledger.redo() }

    #expect(error?.description.contains("the undo deleted a category, which cannot come back") == true)
    #expect(try ledger.log.head() == head)
  }
}
