import Foundation
import Ledger
import LedgerDomain
import LedgerTesting
import SyncClient
import Testing

/// A hub refuses what a device's token no longer (or never) allows, and the device loses
/// nothing it made: its changes stay pending in the outbox.
@Suite("Sync faults: revoked and read-only devices", .serialized)
struct SyncFaultAccessTests {
  /// A revoked device can neither pull nor push; its change waits in the outbox.
  @Test func aRevokedDeviceIsRefusedBothWays() async throws {
    // Given a cloned device, revoked on the hub, which then records a change
    let world = try await SyncWorld(devices: ["laptop"])
    defer { world.shutDown() }
    try await world.clone("laptop")
    _ = try DeviceRegistry(files: SyncFiles(ledger: world.hubPath)).revoke(name: "laptop", now: DeviceRegistry.now())
    try world.hubAddTransaction(name: "after-revocation", amount: "3.00")
    let replicaBefore = try await world.head(of: world.files("laptop").replica)
    let hubBefore = try world.hubHead()

    // When it syncs with nothing to push: the pull is refused
    await #expect(throws: HubError.self) { try await world.sync("laptop") }
    #expect(try await world.head(of: world.files("laptop").replica) == replicaBefore)

    // When it syncs with a change to push: the push is refused
    _ = try await world.onDevice("laptop") {
      try await $0.execute(.addTransaction(expense(1, "9.99", on: "2026-11-26")))
    }
    let error = await #expect(throws: HubError.self) { try await world.sync("laptop") }
    guard case .unauthorized = error else {
      Issue.record("a revoked device's push should be unauthorized, got \(String(describing: error))")
      return
    }

    // Then the hub has nothing of it, and the change is still pending on the device
    #expect(try world.hubHead() == hubBefore)
    #expect(try world.outbox("laptop").map(\.state) == [.pending])
    #expect(try await world.head(of: world.files("laptop").replica) == replicaBefore)
  }

  /// A read-only device pulls, but its push is refused and its change becomes a conflict.
  @Test func aReadOnlyDeviceMayPullButNotPush() async throws {
    // Given a read-only device cloned from a hub that then records a change of its own
    let world = try await SyncWorld(devices: ["phone"], readOnly: ["phone"])
    defer { world.shutDown() }
    try await world.clone("phone")
    try world.hubAddTransaction(name: "on-the-hub", amount: "4.00")

    // When it syncs with nothing to push, it pulls the hub's change
    let pulled = try await world.sync("phone")
    #expect(pulled.pulled == 1)
    #expect(try pulled.head == world.hubHead())

    // When it records a change and syncs
    _ = try await world.onDevice("phone") {
      try await $0.execute(.addTransaction(expense(2, "5.00", on: "2026-11-26")))
    }
    let key = try world.outbox("phone").first?.key
    let refused = try await world.sync("phone")
    #expect(refused.refused?.contains("read-only") == true, "a read-only device's push is refused: \(refused)")
    #expect(refused.pushed == 0 && refused.conflicts == 1 && refused.pending == 0)

    // Then the hub did not take it, and the change is kept as a conflict, under the same key,
    // with the hub's reason; the device's own ledger is the hub's again
    #expect(try world.hubHead() == pulled.head)
    let entries = try world.outbox("phone")
    #expect(entries.map(\.state) == [.conflict])
    #expect(entries.first?.key == key)
    #expect(entries.first?.code == "forbidden")
    #expect(entries.first?.reason?.contains("read-only") == true, "\(entries)")
    let working = try await world.onDevice("phone") { $0.state.transactions[txID(2)] }
    #expect(working == nil, "a refused change is not shown as if it were recorded")
    // And the next sync has nothing to push: it is no longer refused
    let next = try await world.sync("phone")
    #expect(next.conflicts == 1 && next.refused == nil)
  }

  /// A read-only device that made a change (nothing tells it at clone that it may not) still
  /// receives the hub's changes: the refused push stops the pushes, not the pull, in that sync
  /// and after.
  @Test func aReadOnlyDeviceWithAPendingChangeStillPulls() async throws {
    // Given a read-only device whose push was refused
    let world = try await SyncWorld(devices: ["phone"], readOnly: ["phone"])
    defer { world.shutDown() }
    try await world.clone("phone")
    _ = try await world.onDevice("phone") {
      try await $0.execute(.addTransaction(expense(3, "6.00", on: "2026-11-26")))
    }
    try world.hubAddTransaction(name: "on-the-hub", amount: "5.00")
    let first = try world.hubHead()
    let refused = try await world.sync("phone")
    // Then the sync says the push is refused, and still pulled the hub's change
    #expect(refused.refused != nil && refused.pulled == 1)
    #expect(try await world.head(of: world.files("phone").replica) == first)
    // When the hub changes again and the device syncs
    try world.hubAddTransaction(name: "later-on-the-hub", amount: "7.00")
    let hub = try world.hubHead()
    let report = try await world.sync("phone")
    // Then it pulls, and its own change waits as a conflict, out of its ledger
    #expect(report.pulled == 1 && report.conflicts == 1 && report.pending == 0)
    #expect(try await world.head(of: world.files("phone").replica) == hub)
    #expect(try world.outbox("phone").map(\.state) == [.conflict])
    let transactions = try await world.onDevice("phone") { $0.state.transactions }
    #expect(transactions[txID(3)] == nil, "the refused change")
    #expect(transactions.count == 2, "the hub's two changes")
  }

  /// A read-only device that follows its hub live (`budget sync --watch`, `budget serve` on a
  /// device) keeps following: its changes become conflicts, as `budget sync` makes them.
  @Test func aReadOnlyDeviceFollowingItsHubKeepsPulling() async throws {
    // Given a read-only device with a change of its own, and a change on the hub
    let world = try await SyncWorld(devices: ["phone"], readOnly: ["phone"])
    defer { world.shutDown() }
    try await world.clone("phone")
    try await world.onDevice("phone") { try await $0.execute(.addTransaction(expense(4, "3.00", on: "2026-11-26"))) }
    try world.hubAddTransaction(name: "on-the-hub", amount: "5.00")
    // When its live link takes a round
    let files = world.files("phone")
    let link = try await DeviceLink(files: files, options: SyncWorld.options)
    let round = try await world.onDevice("phone") { await link.round($0) }
    // Then it is not offline: the change is a conflict with the hub's reason, and it pulled
    #expect(round.offline == nil, "\(round.offline ?? "")")
    #expect(round.conflicts == 1 && round.pushed == 0 && round.pulled == 1)
    let entries = try world.outbox("phone")
    #expect(entries.map(\.state) == [.conflict] && entries.first?.code == "forbidden")
  }
}
