import Foundation
import Ledger
import LedgerDomain
import LedgerTesting
import SyncClient
import Testing

/// Single faults between a device and its hub, each with the outcome it must have: a request
/// the hub saw twice is recorded once; an answer lost after the hub committed leaves the
/// change pending — still in the device's ledger — until a later sync hears of it.
@Suite("Sync faults: one fault at a time", .serialized)
struct SyncFaultTests {
  /// A device with a new transaction and an amendment of it, waiting in its outbox.
  static func deviceWithTwoChanges() async throws -> SyncWorld {
    let world = try await SyncWorld(devices: ["laptop"])
    try await world.clone("laptop")
    try await world.onDevice("laptop") { ledger in
      try await ledger.execute(.addTransaction(expense(1, "12.50", on: "2026-11-26", name: "groceries")))
      var amendment = TransactionAmended(transaction: txID(1))
      amendment.notes = Change("receipt kept")
      try await ledger.execute(.amendTransaction(amendment, expectedVersion: nil))
    }
    return world
  }

  /// Whether the hub's log (as the device pulled it) holds the transaction once and its
  /// amendment once.
  static func expectOnHubOnce(_ world: SyncWorld, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let counts = SyncFaultModel.counts(in: try await SyncFaultModel.events(at: world.files("laptop").replica))
    #expect(counts[.add(txID(1))] == 1, sourceLocation: sourceLocation)
    #expect(counts[.amendOwn(marker: "receipt kept")] == 1, sourceLocation: sourceLocation)
    #expect(try await world.head(of: world.path("laptop")) == world.hubHead(), sourceLocation: sourceLocation)
  }

  @Test func aDuplicatedPushIsRecordedOnce() async throws {
    // Given a device with two changes
    let world = try await Self.deviceWithTwoChanges()
    defer { world.shutDown() }
    let before = try world.hubHead().position
    // When every request reaches the hub twice
    world.proxy.choose { _ in .duplicate }
    let report = try await world.sync("laptop")
    // Then both changes are accepted, and the hub holds each once
    #expect(report.pushed == 2 && report.pending == 0 && report.conflicts == 0, "\(report)")
    #expect(try world.hubHead().position == before + 2)
    try await Self.expectOnHubOnce(world)
  }

  @Test func anAnswerLostAfterTheHubCommittedLeavesTheChangePending() async throws {
    // Given a device with two changes; the hub's answer to the second is lost
    let world = try await Self.deviceWithTwoChanges()
    defer { world.shutDown() }
    let pushes = Counter()
    world.proxy.choose { $0.target.contains("sync/commands") && pushes.next() == 2 ? .lose : .pass }
    // When it syncs
    let report = try await world.sync("laptop")
    // Then it is offline with the second change pending — not a conflict — and the device
    // still shows both changes
    #expect(report.offline != nil && report.pushed == 1 && report.pending == 1 && report.conflicts == 0, "\(report)")
    #expect(try world.outbox("laptop").map(\.state) == [.pending])
    let transaction = try await world.onDevice("laptop") { $0.state.transactions[txID(1)] }
    #expect(transaction?.added.notes == "receipt kept", "the device lost its own change")
    // And the next sync hears the hub's answer: each change on the hub once
    world.proxy.choose { _ in .pass }
    let second = try await world.sync("laptop")
    #expect(second.pending == 0 && second.conflicts == 0, "\(second)")
    try await Self.expectOnHubOnce(world)
  }

  @Test func aCloneWhoseCopyIsCutHalfWayLeavesNothingAndIsRunAgain() async throws {
    // Given a hub of 40 transactions, whose streamed copy of its ledger is cut half-way
    let world = try await SyncWorld(devices: ["laptop"])
    defer { world.shutDown() }
    for index in 1...40 { try world.hubAddTransaction(name: "hub-\(index)", amount: "3.00") }
    world.proxy.choose { $0.target.contains("sync/snapshot") ? .cut(fraction: 0.5) : .pass }
    // When the device clones
    let error = await #expect(throws: (any Error).self) { try await world.clone("laptop") }
    // Then the clone fails saying the copy stopped, and leaves no device behind
    #expect("\(error!)".contains("stopped"), "\(error!)")
    #expect(!FileManager.default.fileExists(atPath: world.path("laptop")))
    #expect(!SyncFiles(ledger: world.path("laptop")).isDevice)
    // And the hub goes on (its copy's read snapshot released), and a clone again completes
    try world.hubAddTransaction(name: "after", amount: "1.00")
    world.proxy.choose { _ in .pass }
    _ = try await world.clone("laptop")
    #expect(try await world.head(of: world.path("laptop")) == world.hubHead())
  }

  @Test func aCutAnswerToAPullIsRetriedWhole() async throws {
    // Given a device behind its hub by three events
    let world = try await SyncWorld(devices: ["laptop"])
    defer { world.shutDown() }
    let cloned = try await world.clone("laptop")
    for index in 1...3 { try world.hubAddTransaction(name: "hub-\(index)", amount: "1.00") }
    // When the pull's answer is cut half-way
    world.proxy.choose { $0.target.contains("sync/events") ? .cut(fraction: 0.5) : .pass }
    let report = try await world.sync("laptop")
    // Then nothing was applied, and the device is offline
    #expect(report.offline != nil && report.pulled == 0, "\(report)")
    #expect(try await world.head(of: world.files("laptop").replica) == cloned.head)
    // And the next sync pulls all three
    world.proxy.choose { _ in .pass }
    #expect(try await world.sync("laptop").pulled == 3)
    #expect(try await world.head(of: world.path("laptop")) == world.hubHead())
  }
}
