import EventLog
import Ledger
import LedgerDomain
import LedgerTesting
import Testing

/// `Ledger.addTransaction`: the transaction a front end records, and the bill it pays, in one
/// use case — no front end matches bills itself.
@Suite("Adding a transaction pays the bill it looks like")
struct AddTransactionUseCaseTests {
  static let rent = ScheduleID(raw: EntityID(high: 0x4E, low: 1))

  /// A ledger with a monthly rent of 950.00 on the 1st, from January.
  func ledgerWithRent() async throws -> LedgerFixture {
    let fixture = try await LedgerFixture()
    let terms = ScheduleTerms(
      name: "Rent", kind: .expense, amount: eur("950"), account: Scenario.checking, category: Scenario.bills,
      recurrence: Recurrence(unit: .month, dayOfMonth: 1, start: day("2024-01-01")))
    try await fixture.ledger.execute(.createSchedule(Self.rent, terms: terms))
    return fixture
  }

  func isPaid(_ ledger: Ledger, _ date: String) -> Bool {
    ledger.state.schedules[Self.rent]?.payments[day(date)] != nil
  }

  @Test("given rent due, when a coffee is added, then it is recorded and pays nothing")
  func aTransactionThatIsNoBillPaysNothing() async throws {
    let ledger = try await ledgerWithRent().ledger

    let addition = try await ledger.addTransaction(AddTransaction(expense(1, "3.50", on: "2024-03-01", name: "Coffee")))

    #expect(addition.outcome.events.count == 1 && !addition.outcome.wasDuplicate)
    #expect(addition.bills.linked.isEmpty && addition.bills.suggested.isEmpty)
    #expect(!isPaid(ledger, "2024-03-01"))
  }

  @Test(
    "given rent due, when its payment is added under a key and the call is retried, then the first pays the bill and the retry records and links nothing"
  )
  func aRetryLinksNothingAgain() async throws {
    let ledger = try await ledgerWithRent().ledger
    let payment = AddTransaction(
      expense(2, "950.00", on: "2024-03-01", category: Scenario.bills, name: "Rent March"))
    let key = try IdempotencyKey("rent-march")

    let first = try await ledger.addTransaction(payment, idempotencyKey: key)
    let head = try ledger.verify().head
    let retry = try await ledger.addTransaction(payment, idempotencyKey: key)

    #expect(first.bills.linked.map(\.occurrence.nominal) == [day("2024-03-01")])
    #expect(isPaid(ledger, "2024-03-01"))
    #expect(retry.outcome.wasDuplicate && retry.bills.linked.isEmpty)
    #expect(try ledger.verify().head == head, "the retry recorded nothing")
  }

  @Test("given a transaction a rule refuses, when added, then nothing is recorded and the refusal says why")
  func aRefusedTransactionChangesNothing() async throws {
    let ledger = try await ledgerWithRent().ledger
    let head = try ledger.verify().head

    await #expect(throws: LedgerError.self) {
      try await ledger.addTransaction(AddTransaction(expense(3, "950.00", on: "2024-03-01", category: Scenario.income)))
    }
    #expect(try ledger.verify().head == head)
    #expect(!isPaid(ledger, "2024-03-01"))
  }
}
