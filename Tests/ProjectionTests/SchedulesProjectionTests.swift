import EventLog
import LedgerDomain
import LedgerTesting
import ProjectionEngine
import Schedules
import Testing

@Suite("Projection: schedules and their occurrences")
struct SchedulesProjectionTests {
  static let rent = ScheduleID(raw: EntityID(high: 0x5C, low: 1))
  static let terms = ScheduleTerms(
    name: "Rent", kind: .expense, amount: eur("950"), account: Scenario.checking, category: Scenario.bills,
    recurrence: Recurrence(unit: .month, dayOfMonth: 1, weekend: .after, start: day("2024-01-01")))

  static func paid(_ date: String, _ n: UInt64, amount: String = "950") -> ScheduleOccurrencePaid {
    ScheduleOccurrencePaid(
      schedule: rent, date: day(date), transaction: txID(n), source: .posted, amount: eur(amount), paidOn: day(date))
  }

  func statuses(
    _ harness: ProjectionHarness, today: String, asKnownAt: UInt64 = .max
  ) throws -> [String] {
    try harness.read { reader in
      let queries = ScheduleQueries(reader)
      guard let info = try queries.schedule(Self.rent, asKnownAt: asKnownAt) else { return [] }
      return try queries.occurrences(
        of: info, from: day("2024-01-01"), through: day("2024-05-31"), today: day(today), asKnownAt: asKnownAt
      ).map { "\($0.nominal)>\($0.due) \($0.status.rawValue)\($0.payment.map { " \($0.amount)" } ?? "")" }
    }
  }

  @Test("given Rent with one payment and one skip, when read on 2024-04-01, then each occurrence has its status")
  func statusesOnADay() async throws {
    let harness = try await ProjectionHarness([SchedulesProjector()])
    try await harness.given(
      .scheduleCreated(ScheduleCreated(schedule: Self.rent, terms: Self.terms)),
      .scheduleOccurrencePaid(Self.paid("2024-01-01", 1)),
      .scheduleOccurrenceSkipped(ScheduleOccurrenceSkipped(schedule: Self.rent, date: day("2024-02-01"))))
    // 2024-06-01 is a Saturday: due the Monday after.
    #expect(
      try statuses(harness, today: "2024-04-01") == [
        "2024-01-01>2024-01-01 paid 950.00 EUR", "2024-02-01>2024-02-01 skipped", "2024-03-01>2024-03-01 overdue",
        "2024-04-01>2024-04-01 due", "2024-05-01>2024-05-01 upcoming",
      ])
  }

  @Test("given a posted occurrence, when its transaction is amended, deleted and restored, then the row follows it")
  func followsTheLinkedTransaction() async throws {
    let harness = try await ProjectionHarness([SchedulesProjector()])
    let added = TransactionAdded(
      transaction: txID(1), account: Scenario.checking, date: day("2024-01-01"), amount: eur("950"), type: .expense,
      category: Scenario.bills, name: "Rent")
    try await harness.given(
      .scheduleCreated(ScheduleCreated(schedule: Self.rent, terms: Self.terms)), .transactionAdded(added),
      .scheduleOccurrencePaid(Self.paid("2024-01-01", 1)))
    var amendment = TransactionAmended(transaction: txID(1))
    amendment.amount = eur("961.20")
    amendment.previous = added
    let amended = try await harness.given(.transactionAmended(amendment))
    #expect(try statuses(harness, today: "2024-01-15").first == "2024-01-01>2024-01-01 paid 961.20 EUR")
    var now = added
    now.amount = eur("961.20")
    try await harness.given(.transactionDeleted(TransactionDeleted(transaction: txID(1), reason: "x", deleted: now)))
    #expect(try statuses(harness, today: "2024-01-15").first == "2024-01-01>2024-01-01 overdue")
    try await harness.given(.transactionRestored(TransactionRestored(transaction: now, reason: "back")))
    #expect(try statuses(harness, today: "2024-01-15").first == "2024-01-01>2024-01-01 paid 961.20 EUR")
    // as known right after the amendment: paid, at the amended amount
    #expect(
      try statuses(harness, today: "2024-01-15", asKnownAt: amended).first == "2024-01-01>2024-01-01 paid 961.20 EUR")
  }

  @Test("given changes, a pause and an end, when rebuilt by re-projection, then it answers as the inline fold did")
  func rebuildAnswersAsInline() async throws {
    let harness = try await ProjectionHarness([SchedulesProjector()])
    var raised = Self.terms
    raised.amount = eur("1000")
    let created = try await harness.given(.scheduleCreated(ScheduleCreated(schedule: Self.rent, terms: Self.terms)))
    try await harness.given(
      .scheduleChanged(ScheduleChanged(schedule: Self.rent, from: day("2024-03-01"), terms: raised)),
      .schedulePaused(SchedulePaused(schedule: Self.rent, from: day("2024-04-15"))),
      .scheduleResumed(ScheduleResumed(schedule: Self.rent, on: day("2024-05-01"))),
      .scheduleEnded(ScheduleEnded(schedule: Self.rent, after: day("2024-04-30"))),
      .scheduleOccurrencePaid(Self.paid("2024-03-01", 3, amount: "1000")))
    let inline = try statuses(harness, today: "2024-04-10")
    #expect(
      inline == [
        "2024-01-01>2024-01-01 overdue", "2024-02-01>2024-02-01 overdue", "2024-03-01>2024-03-01 paid 1000.00 EUR",
        "2024-04-01>2024-04-01 overdue",
      ])
    try await harness.engine.rebuild()
    #expect(try statuses(harness, today: "2024-04-10") == inline)
    // as known when it was created: every month, at 950, nothing paid
    #expect(try statuses(harness, today: "2024-04-10", asKnownAt: created).count == 5)
  }

  @Test(
    "given a cache, when a schedule changes after a read, then the next read sees it; as known before, the earlier tables"
  )
  func cacheFollowsTheStamp() async throws {
    let harness = try await ProjectionHarness([SchedulesProjector()])
    let cache = ScheduleCache()
    let created = try await harness.given(.scheduleCreated(ScheduleCreated(schedule: Self.rent, terms: Self.terms)))
    func reasons(asKnownAt: UInt64 = .max) throws -> [String] {
      try harness.read { reader in
        let queries = ScheduleQueries(reader, cache: cache)
        return try queries.occurrences(
          dueFrom: day("2024-02-01"), through: day("2024-02-29"), today: day("2024-03-01"), asKnownAt: asKnownAt
        ).map { "\($0.status.rawValue) \($0.skipReason ?? "-")" }
      }
    }
    #expect(try reasons() == ["overdue -"])
    try await harness.given(
      .scheduleOccurrenceSkipped(
        ScheduleOccurrenceSkipped(schedule: Self.rent, date: day("2024-02-01"), reason: "holiday ✓")))
    #expect(try reasons() == ["skipped holiday ✓"])
    #expect(try reasons(asKnownAt: created) == ["overdue -"])
    #expect(try reasons() == ["skipped holiday ✓"])
    // a paid transfer's row reads back whole
    let transfer = ScheduleOccurrencePaid(
      schedule: Self.rent, date: day("2024-03-01"), transfer: TransferID(raw: EntityID(high: 7, low: 9)),
      source: .matched, amount: eur("950"), paidOn: day("2024-03-04"))
    try await harness.given(.scheduleOccurrencePaid(transfer))
    let paid = try harness.read { reader in
      try ScheduleQueries(reader, cache: cache).occurrences(
        dueFrom: day("2024-03-01"), through: day("2024-03-01"), today: day("2024-03-10"))
    }
    #expect(paid.first?.payment == transfer)
  }
}
