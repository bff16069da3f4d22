import LedgerDomain
import LedgerTesting
import Testing

@Suite("Rules: expense periods")
struct PeriodRulesTests {
  let march = PeriodID(raw: EntityID(high: 0x9E, low: 3))

  func withMarch() throws -> Scenario {
    var scenario = Scenario.standard()
    try scenario.run(
      .openPeriod(OpenPeriod(period: march, name: "March", start: day("2024-03-01"), end: day("2024-03-31"))))
    return scenario
  }

  @Test("given March 2024, when another period is opened as 'march', then the name is refused, naming the other")
  func uniqueNames() {
    let error = #expect(throws: DomainError.self) {
      try withMarch().when(.openPeriod(OpenPeriod(name: "march", start: day("2023-03-01"), end: day("2023-03-31"))))
    }
    guard case .invalidField(let field, let reason) = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(field == "period name" && reason.contains("a period named 'March' already exists (from 2024-03-01)"))
  }

  @Test(
    "given two periods of one name (as older ledgers may hold), when looked up by name, then the error lists both ids; by id, then found"
  )
  func ambiguousNames() throws {
    var scenario = try withMarch()
    let other = PeriodID(raw: EntityID(high: 0x9E, low: 0x2023))
    scenario.given(.periodOpened(PeriodOpened(period: other, name: "March", start: day("2023-03-01"), end: day("2023-03-31"))))

    let error = #expect(throws: DomainError.self) { try scenario.state.period(named: "March") }
    guard case .invalidField(_, let reason) = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(reason.contains("'March' names 2 periods; give the id of one: \(other) (from 2023-03-01), \(march)"))
    #expect(try scenario.state.period(named: String(other.description.suffix(8))).id == other)
    #expect(try scenario.state.period(named: march.description).id == march)
  }

  @Test("given March, when a period overlapping it by one day is opened, then refused naming March")
  func noOverlap() {
    let error = #expect(throws: DomainError.self) {
      try withMarch().when(.openPeriod(OpenPeriod(name: "Spring", start: day("2024-03-31"), end: day("2024-05-31"))))
    }
    #expect(
      error
        == .periodOverlaps(name: "Spring", other: "March", otherStart: day("2024-03-01"), otherEnd: day("2024-03-31")))
  }

  @Test("given an ongoing period, when a later one is opened, then it overlaps; adjacent fixed periods do not")
  func ongoingOverlapsEverythingAfter() throws {
    var scenario = try withMarch()
    try scenario.run(.openPeriod(OpenPeriod(name: "April", start: day("2024-04-01"), end: day("2024-04-30"))))
    try scenario.run(.openPeriod(OpenPeriod(name: "Since May", start: day("2024-05-01"))))
    #expect(throws: DomainError.self) {
      try scenario.when(.openPeriod(OpenPeriod(name: "Later", start: day("2025-01-01"))))
    }
  }

  @Test("given start after end, when opened, then refused")
  func startBeforeEnd() {
    #expect(throws: DomainError.self) {
      try Scenario.standard().when(
        .openPeriod(OpenPeriod(name: "Bad", start: day("2024-03-10"), end: day("2024-03-01"))))
    }
    #expect(throws: DomainError.self) {
      try Scenario.standard().when(
        .openPeriod(OpenPeriod(name: String(repeating: "p", count: 51), start: day("2024-03-10"))))
    }
  }

  @Test("given March closed, when a March transaction is added, amended or deleted, then refused saying how to reopen")
  func closedPeriodIsFrozen() throws {
    var scenario = try withMarch()
    try scenario.run(.addTransaction(expense(1, "10.00", on: "2024-03-05")))
    let closed = try scenario.when(.closePeriod(march, end: nil))
    #expect(closed == [.periodClosed(PeriodClosed(period: march, end: day("2024-03-31"), seal: "c0ffee"))])
    scenario.state.apply(closed)

    let error = #expect(throws: DomainError.self) {
      try scenario.when(.addTransaction(expense(2, "1.00", on: "2024-03-20")))
    }
    #expect(error == .periodClosed(name: "March", date: day("2024-03-20")))
    #expect(error?.description.contains("budget period reopen 'March'") == true)
    var amend = TransactionAmended(transaction: txID(1))
    amend.name = "Market"
    #expect(throws: DomainError.periodClosed(name: "March", date: day("2024-03-05"))) {
      try scenario.when(.amendTransaction(amend, expectedVersion: nil))
    }
    #expect(throws: DomainError.periodClosed(name: "March", date: day("2024-03-05"))) {
      try scenario.when(.deleteTransaction(txID(1), reason: "dup", expectedVersion: nil))
    }
    // Moving a transaction *into* the closed period is refused too.
    try scenario.run(.addTransaction(expense(3, "1.00", on: "2024-02-10")))
    var move = TransactionAmended(transaction: txID(3))
    move.date = day("2024-03-10")
    #expect(throws: DomainError.periodClosed(name: "March", date: day("2024-03-10"))) {
      try scenario.when(.amendTransaction(move, expectedVersion: nil))
    }
  }

  @Test(
    "given March closed, when an account opens with a balance in March, then refused; with none, or before March, accepted"
  )
  func openingBalanceInAClosedPeriod() throws {
    var scenario = try withMarch()
    try scenario.run(.closePeriod(march, end: nil))
    let opening = Money(units: 50_000, currency: .eur)

    #expect(throws: DomainError.periodClosed(name: "March", date: day("2024-03-10"))) {
      try scenario.when(
        .openAccount(OpenAccount(name: "Old", type: .cash, openingBalance: opening, date: day("2024-03-10"))))
    }
    #expect(throws: Never.self) {
      try scenario.when(.openAccount(OpenAccount(name: "Empty", type: .cash, date: day("2024-03-10"))))
    }
    #expect(throws: Never.self) {
      try scenario.when(
        .openAccount(OpenAccount(name: "Earlier", type: .cash, openingBalance: opening, date: day("2024-02-20"))))
    }
  }

  @Test(
    "given March closed, when reopened with a reason, then changes are allowed again; reopening an open period is refused"
  )
  func reopen() throws {
    var scenario = try withMarch()
    try scenario.run(.closePeriod(march, end: nil))
    #expect(throws: DomainError.self) { try scenario.when(.reopenPeriod(march, reason: "  ")) }
    try scenario.run(.reopenPeriod(march, reason: "forgot a receipt"))

    #expect(throws: Never.self) { try scenario.when(.addTransaction(expense(2, "1.00", on: "2024-03-20"))) }
    #expect(throws: DomainError.periodNotClosed(name: "March")) {
      try scenario.when(.reopenPeriod(march, reason: "again"))
    }
    try scenario.run(.closePeriod(march, end: nil))
    #expect(throws: DomainError.periodAlreadyClosed(name: "March")) { try scenario.when(.closePeriod(march, end: nil)) }
  }
}
