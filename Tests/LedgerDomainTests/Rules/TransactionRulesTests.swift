import LedgerDomain
import LedgerTesting
import Testing

@Suite("Rules: transactions")
struct TransactionRulesTests {
  @Test("given a ledger, when a valid expense is added, then TransactionAdded with trimmed text")
  func addExpense() throws {
    var added = expense(1, "42.50", name: "  Market  ")
    added.description = "   "
    let events = try Scenario.standard().when(.addTransaction(added))

    var expected = added
    expected.name = "Market"
    expected.description = nil
    #expect(events == [.transactionAdded(expected)])
  }

  @Test(
    "given the Income category, when an expense is booked to it (whole or as a split part), then refused; income into Food (a refund) is fine"
  )
  func expenseNeedsExpenseCategory() throws {
    let scenario = Scenario.standard()
    let refusal = DomainError.invalidField(
      field: "category 'Income'",
      reason: "is an income category; book an expense to an expense category, or record the money as income")
    #expect(throws: refusal) { try scenario.when(.addTransaction(expense(1, "40", category: Scenario.income))) }
    var split = expense(2, "40")
    split.category = nil
    split.splits = [
      Split(category: Scenario.food, amount: eur("30")), Split(category: Scenario.income, amount: eur("10")),
    ]
    #expect(throws: refusal) { try scenario.when(.addTransaction(split)) }
    var refund = expense(3, "12")
    refund.type = .income
    #expect(try scenario.when(.addTransaction(refund)).count == 1)
  }

  @Test(
    "given an expense booked to Income before that was refused, when its name is amended or it is restored, then fine; rebooking one there is refused"
  )
  func bookingRuleForOldTransactions() throws {
    var scenario = Scenario.standard()
    scenario.given(.transactionAdded(expense(1, "40", category: Scenario.income)))
    var renamed = TransactionAmended(transaction: txID(1))
    renamed.name = "Refund of salary"
    #expect(try scenario.when(.amendTransaction(renamed, expectedVersion: nil)).count == 1)
    var repriced = TransactionAmended(transaction: txID(1))
    repriced.amount = eur("41")
    #expect(try scenario.when(.amendTransaction(repriced, expectedVersion: nil)).count == 1)
    try scenario.run(.deleteTransaction(txID(1), reason: "dup", expectedVersion: nil))
    #expect(try scenario.when(.restoreTransaction(txID(1), reason: "back", expectedVersion: nil)).count == 1)

    try scenario.run(.addTransaction(expense(2, "5")))
    var rebooked = TransactionAmended(transaction: txID(2))
    rebooked.category = Scenario.income
    #expect(throws: DomainError.self) { try scenario.when(.amendTransaction(rebooked, expectedVersion: nil)) }
  }

