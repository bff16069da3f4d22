import EventLog
import Ledger
import LedgerDomain
import LedgerTesting
import Testing

/// On a device every change is kept in its outbox until the hub takes it: recorded there with
/// the positions it holds in the working ledger, never for a refused command, settled after a
/// crash by its key, its edits pinned to the versions the device saw; conflicts are retried
/// on top of the hub's version or dropped.
@Suite struct OutboxJournalTests {
  @Test func aCommandOnADeviceIsPendingInTheOutboxAtItsPositions() async throws {
    // Given a device of a hub
    let fixture = try await DeviceFixture()
    #expect(fixture.device.isDevice)
    #expect(try fixture.device.outboxEntries().isEmpty)
    // When a transaction is added on it
    let command = LedgerCommand.addTransaction(expense(10, "5.00"))
    let outcome = try await fixture.device.execute(command, metadata: EventMetadata(actor: "cli:anna"))
    // Then it is in the working ledger, and pending in the outbox with its positions and actor
    #expect(fixture.device.state.transactions[txID(10)] != nil)
    let entries = try fixture.device.outboxEntries()
    #expect(entries.count == 1)
    #expect(entries.first?.state == .pending)
    #expect(entries.first?.commands == [command])
    #expect(entries.first?.atomic == false)
    #expect(entries.first?.actor == "cli:anna")
    #expect(entries.first?.positions == [outcome.positions.lowerBound, outcome.positions.upperBound])
    #expect(entries.first?.key.hasPrefix("outbox:") == true)
    // And the hub's own ledger is no device: its commands keep no outbox
    #expect(!fixture.hub.ledger.isDevice)
  }

