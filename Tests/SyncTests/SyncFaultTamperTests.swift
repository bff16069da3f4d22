import Foundation
import Ledger
import LedgerDomain
import LedgerTesting
import SyncClient
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A device checks every chain link it pulls: a hub's answer altered on the way, or a hub
/// whose history is not the replica's, is refused whole, at the first bad position, and the
/// replica is left as it was.
@Suite("Sync faults: a tampered or rolled-back hub", .serialized)
struct SyncFaultTamperTests {
  /// A hub with `count` new events after the device cloned it; returns the world and the
  /// replica's head before the pull.
  static func hubAhead(by count: Int) async throws -> (SyncWorld, ChainHead) {
    let world = try await SyncWorld(devices: ["laptop"])
    try await world.clone("laptop")
    for index in 1...count { try world.hubAddTransaction(name: "hub-\(index)", amount: "\(index).00") }
    return (world, try await world.head(of: world.files("laptop").replica))
  }

  /// The byte ranges of the frames in a pull's body (``ReplicaFrames``).
  static func frames(in body: [UInt8]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var offset = 0
    while offset + 4 <= body.count {
      let length =
        Int(body[offset]) | Int(body[offset + 1]) << 8 | Int(body[offset + 2]) << 16 | Int(body[offset + 3]) << 24
      ranges.append(offset..<min(body.count, offset + 4 + length))
      offset += 4 + length
    }
    return ranges
  }

  /// Pulls through `tamper` and checks the refusal names `position` and nothing was applied.
  static func expectRefused(
    tamper: @escaping @Sendable (inout [UInt8]) -> Void, at position: (ChainHead) -> UInt64,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    // Given a device three events behind its hub
    let (world, before) = try await hubAhead(by: 3)
    defer { world.shutDown() }
    let workingBefore = try await world.head(of: world.path("laptop"))
    // When its pull's answer is altered on the way
    world.proxy.choose { $0.target.contains("sync/events") ? .tamper(tamper) : .pass }
    let error = await #expect(throws: HubError.self, sourceLocation: sourceLocation) {
      try await world.sync("laptop")
    }
    // Then it is refused at the first bad position, and neither ledger changed
    guard case .diverged(let reason) = error else {
      Issue.record(
        "expected a refusal of the pulled events, got \(String(describing: error))", sourceLocation: sourceLocation)
      return
    }
    #expect(reason.contains("at position \(position(before)):"), "\(reason)", sourceLocation: sourceLocation)
    #expect(try await world.head(of: world.files("laptop").replica) == before, sourceLocation: sourceLocation)
    #expect(try await world.head(of: world.path("laptop")) == workingBefore, sourceLocation: sourceLocation)
    // And once the answers are honest again, the same pull goes through
    world.proxy.choose { _ in .pass }
    let report = try await world.sync("laptop")
    let hub = try world.hubHead()
    #expect(report.pulled == 3 && report.head == hub, sourceLocation: sourceLocation)
  }

  @Test func aFlippedByteInAFrameIsRefusedAtItsPosition() async throws {
    try await Self.expectRefused(
      tamper: { body in
        // Pages without events (the sync's look at the hub's history first) pass as they are.
        let frames = Self.frames(in: body)
        guard frames.count > 1 else { return }
        body[(frames[1].lowerBound + 4 + frames[1].upperBound) / 2] ^= 0x01
      }, at: { $0.position + 2 })
  }

  @Test func aDroppedFrameIsRefusedAtItsPosition() async throws {
    try await Self.expectRefused(
      tamper: { body in
        let frames = Self.frames(in: body)
        guard frames.count > 1 else { return }
        body.removeSubrange(frames[1])
      }, at: { $0.position + 2 })
  }

  @Test func aFlippedByteInTheLastChainHashIsRefused() async throws {
    try await Self.expectRefused(
      tamper: { body in
        guard !body.isEmpty else { return }
        body[body.count - 1] ^= 0x80
      }, at: { $0.position + 3 })
  }

  /// A hub restored from a backup older than what the replica holds is refused — shorter
  /// than the replica, and later with a different history of the same length or longer.
  @Test func aHubRestoredFromAnOlderBackupIsRefused() async throws {
    // Given a hub backed up, then ahead of the backup by three events the device pulled
    let world = try await SyncWorld(devices: ["laptop"])
    defer { world.shutDown() }
    try await world.clone("laptop")
    world.hub.stop()
    let backup = world.directory.file("backup.ledger")
    try FileManager.default.copyItem(atPath: world.hubPath, toPath: backup)
    try world.restartHub()
    for index in 1...3 { try world.hubAddTransaction(name: "lost-\(index)", amount: "1.00") }
    let pulled = try await world.sync("laptop")
    let hubNow = try world.hubHead()
    #expect(pulled.pulled == 3, "\(pulled), hub at \(hubNow)")

    // When the hub is restored from the backup
    world.hub.stop()
    unlink(world.hubPath)
    try FileManager.default.copyItem(atPath: backup, toPath: world.hubPath)
    try world.restartHub()

    // Then the device refuses it while it is shorter than the replica
    let shorter = await #expect(throws: HubError.self) { try await world.sync("laptop") }
    guard case .diverged = shorter else {
      Issue.record("a shorter hub should be refused as diverged, got \(String(describing: shorter))")
      return
    }
    #expect(try await world.head(of: world.files("laptop").replica) == pulled.head)

    // And still once it has a history of its own as long as the replica's, or longer
    for index in 1...5 { try world.hubAddTransaction(name: "other-\(index)", amount: "2.00") }
    let longer = await #expect(throws: HubError.self) { try await world.sync("laptop") }
    guard case .diverged(let reason) = longer else {
      Issue.record("a hub with another history should be refused as diverged, got \(String(describing: longer))")
      return
    }
    #expect(reason.contains("position \(pulled.head.position)"), "\(reason)")
    #expect(try await world.head(of: world.files("laptop").replica) == pulled.head)
    #expect(try await world.head(of: world.path("laptop")) == pulled.head)
  }
}
