import EventLog
import Ledger
import LedgerDomain
import LedgerTesting
import Testing

@Suite("Restore: a backup that cannot be a ledger's history is refused")
struct RestoreCheckTests {
  /// A ledger's history: created, an account, two transactions.
  let history: [LedgerEvent] = [
    .ledgerCreated(LedgerCreated(name: "Home", baseCurrency: .eur)),
    .accountOpened(
      AccountOpened(
        account: Scenario.checking, name: "Checking", type: .checking, currency: .eur, openingBalance: eur("100"),
        date: day("2024-01-01"))),
    .transactionAdded(expense(1, "12.50")),
    .transactionAdded(expense(2, "7.25")),
  ]

  func restoring(_ events: [LedgerEvent]) async throws -> (fixture: LedgerFixture, error: LedgerError?) {
    let fixture = try await LedgerFixture(created: false)
    do {
      try await fixture.ledger.restore(
        events.map { RestoredEvent(event: $0, metadata: EventMetadata(), recordedAt: nil) })
      return (fixture, nil)
    } catch {
      return (fixture, error)
    }
  }

  @Test("given a whole history, when restored, then every event is in the new ledger")
  func wholeHistoryRestores() async throws {
    let (fixture, error) = try await restoring(history)
    #expect(error == nil)
    #expect(fixture.ledger.position == 4)
    // The readers' state after the restore is the one the log folds into.
    let reopened = try await Ledger(path: fixture.path, options: LedgerFixture.options)
    #expect(fixture.ledger.state == reopened.state)
    #expect(fixture.ledger.state.transactions.count == 2)
  }

  @Test(
    "given a backup without its LedgerCreated, one that creates the ledger twice, one with a transaction added twice, on an account that does not exist, or with an amount beyond the limit, when restored, then refused naming the event, and nothing is written"
  )
  func damagedBackupsAreRefused() async throws {
    var beyond = expense(3, "1.00")
    beyond.amount = Money(units: Money.maximumAmount + 1, currency: .eur)
    var elsewhere = expense(4, "1.00")
    elsewhere.account = AccountID(raw: EntityID(high: 0xDEAD, low: 1))
    let cases: [(events: [LedgerEvent], says: String)] = [
      (
        Array(history.dropFirst()),
        "event 1 (AccountOpened) comes first, but a ledger's history starts with LedgerCreated"
      ),
      (history + [history[0]], "event 5 (LedgerCreated) creates the ledger a second time"),
      (history + [history[2]], "event 5 (TransactionAdded) adds transaction"),
      (history + [.transactionAdded(elsewhere)], "which does not exist"),
      (history + [.transactionAdded(beyond)], "beyond the ledger's limit"),
      (
        history + [
          .openingBalanceChanged(
            OpeningBalanceChanged(
              account: Scenario.checking, previous: eur("5"), balance: eur("7"), date: day("2024-01-01")))
        ], "from an amount it did not have"
      ),
      (
        history + [
          .openingBalanceChanged(
            OpeningBalanceChanged(
              account: Scenario.checking, previous: eur("100"), balance: Money(units: 7, currency: .usd),
              date: day("2024-01-01")))
        ], "in another currency than its own"
      ),
      ([], "holds no events"),
    ]
    for (events, says) in cases {
      let (fixture, error) = try await restoring(events)
      #expect(error?.description.contains(says) == true, "\(String(describing: error))")
      #expect(error?.description.contains("nothing was restored") == true)
      #expect(fixture.ledger.position == 0)
    }
  }

  @Test(
    "given a backup adding a goal twice, on an account never opened, or contributing to a goal never added or by a transfer never made, when restored, then refused"
  )
  func damagedGoalsAreRefused() async throws {
    let goal = GoalID(raw: EntityID(high: 0x60A1, low: 1))
    let added = LedgerEvent.goalAdded(
      GoalAdded(
        goal: goal, settings: GoalSettings(name: "Trip", target: eur("100")), startDate: day("2024-01-01"),
        funding: .account(Scenario.checking)))
    let elsewhere = LedgerEvent.goalAdded(
      GoalAdded(
        goal: GoalID(raw: EntityID(high: 0x60A1, low: 2)), settings: GoalSettings(name: "X", target: eur("1")),
        startDate: day("2024-01-01"), funding: .account(AccountID(raw: EntityID(high: 0xDEAD, low: 1)))))
    let contributed = LedgerEvent.goalContributed(
      GoalContributed(
        goal: goal, contribution: EntityID(high: 0xE, low: 1), date: day("2024-01-02"), amount: eur("5"),
        source: .manual, transfer: TransferID(raw: EntityID(high: 0x7B, low: 9))))
    let cases: [(events: [LedgerEvent], says: String)] = [
      (history + [added, added], "adds goal"),
      (history + [elsewhere], "never opened"),
      (history + [contributed], "never added"),
      (history + [added, contributed], "links transfer"),
    ]
    for (events, says) in cases {
      let (fixture, error) = try await restoring(events)
      #expect(error?.description.contains(says) == true, "\(String(describing: error))")
      #expect(fixture.ledger.position == 0)
    }
    #expect(try await restoring(history + [added]).error == nil)
  }

  @Test(
    "given a backup entry of schema version 1 whose RolloverSet names a month other than the one it was recorded in, when restored, then refused; version 7, then refused"
  )
  func versionsAreChecked() async throws {
    let fixture = try await LedgerFixture(created: false)
    let march2024: Int64 = 1_709_251_200_000  // 2024-03-01T00:00:00Z
    let rollover = LedgerEvent.rolloverSet(
      RolloverSet(
        category: DefaultCategories.events()[0].category, carryUnspent: true, carryOverspent: false,
        from: month("2024-01")))
    let january2024: Int64 = 1_704_067_200_000  // 2024-01-01T00:00:00Z
    var events = history.map { RestoredEvent(event: $0, metadata: EventMetadata(), recordedAt: january2024) }
    events.insert(
      RestoredEvent(
        event: .categoryCreated(DefaultCategories.events()[0]), metadata: EventMetadata(), recordedAt: january2024),
      at: 1)
    let cases: [(RestoredEvent, String)] = [
      (
        RestoredEvent(event: rollover, metadata: EventMetadata(), recordedAt: march2024, schemaVersion: 1),
        "names month 2024-01"
      ),
      (
        RestoredEvent(event: rollover, metadata: EventMetadata(), recordedAt: march2024, schemaVersion: 7),
        "names schema version 7"
      ),
    ]
    for (bad, says) in cases {
      do {
        try await fixture.ledger.restore(events + [bad])
        Issue.record("restored \(says)")
      } catch {
        #expect(error.description.contains(says), "\(error)")
      }
      #expect(fixture.ledger.position == 0)
    }
    var fine = cases[0].0
    fine.recordedAt = january2024  // the month it names
    try await fixture.ledger.restore(events + [fine])
    #expect(fixture.ledger.position == UInt64(events.count + 1))
  }
}
