import LedgerCodec
import LedgerDomain
import LedgerTesting
import Testing

@Suite("Rules: schedules")
struct ScheduleRulesTests {
  let rent = ScheduleID(raw: EntityID(high: 0x5C, low: 1))

  /// Rent, 950 EUR on the 1st of every month from January 2024, today 2024-03-31.
  func rentTerms(amount: String = "950") -> ScheduleTerms {
    ScheduleTerms(
      name: "Rent", kind: .expense, amount: eur(amount), account: Scenario.checking, category: Scenario.bills,
      recurrence: Recurrence(unit: .month, dayOfMonth: 1, start: day("2024-01-01")))
  }

  func withRent() throws -> Scenario {
    var scenario = Scenario.standard()
    try scenario.run(.createSchedule(rent, terms: rentTerms()))
    return scenario
  }

  func reason(_ body: () throws(DomainError) -> Void) -> String {
    do {
      try body()
      return "accepted"
    } catch {
      return error.description
    }
  }

  func pay(_ date: String, id: UInt64) -> LedgerCommand {
    .payOccurrence(
      PayOccurrence(
        schedule: rent, date: day(date), payment: .record(id: EntityID(high: 0x7000, low: id), date: nil, amount: nil),
        source: .entered))
  }

  @Test("given a ledger, when a schedule is created with spaces around its name, then it is recorded trimmed")
  func creates() throws {
    var terms = rentTerms()
    terms.name = "  Rent "
    let events = try Scenario.standard().when(.createSchedule(rent, terms: terms))
    guard case .scheduleCreated(let created) = events.first else {
      Issue.record("\(events)")
      return
    }
    #expect(created.terms.name == "Rent" && events.count == 1)
  }