  @Test func aRefusedCommandLeavesNoEntry() async throws {
    // Given a device of a hub
    let fixture = try await DeviceFixture()
    let before = fixture.device.position
    // When a command the rules refuse is run on it (an expense dated after today)
    await #expect(throws: LedgerError.self) {
      try await fixture.device.execute(.addTransaction(expense(11, "5.00", on: "2030-01-01")))
    }
    // Then nothing is recorded, and the outbox is empty again
    #expect(fixture.device.position == before)
    #expect(try fixture.device.outboxEntries().isEmpty)
  }

  @Test func entriesACrashLeftRecordingAreSettledByTheirKey() async throws {
    // Given a device whose outbox holds two entries a crash left recording: the first ran
    // (its events committed under its key), the second never did
    let fixture = try await DeviceFixture()
    let ran = try fixture.outbox.add(
      [.addTransaction(expense(20, "1.00"))], atomic: false, key: "crash-ran", actor: "cli", now: 0)
    let outcomes = try await fixture.device.replay(ran)
    let lost = try fixture.outbox.add(
      [.addTransaction(expense(21, "2.00"))], atomic: false, key: "crash-lost", actor: "cli", now: 0)
    #expect(try fixture.device.outboxEntries().map(\.state) == [.recording, .recording])
    // When the interrupted entries are settled
    try fixture.device.settleInterruptedEntries()
    // Then the one that ran is pending at its positions, and the other is gone
    let entries = try fixture.device.outboxEntries()
    #expect(entries.map(\.id) == [ran.id])
    #expect(entries.first?.state == .pending)
    #expect(entries.first?.positions == [outcomes[0].positions.lowerBound, outcomes[0].positions.upperBound])
    #expect(fixture.device.state.transactions[txID(21)] == nil)
    #expect(!entries.contains { $0.id == lost.id })
  }

  @Test func anAtomicChangeIsOneEntry() async throws {
    // Given a device
    let fixture = try await DeviceFixture()
    // When two transactions are added all or nothing
    let commands: [LedgerCommand] = [.addTransaction(expense(30, "1.00")), .addTransaction(expense(31, "2.00"))]
    let outcomes = try await fixture.device.execute(atomically: commands)
    // Then the outbox holds one atomic entry with both, spanning both commands' positions
    let entries = try fixture.device.outboxEntries()
    #expect(entries.count == 1)
    #expect(entries.first?.atomic == true)
    #expect(entries.first?.commands == commands)
    #expect(entries.first?.state == .pending)
    #expect(entries.first?.positions == [outcomes[0].positions.lowerBound, outcomes[1].positions.upperBound])
  }

  @Test func anEditWithoutAnExpectedVersionIsPinnedToTheDevicesVersion() async throws {
    // Given a transaction on the hub, amended once (version 2), cloned to a device
    let hub = try await LedgerFixture()
    try await hub.ledger.execute(.addTransaction(expense(1, "10.00")))
    var first = TransactionAmended(transaction: txID(1))
    first.name = "Market"
    try await hub.ledger.execute(.amendTransaction(first, expectedVersion: nil))
    let fixture = try await DeviceFixture(hub: hub)
    // When the device amends it, and deletes another, without saying which versions they edit
    var amendment = TransactionAmended(transaction: txID(1))
    amendment.amount = eur("12.00")
    try await fixture.device.execute(.amendTransaction(amendment, expectedVersion: nil))
    try await fixture.device.execute(.addTransaction(expense(2, "3.00")))
    try await fixture.device.execute(.deleteTransaction(txID(2), reason: "typo", expectedVersion: nil))
    // Then the outbox keeps them pinned to the versions the device held
    let commands = try fixture.device.outboxEntries().flatMap(\.commands)
    #expect(commands.first == .amendTransaction(amendment, expectedVersion: 2))
    #expect(commands.last == .deleteTransaction(txID(2), reason: "typo", expectedVersion: 1))
    // And one that names its version keeps it
    var named = TransactionAmended(transaction: txID(1))
    named.name = "Bakery"
    try await fixture.device.execute(.amendTransaction(named, expectedVersion: 3))
    #expect(try fixture.device.outboxEntries().last?.commands == [.amendTransaction(named, expectedVersion: 3)])
  }

  @Test func aRetryUnderTheUsersKeyAddsNoSecondEntry() async throws {
    // Given a device, and a change made under the caller's own idempotency key
    let fixture = try await DeviceFixture()
    let key: IdempotencyKey = "phone-retry-1"
    let command = LedgerCommand.addTransaction(expense(40, "4.00"))
    let first = try await fixture.device.execute(command, idempotencyKey: key)
    // When the caller retries it under the same key
    let again = try await fixture.device.execute(command, idempotencyKey: key)
    // Then the retry is a duplicate, and the outbox holds one entry, under that key
    #expect(again.wasDuplicate)
    #expect(again.positions == first.positions)
    let entries = try fixture.device.outboxEntries()
    #expect(entries.count == 1)
    #expect(entries.first?.key == key.rawValue)
  }

  @Test func aRetriedConflictIsRepinnedAndPendingOnTopOfTheHubsVersion() async throws {
    // Given a transaction the hub amended (version 2) while a device's amendment of
    // version 1 was refused as a conflict; the device has pulled the hub's version
    let hub = try await LedgerFixture()
    try await hub.ledger.execute(.addTransaction(expense(1, "10.00")))
    var hubs = TransactionAmended(transaction: txID(1))
    hubs.name = "Market"
    try await hub.ledger.execute(.amendTransaction(hubs, expectedVersion: nil))
    let fixture = try await DeviceFixture(hub: hub)
    var mine = TransactionAmended(transaction: txID(1))
    mine.amount = eur("12.00")
    let conflict = try fixture.outbox.add(
      [.amendTransaction(mine, expectedVersion: 1)], atomic: false, key: "outbox:conflict", actor: "cli", now: 0)
    try fixture.markConflict(conflict.id)
    // When the conflict is retried
    let retried = try await fixture.device.retry(outboxEntry: conflict.id)
    // Then it expects the hub's version, is pending, and lands on top of the hub's amendment
    #expect(retried.state == .pending)
    #expect(retried.code == nil)
    #expect(retried.reason == nil)
    #expect(retried.commands == [.amendTransaction(mine, expectedVersion: 2)])
    #expect(retried.positions == [fixture.device.position, fixture.device.position])
    let record = fixture.device.state.transactions[txID(1)]
    #expect(record?.version == 3)
    #expect(record?.added.amount == eur("12.00"))
    #expect(record?.added.name == "Market")
    // And a pending entry is not retried
    await #expect(throws: LedgerError.self) { try await fixture.device.retry(outboxEntry: conflict.id) }
  }

  @Test func dropRefusesAPendingEntryAndRemovesAConflict() async throws {
    // Given a device with a pending change and a conflict
    let fixture = try await DeviceFixture()
    try await fixture.device.execute(.addTransaction(expense(50, "5.00")))
    let pending = try #require(try fixture.device.outboxEntries().first)
    let conflict = try fixture.outbox.add(
      [.addTransaction(expense(51, "6.00"))], atomic: false, key: "outbox:refused", actor: "cli", now: 0)
    try fixture.markConflict(conflict.id, code: "rule")
    // When the pending change is dropped, then that is refused, pointing to undo
    do {
      _ = try fixture.device.drop(outboxEntry: pending.id)
      Issue.record("a pending change was dropped")
    } catch {
      guard case .sync(.invalid(let message)) = error else {
        Issue.record("refused with \(error)")
        return
      }
      #expect(message.contains("budget undo"))
    }
    // When the conflict is dropped, then it leaves the outbox and the pending change stays
    let dropped = try fixture.device.drop(outboxEntry: conflict.id)
    #expect(dropped.id == conflict.id)
    #expect(try fixture.device.outboxEntries().map(\.id) == [pending.id])
    // And an unknown id is not found
    #expect(throws: LedgerError.sync(.notFound("no change 99 in the outbox; list them with: budget sync status"))) {
      try fixture.device.drop(outboxEntry: 99)
    }
  }

  @Test func aBulkLoadOnADeviceIsRefused() async throws {
    // Given a device
    let fixture = try await DeviceFixture()
    // When a bulk load (an import) starts on it
    do {
      _ = try await fixture.device.beginBulkLoad()
      Issue.record("a bulk load started on a device")
    } catch {
      // Then it is refused as the wrong role, saying to import on the hub
      guard case .sync(.wrongRole(let message)) = error else {
        Issue.record("refused with \(error)")
        return
      }
      #expect(message.contains("import the file on the hub"))
    }
    #expect(try fixture.device.outboxEntries().isEmpty)
  }
}