  @Test("given amounts zero, negative, too large or in the wrong currency, when added, then each is refused")
  func amounts() {
    let scenario = Scenario.standard()
    for text in ["0", "-5.00"] {
      #expect(throws: DomainError.self) { try scenario.when(.addTransaction(expense(1, text))) }
    }
    var huge = expense(1, "1")
    huge.amount = Money(units: Money.maximumAmount + 1, currency: .eur)
    let error = #expect(throws: DomainError.self) { try scenario.when(.addTransaction(huge)) }
    #expect(error?.description.contains("9,999,999,999,999.9999") == true)
    var dollars = expense(1, "1")
    dollars.amount = Money(units: 10_000, currency: .usd)
    #expect(throws: DomainError.currencyMismatch(field: "amount", expected: .eur, found: .usd)) {
      try scenario.when(.addTransaction(dollars))
    }
  }

  @Test("given text limits, when name is empty or 101 chars, or description 501 chars, then refused")
  func textLimits() {
    let scenario = Scenario.standard()
    #expect(throws: DomainError.self) { try scenario.when(.addTransaction(expense(1, "1", name: ""))) }
    #expect(throws: DomainError.self) {
      try scenario.when(.addTransaction(expense(1, "1", name: String(repeating: "n", count: 101))))
    }
    #expect(throws: Never.self) {
      try scenario.when(.addTransaction(expense(1, "1", name: String(repeating: "n", count: 100))))
    }
    var long = expense(1, "1")
    long.description = String(repeating: "d", count: 501)
    let error = #expect(throws: DomainError.self) { try scenario.when(.addTransaction(long)) }
    #expect(error?.description == "description: has 501 characters; at most 500 are allowed")
  }

  @Test("given today is 31 March, when a transaction is dated 1 April, then it is in the future")
  func noFutureDates() {
    #expect(throws: DomainError.dateInFuture(day("2024-04-01"), today: day("2024-03-31"))) {
      try Scenario.standard().when(.addTransaction(expense(1, "1", on: "2024-04-01")))
    }
  }

  @Test(
    "given an account opened on 1900-01-01, when a transaction is dated before 1900, then refused as a typo; 1900-01-01 itself is fine"
  )
  func noAncientDates() throws {
    var scenario = Scenario(today: day("2024-03-31"))
    try scenario.run(.createLedger(LedgerCreated(name: "Home", baseCurrency: .eur)))
    try scenario.run(
      .openAccount(OpenAccount(account: Scenario.checking, name: "Checking", type: .checking, date: day("1900-01-01"))))

    let error = #expect(throws: DomainError.self) {
      try scenario.when(.addTransaction(expense(1, "1", on: "1899-12-31")))
    }
    #expect(error?.description.contains("1899-12-31 is before 1900-01-01") == true)
    #expect(try scenario.when(.addTransaction(expense(1, "1", on: "1900-01-01"))).count == 1)
  }

  @Test("given no category and no splits, when added, then the category is required; an unknown category is not found")
  func categoryRequired() {
    let scenario = Scenario.standard()
    var none = expense(1, "1")
    none.category = nil
    let error = #expect(throws: DomainError.self) { try scenario.when(.addTransaction(none)) }
    #expect(error?.description.contains("category: is required") == true)
    #expect(throws: DomainError.self) { try scenario.when(.addTransaction(expense(1, "1", category: .random()))) }
  }

  @Test("given splits, when they add up, then accepted; when not, then refused showing both sums")
  func splits() throws {
    let scenario = Scenario.standard()
    var split = expense(1, "100.00")
    split.category = nil
    split.splits = [
      Split(category: Scenario.food, amount: eur("60")), Split(category: Scenario.restaurants, amount: eur("40")),
    ]
    #expect(throws: Never.self) { try scenario.when(.addTransaction(split)) }

    split.splits[1].amount = eur("39.99")
    #expect(throws: DomainError.splitsDoNotAddUp(total: eur("100.00"), sum: eur("99.99"))) {
      try scenario.when(.addTransaction(split))
    }
    split.splits = [Split(category: Scenario.food, amount: eur("100"))]
    #expect(throws: DomainError.self) { try scenario.when(.addTransaction(split)) }
  }

  @Test("given tags, when added, then trimmed and de-duplicated ignoring case; too many are refused")
  func tags() throws {
    var tagged = expense(1, "1")
    tagged.tags = [" trip ", "Trip", "work"]
    let events = try Scenario.standard().when(.addTransaction(tagged))
    guard case .transactionAdded(let added) = events.first else { Issue.record("got \(events)"); return }
    #expect(added.tags == ["trip", "work"])

    tagged.tags = (1...21).map { "t\($0)" }
    #expect(throws: DomainError.self) { try Scenario.standard().when(.addTransaction(tagged)) }
  }

  @Test(
    "given a state and a copy of it, when the copy folds an amendment, then only the copy's record changes (records share their transaction until one changes it)"
  )
  func copiesOfTheStateStayApart() throws {
    var scenario = Scenario.standard()
    try scenario.run(.addTransaction(expense(1, "42.50", name: "Market")))
    let original = scenario.state
    var amendment = TransactionAmended(transaction: txID(1))
    amendment.amount = eur("40.00")
    amendment.name = "Grocer"

    var copy = original
    copy.apply(try scenario.when(.amendTransaction(amendment, expectedVersion: 1)))

    #expect(original.transactions[txID(1)]?.added.amount == eur("42.50"))
    #expect(original.transactions[txID(1)]?.added.name == "Market")
    #expect(original.transactions[txID(1)]?.version == 1)
    #expect(copy.transactions[txID(1)]?.added.amount == eur("40.00"))
    #expect(copy.transactions[txID(1)]?.added.name == "Grocer")
    #expect(copy.transactions[txID(1)]?.version == 2)
    #expect(copy != original)
    // Records built apart with the same content are equal and hash alike.
    let twin = TransactionRecord(added: try #require(original.transactions[txID(1)]?.added))
    #expect(twin == original.transactions[txID(1)])
    #expect(twin.hashValue == original.transactions[txID(1)]?.hashValue)
  }

  @Test("given a transaction, when amended, then only the changed fields are recorded")
  func amendRecordsOnlyChanges() throws {
    var scenario = Scenario.standard()
    try scenario.run(.addTransaction(expense(1, "42.50", name: "Market")))
    var amendment = TransactionAmended(transaction: txID(1))
    amendment.name = "Market"  // unchanged
    amendment.amount = eur("40.00")
    amendment.notes = Change("receipt lost")

    let events = try scenario.when(.amendTransaction(amendment, expectedVersion: 1))

    var expected = TransactionAmended(transaction: txID(1))
    expected.amount = eur("40.00")
    expected.notes = Change("receipt lost")
    expected.previous = scenario.state.transactions[txID(1)]?.added
    #expect(expected.previous?.amount == eur("42.50"))
    #expect(events == [.transactionAmended(expected)])
    var same = TransactionAmended(transaction: txID(1))
    same.name = "Market"
    #expect(throws: DomainError.nothingToChange) { try scenario.when(.amendTransaction(same, expectedVersion: nil)) }
  }

  @Test("given two editors at version 1, when the second amends after the first, then the stale version is refused")
  func staleEditsAreRefused() throws {
    var scenario = Scenario.standard()
    try scenario.run(.addTransaction(expense(1, "42.50")))
    var first = TransactionAmended(transaction: txID(1))
    first.amount = eur("40")
    try scenario.run(.amendTransaction(first, expectedVersion: 1))

    var second = TransactionAmended(transaction: txID(1))
    second.name = "Other"
    let error = #expect(throws: DomainError.self) { try scenario.when(.amendTransaction(second, expectedVersion: 1)) }
    #expect(error == .staleVersion(entity: "transaction \(txID(1))", expected: 1, actual: 2))
    #expect(throws: DomainError.self) {
      try scenario.when(.deleteTransaction(txID(1), reason: "x", expectedVersion: 1))
    }
  }

  @Test(
    "given a transaction, when deleted, then the event carries it whole; when amended or deleted again, then refused; its category can then be deleted"
  )
  func deleted() throws {
    var scenario = Scenario.standard()
    try scenario.run(.addTransaction(expense(1, "42.50", category: Scenario.restaurants)))
    #expect(throws: DomainError.self) {
      try scenario.when(.deleteTransaction(txID(1), reason: " ", expectedVersion: 1))
    }
    let whole = try #require(scenario.state.transactions[txID(1)]?.added)
    #expect(
      try scenario.when(.deleteTransaction(txID(1), reason: "duplicate", expectedVersion: 1))
        == [.transactionDeleted(TransactionDeleted(transaction: txID(1), reason: "duplicate", deleted: whole))])
    try scenario.run(.deleteTransaction(txID(1), reason: "duplicate", expectedVersion: 1))

    #expect(throws: DomainError.transactionDeleted(txID(1))) {
      try scenario.when(.deleteTransaction(txID(1), reason: "again", expectedVersion: nil))
    }
    #expect(throws: Never.self) { try scenario.when(.deleteCategory(Scenario.restaurants)) }
  }

  @Test(
    "given a deleted transaction, when restored, then TransactionRestored carries it whole; unless its category is gone or its version is stale"
  )
  func restore() throws {
    var scenario = Scenario.standard()
    try scenario.run(.addTransaction(expense(1, "42.50", category: Scenario.restaurants)))
    var amendment = TransactionAmended(transaction: txID(1))
    amendment.name = "Bistro"
    try scenario.run(.amendTransaction(amendment, expectedVersion: 1))
    try scenario.run(.deleteTransaction(txID(1), reason: "duplicate", expectedVersion: 2))

    var whole = expense(1, "42.50", category: Scenario.restaurants)
    whole.name = "Bistro"
    #expect(
      try scenario.when(.restoreTransaction(txID(1), reason: "mistake", expectedVersion: 3))
        == [.transactionRestored(TransactionRestored(transaction: whole, reason: "mistake"))])
    let stale = #expect(throws: DomainError.self) {
      try scenario.when(.restoreTransaction(txID(1), reason: "mistake", expectedVersion: 2))
    }
    #expect(stale == .staleVersion(entity: "transaction \(txID(1))", expected: 2, actual: 3))
    #expect(throws: DomainError.self) {
      try scenario.when(.restoreTransaction(txID(9), reason: "x", expectedVersion: nil))
    }

    try scenario.run(.deleteCategory(Scenario.restaurants))
    #expect(throws: DomainError.self) {
      try scenario.when(.restoreTransaction(txID(1), reason: "x", expectedVersion: nil))
    }
  }

  @Test("given a period, when a transaction names it but is dated outside, then refused")
  func periodMustContainDate() throws {
    var scenario = Scenario.standard()
    let period = PeriodID.random()
    try scenario.run(
      .openPeriod(OpenPeriod(period: period, name: "Trip", start: day("2024-03-01"), end: day("2024-03-07"))))
    var outside = expense(1, "1", on: "2024-03-10")
    outside.period = period
    #expect(throws: DomainError.self) { try scenario.when(.addTransaction(outside)) }
  }
}