  @Test("given a ledger, when schedules break a rule, then each is refused saying what to do")
  func refusals() throws {
    let scenario = try withRent()
    func refused(_ change: (inout ScheduleTerms) -> Void) -> String {
      var terms = rentTerms()
      terms.name = "Other"
      change(&terms)
      return reason { () throws(DomainError) in _ = try scenario.when(.createSchedule(.random(), terms: terms)) }
    }
    #expect(refused { $0.name = "rent" }.contains("a schedule named 'Rent' already exists"))
    #expect(refused { $0.name = String(repeating: "x", count: 101) }.contains("name"))
    #expect(refused { $0.name = "  " }.contains("name"))
    #expect(refused { $0.amount = eur("0") }.contains("must be more than zero"))
    #expect(refused { $0.amount = Money(units: 10_000, currency: .usd) }.contains("must be in EUR"))
    #expect(refused { $0.category = Scenario.income }.contains("is an income category"))
    #expect(refused { $0.category = nil }.contains("category: is required"))
    #expect(refused { $0.reminderDays = 61 }.contains("reminder days: 61 is outside 0–60"))
    #expect(refused { $0.recurrence.endDate = day("2023-12-31") }.contains("before the start"))
    #expect(
      refused {
        $0.recurrence = Recurrence(unit: .month, dayOfMonth: 31, start: day("2024-03-01"), endDate: day("2024-03-15"))
      }.contains("never occurs"))
    #expect(refused { $0.recurrence.start = day("2023-06-01") }.contains("before"))
    #expect(
      refused {
        $0.kind = .transfer
        $0.category = nil
        $0.toAccount = Scenario.checking
      }.contains("a transfer needs two different accounts"))
    var closed = scenario
    try closed.run(.closeAccount(Scenario.checking, date: day("2024-03-31")))
    #expect(
      reason { () throws(DomainError) in _ = try closed.when(.createSchedule(.random(), terms: rentTerms())) }
        .contains("account 'Checking' is closed"))
  }

  @Test("given Rent, when an occurrence is paid, then a transaction is recorded on its due date and linked")
  func payRecordsATransaction() throws {
    let events = try withRent().when(pay("2024-03-01", id: 1))
    guard events.count == 2, case .transactionAdded(let added) = events[0],
      case .scheduleOccurrencePaid(let paid) = events[1]
    else {
      Issue.record("\(events)")
      return
    }
    #expect(added.date == day("2024-03-01") && added.amount == eur("950") && added.category == Scenario.bills)
    #expect(paid.transaction == added.transaction && paid.date == day("2024-03-01") && paid.amount == eur("950"))
  }

  @Test(
    "given Rent due 2024-04-01 and today 2024-03-31, when it is paid early, then the transaction is dated today and that occurrence is paid"
  )
  func payEarlyRecordsToday() throws {
    let events = try withRent().when(pay("2024-04-01", id: 1))
    guard events.count == 2, case .transactionAdded(let added) = events[0],
      case .scheduleOccurrencePaid(let paid) = events[1]
    else {
      Issue.record("\(events)")
      return
    }
    // Not dated on the future due day (which the rules refuse): paid today, for April's rent.
    #expect(added.date == day("2024-03-31") && added.amount == eur("950"))
    #expect(paid.date == day("2024-04-01") && paid.paidOn == day("2024-03-31") && paid.transaction == added.transaction)
    // A date given still wins — and a future one is still refused.
    let dated = LedgerCommand.payOccurrence(
      PayOccurrence(
        schedule: rent, date: day("2024-04-01"),
        payment: .record(id: EntityID(high: 0x7A, low: 2), date: day("2024-03-29"), amount: nil),
        source: .entered))
    guard case .transactionAdded(let given) = try withRent().when(dated).first else {
      Issue.record("no transaction")
      return
    }
    #expect(given.date == day("2024-03-29"))
    let future = LedgerCommand.payOccurrence(
      PayOccurrence(
        schedule: rent, date: day("2024-04-01"),
        payment: .record(id: EntityID(high: 0x7A, low: 3), date: day("2024-04-01"), amount: nil),
        source: .entered))
    let scenario = try withRent()
    #expect(reason { () throws(DomainError) in _ = try scenario.when(future) }.contains("is in the future"))
  }

  @Test("given a paid occurrence, when it is paid again, or its transaction pays another, then both are refused")
  func paidOnce() throws {
    var scenario = try withRent()
    try scenario.run(pay("2024-03-01", id: 1))
    #expect(
      reason { () throws(DomainError) in _ = try scenario.when(pay("2024-03-01", id: 2)) }.contains("already paid"))
    let link = LedgerCommand.payOccurrence(
      PayOccurrence(schedule: rent, date: day("2024-02-01"), payment: .link(txID(1)), source: .matched))
    #expect(
      reason { () throws(DomainError) in _ = try scenario.when(link) }.contains("a transaction pays one occurrence"))
    // when the paying transaction is deleted, then the occurrence may be paid again
    try scenario.run(.deleteTransaction(txID(1), reason: "wrong", expectedVersion: nil))
    #expect(try scenario.when(pay("2024-03-01", id: 2)).count == 2)
  }

  @Test("given Rent on the 1st, when a day that is not an occurrence is paid, then refused naming the next one")
  func notAnOccurrence() throws {
    let scenario = try withRent()
    #expect(
      reason { () throws(DomainError) in _ = try scenario.when(pay("2024-03-02", id: 1)) }
        .contains("has no occurrence on 2024-03-02; the next one is on 2024-04-01"))
  }

  @Test("given a skipped occurrence, when it is paid, then refused; unskipped, then it can be")
  func skipped() throws {
    var scenario = try withRent()
    try scenario.run(.skipOccurrence(rent, date: day("2024-02-01"), reason: "holiday"))
    #expect(reason { () throws(DomainError) in _ = try scenario.when(pay("2024-02-01", id: 1)) }.contains("skipped"))
    try scenario.run(.unskipOccurrence(rent, date: day("2024-02-01")))
    #expect(try scenario.when(pay("2024-02-01", id: 1)).count == 2)
  }

  @Test("given Rent changed to 1,000 from April, then March keeps 950 and April has 1,000")
  func changeFromADate() throws {
    var scenario = try withRent()
    try scenario.run(.changeSchedule(rent, from: day("2024-04-01"), terms: rentTerms(amount: "1000")))
    let timeline = try #require(scenario.state.schedules[rent]).timeline
    let amounts = timeline.occurrences(from: day("2024-03-01"), through: day("2024-05-01")).map(\.terms.amount)
    #expect(amounts == [eur("950"), eur("1000"), eur("1000")])
    #expect(
      reason { () throws(DomainError) in
        _ = try scenario.when(.changeSchedule(rent, from: day("2024-03-01"), terms: rentTerms(amount: "990")))
      }.contains("already changes on 2024-04-01"))
    #expect(
      reason { () throws(DomainError) in
        _ = try scenario.when(.changeSchedule(rent, from: day("2023-12-01"), terms: rentTerms(amount: "990")))
      }.contains("before the schedule starts"))
  }

  @Test("given a paused schedule, when a paused occurrence is paid, then refused; resumed before the pause, refused")
  func pauses() throws {
    var scenario = try withRent()
    try scenario.run(.pauseSchedule(rent, from: day("2024-02-15")))
    #expect(reason { () throws(DomainError) in _ = try scenario.when(pay("2024-03-01", id: 1)) }.contains("paused"))
    #expect(
      reason { () throws(DomainError) in _ = try scenario.when(.resumeSchedule(rent, on: day("2024-02-01"))) }
        .contains("before the pause began"))
    try scenario.run(.resumeSchedule(rent, on: day("2024-03-01")))
    #expect(try scenario.when(pay("2024-03-01", id: 1)).count == 2)
  }

  @Test("given Rent changed from April and ended, when undo's commands take each back, then the terms and end return")
  func withdrawAndReinstate() throws {
    // Given Rent at 1,000 from April, ended after June
    var scenario = try withRent()
    try scenario.run(.changeSchedule(rent, from: day("2024-04-01"), terms: rentTerms(amount: "1000")))
    try scenario.run(.endSchedule(rent, after: day("2024-06-30")))
    // When a change that was never made, or the first terms, are withdrawn: refused
    #expect(
      reason { () throws(DomainError) in _ = try scenario.when(.withdrawScheduleChange(rent, from: day("2024-05-01"))) }
        .contains("the schedule has no change from 2024-05-01"))
    #expect(
      reason { () throws(DomainError) in _ = try scenario.when(.withdrawScheduleChange(rent, from: day("2024-01-01"))) }
        .contains("cannot be withdrawn; delete it instead"))
    // When April's change is withdrawn and the end reinstated as open
    try scenario.run(.withdrawScheduleChange(rent, from: day("2024-04-01")))
    #expect(
      reason { () throws(DomainError) in _ = try scenario.when(.reinstateSchedule(rent, endedAfter: day("2024-06-30")))
      }
        == DomainError.nothingToChange.description)
    let events = try scenario.when(.reinstateSchedule(rent, endedAfter: nil))
    scenario.state.apply(events)
    // Then April is 950 again and the schedule goes on past June
    let timeline = try #require(scenario.state.schedules[rent]).timeline
    #expect(timeline.endedAfter == nil)
    let amounts = timeline.occurrences(from: day("2024-03-01"), through: day("2024-08-01")).map(\.terms.amount)
    #expect(amounts == Array(repeating: eur("950"), count: 6))
  }

  @Test("given a paid March, when it is unpaid, then the payment is named and February, not paid, is refused")
  func unpay() throws {
    var scenario = try withRent()
    try scenario.run(pay("2024-03-01", id: 1))
    #expect(
      reason { () throws(DomainError) in _ = try scenario.when(.unpayOccurrence(rent, date: day("2024-02-01"))) }
        .contains("'Rent' of 2024-02-01 is not paid"))
    let events = try scenario.when(.unpayOccurrence(rent, date: day("2024-03-01")))
    guard case .scheduleOccurrenceUnpaid(let unpaid) = events.first, events.count == 1 else {
      Issue.record("\(events)")
      return
    }
    #expect(
      unpaid.date == day("2024-03-01") && unpaid.paid.transaction == TransactionID(raw: EntityID(high: 0x7000, low: 1)))
    scenario.state.apply(events)
    #expect(scenario.state.payment(of: rent, on: day("2024-03-01")) == nil)
  }

  @Test("given a paid March, when the schedule is ended in February or deleted, then both are refused")
  func endAndDeleteKeepPayments() throws {
    var scenario = try withRent()
    try scenario.run(pay("2024-03-01", id: 1))
    #expect(
      reason { () throws(DomainError) in _ = try scenario.when(.endSchedule(rent, after: day("2024-02-15"))) }
        .contains("the occurrence of 2024-03-01 is paid"))
    #expect(
      reason { () throws(DomainError) in _ = try scenario.when(.deleteSchedule(rent, reason: "x")) }
        .contains("end it instead"))
  }

  @Test("given each schedule command, when its events are compensated, then the state is as before (undo)")
  func compensationsRestoreTheState() throws {
    let base = try withRent()
    let commands: [LedgerCommand] = [
      .changeSchedule(rent, from: day("2024-04-01"), terms: rentTerms(amount: "1000")),
      .pauseSchedule(rent, from: day("2024-02-15")), .endSchedule(rent, after: day("2024-06-30")),
      pay("2024-03-01", id: 1), .skipOccurrence(rent, date: day("2024-02-01"), reason: nil),
      .createSchedule(
        ScheduleID(raw: EntityID(high: 0x5C, low: 2)),
        terms: {
          var t = rentTerms(); t.name = "Gym"; return t
        }()),
    ]
    for command in commands {
      var scenario = base
      let before = scenario.state
      let events = try scenario.when(command)
      scenario.state.apply(events)
      for undo in try compensation(for: events, before: before, today: scenario.today) { try scenario.run(undo) }
      // Deleting is how a creation is undone: the schedule stays, deleted.
      if case .createSchedule(let id, _) = command {
        #expect(scenario.state.schedules[id]?.isDeleted == true)
        continue
      }
      let after = try #require(scenario.state.schedules[rent])
      let was = try #require(before.schedules[rent])
      #expect(
        after.timeline.occurrences(from: day("2024-01-01"), through: day("2024-12-31"))
          == was.timeline.occurrences(from: day("2024-01-01"), through: day("2024-12-31")), "\(command)")
      #expect(scenario.state.payment(of: rent, on: day("2024-03-01")) == nil && after.skipped.isEmpty, "\(command)")
    }
  }

  @Test("given schedules with changes, pauses, payments and skips, when the state is stored and read back, then equal")
  func snapshotRoundTrip() throws {
    var scenario = try withRent()
    try scenario.run(.changeSchedule(rent, from: day("2024-04-01"), terms: rentTerms(amount: "1000")))
    try scenario.run(.pauseSchedule(rent, from: day("2024-05-15")))
    try scenario.run(pay("2024-03-01", id: 1))
    try scenario.run(.skipOccurrence(rent, date: day("2024-02-01"), reason: "away"))
    let bytes = try scenario.state.snapshotPayload()
    let read = try LedgerState(snapshotPayload: bytes, transactions: scenario.state.transactions)
    #expect(read == scenario.state)
  }
}
