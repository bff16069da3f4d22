import EventLog
import Ledger
import LedgerDomain
import LedgerTesting
import Testing

@Suite("Ledger: commands through the real log")
struct LedgerExecuteTests {
  @Test("given a new ledger, when set up, then the log holds LedgerCreated, 9 categories and the account, each in its stream")
  func setupIsRecorded() async throws {
    let fixture = try await LedgerFixture()
    let events = try fixture.ledger.log.all()

    #expect(events.count == 11)
    #expect(events[0].type == "LedgerCreated" && events[0].stream == "ledger")
    #expect(events[1].stream == "category-\(DefaultCategories.id(1))")
    #expect(events[10].type == "AccountOpened" && events[10].stream == "account-\(Scenario.checking)")
    #expect(fixture.ledger.state.categories.count == 9)
    #expect(fixture.ledger.position == 11)
  }

  @Test("given a ledger, when a rule refuses a command, then the error is the rule's and the log is unchanged")
  func rejectionChangesNothing() async throws {
    let fixture = try await LedgerFixture()
    let before = try fixture.ledger.log.head()

    let error = await #expect(throws: LedgerError.self) {
      try await fixture.ledger.execute(.createCategory(CreateCategory(name: "food")))
    }

    #expect(error == .rejected(.categoryNameTaken(name: "food")))
    #expect(try fixture.ledger.log.head() == before)
    #expect(fixture.ledger.state.categories.count == 9)
  }

  @Test("given transactions, when the ledger is reopened, then the folded state is the same")
  func reopenFoldsTheSameState() async throws {
    let directory = TemporaryDirectory()
    let path = directory.file("reopen.ledger")
    let stateBefore: LedgerState
    do {
      let ledger = try await Ledger(path: path, options: LedgerFixture.options)
      try await ledger.execute(.createLedger(LedgerCreated(name: "Home", baseCurrency: .eur)))
      try await ledger.execute(.openAccount(OpenAccount(account: Scenario.checking, name: "Checking", type: .checking, date: day("2024-01-01"))))
      try await ledger.execute(.addTransaction(expense(1, "12.30")))
      var amendment = TransactionAmended(transaction: txID(1))
      amendment.amount = eur("13.20")
      try await ledger.execute(.amendTransaction(amendment, expectedVersion: 1))
      stateBefore = ledger.state
    }

    let reopened = try await Ledger(path: path, options: LedgerFixture.options)

    #expect(reopened.state == stateBefore)
    #expect(reopened.state.transactions[txID(1)]?.added.amount == eur("13.20"))
    #expect(reopened.state.transactions[txID(1)]?.version == 2)
  }

  @Test("given a command with an idempotency key, when retried, then the first positions come back and nothing is added")
  func idempotentCommands() async throws {
    let fixture = try await LedgerFixture()
    let first = try await fixture.ledger.execute(.addTransaction(expense(1, "5")), idempotencyKey: "import-line-7")

    let retry = try await fixture.ledger.execute(.addTransaction(expense(1, "5")), idempotencyKey: "import-line-7")

    #expect(!first.wasDuplicate && retry.wasDuplicate)
    #expect(retry.positions == first.positions)
    #expect(try fixture.ledger.log.head().position == first.positions.upperBound)
  }

  @Test("given 8 tasks creating 'Travel' at once, when they race, then exactly one wins and 7 are told the name is taken")
  func rulesHoldUnderConcurrency() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger

    let results = await withTaskGroup(of: Result<CommandOutcome, LedgerError>.self) { group in
      for _ in 0..<8 {
        group.addTask {
          do throws(LedgerError) { return .success(try await ledger.execute(.createCategory(CreateCategory(name: "Travel")))) }
          catch { return .failure(error) }
        }
      }
      return await group.reduce(into: [Result<CommandOutcome, LedgerError>]()) { $0.append($1) }
    }

    let failures = results.compactMap { if case .failure(let e) = $0 { e } else { nil } }
    #expect(results.count - failures.count == 1)
    #expect(failures.allSatisfy { $0 == .rejected(.categoryNameTaken(name: "Travel")) })
    #expect(ledger.state.categories.values.filter { $0.name == "Travel" }.count == 1)
  }

  @Test("given one transaction, when 6 editors amend it at version 1 concurrently, then one wins and the rest are stale")
  func noLostUpdates() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    try await ledger.execute(.addTransaction(expense(1, "10")))

    let winners = await withTaskGroup(of: Bool.self) { group in
      for editor in 1...6 {
        group.addTask {
          var amendment = TransactionAmended(transaction: txID(1))
          amendment.name = "Editor \(editor)"
          return (try? await ledger.execute(.amendTransaction(amendment, expectedVersion: 1))) != nil
        }
      }
      return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
    }

    #expect(winners == 1)
    #expect(ledger.state.transactions[txID(1)]?.version == 2)
    #expect(try ledger.log.version(of: try StreamName(txID(1).stream)) == 2)
  }

  @Test("given events in the log, when a period closes, then its seal is the chain head at that moment")
  func periodSealIsTheChainHead() async throws {
    let fixture = try await LedgerFixture()
    let period = PeriodID.random()
    try await fixture.ledger.execute(.openPeriod(OpenPeriod(period: period, name: "March", start: day("2024-03-01"), end: day("2024-03-31"))))
    let headBefore = try fixture.ledger.log.head()

    let outcome = try await fixture.ledger.execute(.closePeriod(period, end: nil))

    guard case .periodClosed(let closed) = outcome.events.first else { Issue.record("got \(outcome.events)"); return }
    #expect(closed.seal == headBefore.hash.hex)
    #expect(outcome.positions == (headBefore.position + 1)...(headBefore.position + 1))
  }

  @Test("given a command, when it runs with an actor, then the envelope records who did it")
  func actorIsRecorded() async throws {
    let fixture = try await LedgerFixture()
    let outcome = try await fixture.ledger.execute(.addTransaction(expense(1, "3")), metadata: EventMetadata(actor: "ana"))

    #expect(try fixture.ledger.log.event(at: outcome.positions.lowerBound)?.metadata.actor == "ana")
  }
}
