import EntityHistory
import EventLog
import LedgerDomain
import LedgerTesting
import Testing

@Suite("Projection: entity history")
struct EntityHistoryTests {
  /// Appends `event` to its stream with `actor` on the envelope; returns its position.
  @discardableResult
  static func given(_ log: EventLog, _ event: LedgerEvent, actor: String = "ana") async throws -> UInt64 {
    let proposed = ProposedEvent(
      type: event.typeName, schemaVersion: event.schemaVersion, payload: try event.encodedPayload(), metadata: EventMetadata(actor: actor))
    return try await log.append([proposed], to: StreamName(event.stream)).positions.upperBound
  }

  static func category(_ id: CategoryID, _ name: String) -> LedgerEvent {
    .categoryCreated(
      CategoryCreated(category: id, name: name, kind: .expense, budgetType: .variable, icon: "cart", color: try! ColorHex(parsing: "#112233"), sortOrder: 1, isCustom: true))
  }

  static let account = LedgerEvent.accountOpened(
    AccountOpened(account: Scenario.checking, name: "Checking", type: .checking, currency: .eur, openingBalance: eur("1000"), date: day("2024-01-01")))

  @Test("given an added, amended and deleted transaction, when its history is read, then each event shows who, when and exactly what changed")
  func transactionAmendHistory() async throws {
    let fixture = try LogFixture()
    let log = fixture.log
    try await Self.given(log, Self.account)
    try await Self.given(log, Self.category(Scenario.food, "Food"))
    try await Self.given(log, Self.category(Scenario.restaurants, "Restaurants"))
    var added = expense(1, "42.50", on: "2024-03-10", name: "Market")
    added.description = "weekly shop"
    added.tags = ["food"]
    let addedAt = try await Self.given(log, .transactionAdded(added))
    var amended = TransactionAmended(transaction: txID(1))
    amended.amount = eur("40")
    amended.name = "Groceries"
    amended.date = day("2024-03-12")
    amended.category = Scenario.restaurants
    amended.description = Change(nil)
    amended.notes = Change("receipt lost")
    amended.tags = ["food", "weekly"]
    let amendedAt = try await Self.given(log, .transactionAmended(amended), actor: "bo")
    try await Self.given(log, .transactionDeleted(TransactionDeleted(transaction: txID(1), reason: "duplicate")))

    let history = try EntityHistory(log).history(of: txID(1).stream)
    #expect(history.map(\.eventType) == ["TransactionAdded", "TransactionAmended", "TransactionDeleted"])
    #expect(history.map(\.actor) == ["ana", "bo", "ana"])
    #expect(history.map(\.streamVersion) == [1, 2, 3])
    #expect(history[0].position == addedAt && history[1].position == amendedAt)
    #expect(history.allSatisfy { $0.recordedAt > 0 })
    #expect(history[0].changes == [
      "added expense of 42.50 EUR on 2024-03-10", "name \"Market\"", "account \"Checking\"", "category \"Food\"",
      "description \"weekly shop\"", "tags food",
    ])
    #expect(history[1].changes == [
      "date 2024-03-10 → 2024-03-12", "amount 42.50 EUR → 40.00 EUR", "category \"Food\" → \"Restaurants\"",
      "name \"Market\" → \"Groceries\"", "description \"weekly shop\" → (none)", "notes (none) → \"receipt lost\"",
      "tags food → food, weekly",
    ])
    #expect(history[2].changes == ["deleted: duplicate"])
    #expect(history[2].summary == "deleted: duplicate")
    #expect(try EntityHistory(log).history(of: txID(1)) == history)

    // As known at the amend, the delete is not there yet.
    #expect(try EntityHistory(log).history(of: txID(1).stream, asKnownAt: amendedAt).count == 2)
    #expect(try EntityHistory(log).history(of: txID(1).stream, asKnownAt: addedAt - 1).isEmpty)
  }

  @Test("given two amends in a row, when the history is read, then the second starts from what the first left")
  func amendsChain() async throws {
    let fixture = try LogFixture()
    let log = fixture.log
    var added = expense(1, "10", name: "Market")
    added.description = "x"
    try await Self.given(log, .transactionAdded(added))
    var first = TransactionAmended(transaction: txID(1))
    first.amount = eur("12")
    try await Self.given(log, .transactionAmended(first))
    var second = TransactionAmended(transaction: txID(1))
    second.amount = eur("15.5")
    second.description = Change(nil)
    second.splits = [Split(category: Scenario.food, amount: eur("10")), Split(category: Scenario.bills, amount: eur("5.5"))]
    try await Self.given(log, .transactionAmended(second))

    let history = try EntityHistory(log).history(of: txID(1).stream)
    #expect(history[1].changes == ["amount 10.00 EUR → 12.00 EUR"])
    // Categories without a stream are shown by id.
    #expect(history[2].changes == [
      "amount 12.00 EUR → 15.50 EUR",
      "category \(Scenario.food) → splits \(Scenario.food) 10.00 EUR, \(Scenario.bills) 5.50 EUR",
      "description \"x\" → (none)",
    ])
  }

  @Test("given a budget month with sets and a move, when its history is read, then BudgetSet and BudgetMoved come in order with before → after")
  func budgetMonthHistory() async throws {
    let fixture = try LogFixture()
    let log = fixture.log
    try await Self.given(log, Self.category(Scenario.food, "Food"))
    try await Self.given(log, Self.category(Scenario.bills, "Bills"))
    let march = month("2024-03")
    try await Self.given(log, .budgetSet(BudgetSet(month: march, category: Scenario.food, amount: eur("300"))))
    try await Self.given(log, .budgetSet(BudgetSet(month: march, category: Scenario.bills, amount: eur("100"))))
    try await Self.given(log, .budgetMoved(BudgetMoved(month: march, from: Scenario.food, to: Scenario.bills, amount: eur("50"))), actor: "bo")
    try await Self.given(log, .budgetSet(BudgetSet(month: march, category: Scenario.food, amount: eur("400"))))
    try await Self.given(log, .budgetSet(BudgetSet(month: month("2024-04"), category: Scenario.food, amount: eur("1"))))

    let history = try EntityHistory(log).history(of: "budget-2024-03")
    #expect(history.map(\.eventType) == ["BudgetSet", "BudgetSet", "BudgetMoved", "BudgetSet"])
    #expect(history.map(\.position) == history.map(\.position).sorted())
    #expect(history.map(\.changes) == [
      ["budget \"Food\" (none) → 300.00 EUR"], ["budget \"Bills\" (none) → 100.00 EUR"],
      ["moved 50.00 EUR from \"Food\" to \"Bills\"", "budget \"Food\" 300.00 EUR → 250.00 EUR", "budget \"Bills\" 100.00 EUR → 150.00 EUR"],
      ["budget \"Food\" 250.00 EUR → 400.00 EUR"],
    ])
    #expect(history[2].actor == "bo")
    #expect(try EntityHistory(log).history(ofBudget: march) == history)
  }

  @Test("given a renamed category, when its history and a transaction's are read, then the rename shows both names and the transaction the name of its time")
  func categoryRenameHistory() async throws {
    let fixture = try LogFixture()
    let log = fixture.log
    try await Self.given(log, Self.category(Scenario.food, "Food"))
    try await Self.given(log, .transactionAdded(expense(1, "5", category: Scenario.food)))
    try await Self.given(log, .categoryRenamed(CategoryRenamed(category: Scenario.food, previousName: "Food", name: "Groceries")))
    try await Self.given(log, .dueDateSet(DueDateSet(category: Scenario.food, dueDate: day("2024-04-15"))))
    try await Self.given(log, .dueDateCleared(DueDateCleared(category: Scenario.food)))
    try await Self.given(log, .categoryArchived(CategoryArchived(category: Scenario.food)))

    let history = try EntityHistory(log).history(of: Scenario.food.stream)
    #expect(history.map(\.eventType) == ["CategoryCreated", "CategoryRenamed", "DueDateSet", "DueDateCleared", "CategoryArchived"])
    #expect(history[0].changes.first == "created expense category \"Food\"")
    #expect(history[1].changes == ["renamed \"Food\" → \"Groceries\""])
    #expect(history[2].changes == ["due date (none) → 2024-04-15"])
    #expect(history[3].changes == ["due date 2024-04-15 → (none)"])
    #expect(history[4].changes == ["archived"])
    #expect(try EntityHistory(log).history(of: txID(1).stream)[0].changes.contains("category \"Food\""))
  }

  @Test("given account and period events, when their histories are read, then each lists its events; an unknown stream has none")
  func accountAndPeriodHistory() async throws {
    let fixture = try LogFixture()
    let log = fixture.log
    let period = PeriodID(raw: EntityID(high: 0x9E10, low: 1))
    try await Self.given(log, Self.account)
    try await Self.given(log, .accountRenamed(AccountRenamed(account: Scenario.checking, previousName: "Checking", name: "Main")))
    try await Self.given(log, .periodOpened(PeriodOpened(period: period, name: "March", start: day("2024-03-01"), end: nil)))
    try await Self.given(log, .periodClosed(PeriodClosed(period: period, end: day("2024-03-31"), seal: "abc")))
    try await Self.given(log, .periodReopened(PeriodReopened(period: period, reason: "late receipt")))

    let account = try EntityHistory(log).history(of: Scenario.checking.stream)
    #expect(account.map(\.changes) == [
      ["opened checking account \"Checking\" in EUR", "opening balance 1000.00 EUR on 2024-01-01"], ["renamed \"Checking\" → \"Main\""],
    ])
    let periodHistory = try EntityHistory(log).history(of: period.stream)
    #expect(periodHistory.map(\.changes) == [
      ["opened \"March\" from 2024-03-01 to (ongoing)"], ["closed", "end (ongoing) → 2024-03-31", "seal abc"], ["reopened: late receipt"],
    ])
    #expect(try EntityHistory(log).history(of: "transaction-none").isEmpty)
  }
}
