import Foundation
import Ledger
import LedgerDomain
import LedgerTesting
import SyncClient
import Testing

/// kill -9 of a device's `budget sync` (pulling, pushing, between the hub's commit and its
/// answer) and of the hub during a push: the next sync completes, and every change is on the
/// hub exactly once, with the device's ledgers at the hub's head.
@Suite("Sync faults: kill -9 of a device or the hub mid-sync", .serialized)
struct SyncKillTests {
  /// Waits (polling) until `condition` holds, failing after `seconds`.
  static func waitUntil(_ what: String, seconds: Double = 60, _ condition: () -> Bool) async throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
      guard Date() < deadline else { throw ProxyError("timed out waiting until \(what)") }
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  /// Records `count` transactions on `device` (offline: they wait in its outbox); returns
  /// their ids.
  static func record(
    _ count: Int, on device: String, in world: SyncWorld, from first: UInt64 = 1
  ) async throws
    -> [TransactionID]
  {
    let ids = (first..<first + UInt64(count)).map(txID)
    try await world.onDevice(device) { ledger in
      for (index, id) in ids.enumerated() {
        try await ledger.execute(
          .addTransaction(expense(first + UInt64(index), "1.25", on: "2026-11-25", name: "\(id)")))
      }
    }
    return ids
  }

  /// Syncs `device` with the faults off until nothing is pending, then checks the device is
  /// at the hub's head, the hub is exactly `expected` events long and holds each of `ids`.
  static func settle(
    _ device: String, in world: SyncWorld, expected: UInt64, ids: [TransactionID],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    world.proxy.choose { _ in .pass }
    world.proxy.rewriteRequestLine { $0 }
    var report = try await world.sync(device)
    for _ in 0..<3 where report.pending > 0 || report.offline != nil { report = try await world.sync(device) }
    #expect(
      report.pending == 0 && report.conflicts == 0 && report.offline == nil, "\(report)", sourceLocation: sourceLocation
    )
    let hub = try world.hubHead()
    #expect(hub.position == expected, "every change once: no more, no fewer events", sourceLocation: sourceLocation)
    #expect(try await world.head(of: world.files(device).replica) == hub, sourceLocation: sourceLocation)
    #expect(try await world.head(of: world.path(device)) == hub, sourceLocation: sourceLocation)
    let transactions = try await world.onDevice(device) { $0.state.transactions }
    for id in ids { #expect(transactions[id] != nil, "\(id) is on the hub", sourceLocation: sourceLocation) }
    for path in [world.path(device), world.files(device).replica] {
      let verify = try world.budget.run(["verify", "--ledger", path, "--json"])
      #expect(verify.status == 0, "\(verify.stdout) \(verify.stderr)", sourceLocation: sourceLocation)
    }
  }

  /// kill -9 of a device's sync while it pulls a hub's history a few events a page, slowly.
  @Test func aDeviceKilledWhilePullingCatchesUp() async throws {
    // Given a device 60 events behind its hub, pulling 5 a page, each page 100 ms late and
    // every page after the fourth held back until the kill (a loaded machine must not let
    // the pull finish first)
    let world = try await SyncWorld(devices: ["laptop"])
    defer { world.shutDown() }
    let cloned = try await world.clone("laptop").head.position
    for index in 1...60 { try world.hubAddTransaction(name: "hub-\(index)", amount: "2.00") }
    let hubHead = try world.hubHead()
    world.proxy.rewriteRequestLine { $0.replacingOccurrences(of: "limit=50000", with: "limit=5") }
    let gate = FaultProxy.Gate()
    let pages = Counter()
    world.proxy.choose {
      guard $0.target.contains("sync/events") else { return .pass }
      return pages.next() > 5 ? .hold(gate) : .delay(milliseconds: 100)
    }
    // When its sync is killed after four pages
    let sync = try ChildProcess(world.budget, ["sync", "--ledger", world.path("laptop"), "--json"])
    try await Self.waitUntil("four pages were pulled") { world.proxy.answered("sync/events") >= 4 }
    sync.kill9()
    gate.release()
    world.proxy.choose { _ in .pass }
    // Then the replica holds whole pages only, and the next sync brings the device to the hub
    let replica = try await world.head(of: world.files("laptop").replica).position
    #expect(replica < hubHead.position, "the kill came before the pull ended")
    #expect((replica - cloned) % 5 == 0, "the replica stopped at a page's end (at \(replica))")
    try await Self.settle("laptop", in: world, expected: hubHead.position, ids: [])
  }

  /// kill -9 of a device's sync while it pushes its outbox, one slow change at a time.
  @Test func aDeviceKilledWhilePushingLosesAndDoublesNothing() async throws {
    // Given a device with 12 changes waiting, each push 300 ms late
    let world = try await SyncWorld(devices: ["laptop"])
    defer { world.shutDown() }
    try await world.clone("laptop")
    let before = try world.hubHead().position
    let ids = try await Self.record(12, on: "laptop", in: world)
    world.proxy.choose { $0.target.contains("sync/commands") ? .delay(milliseconds: 300) : .pass }
    // When its sync is killed after five were accepted (the fifth answer may not have reached
    // the device yet, and a loaded machine may let one or two more through before the kill
    // lands: what matters is that it stopped part-way)
    let sync = try ChildProcess(world.budget, ["sync", "--ledger", world.path("laptop"), "--json"])
    try await Self.waitUntil("five changes were pushed") { world.proxy.answered("sync/commands") >= 5 }
    sync.kill9()
    let waiting = try world.outbox("laptop").count { $0.state == .pending }
    #expect((1...8).contains(waiting), "\(waiting) changes still waiting after the kill")
    // Then the next sync pushes the rest, and the hub has each change once
    try await Self.settle("laptop", in: world, expected: before + 12, ids: ids)
  }

  /// kill -9 of a device's sync after the hub committed a change but before the device heard.
  @Test func aDeviceKilledBeforeHearingTheHubsAnswerDoesNotDoubleIt() async throws {
    // Given a device with 3 changes waiting, the hub's answer to the second held back
    let world = try await SyncWorld(devices: ["laptop"])
    defer { world.shutDown() }
    try await world.clone("laptop")
    let before = try world.hubHead().position
    let ids = try await Self.record(3, on: "laptop", in: world)
    let gate = FaultProxy.Gate()
    let pushes = Counter()
    world.proxy.choose { request in
      guard request.target.contains("sync/commands") else { return .pass }
      return pushes.next() == 2 ? .hold(gate) : .pass
    }
    // When the device is killed while the hub's answer (the change committed) is held
    let sync = try ChildProcess(world.budget, ["sync", "--ledger", world.path("laptop"), "--json"])
    try await Self.waitUntil("the hub answered the second change") { world.proxy.answered("sync/commands") >= 2 }
    #expect(try world.hubHead().position == before + 2, "the hub committed two changes")
    sync.kill9()
    gate.release()
    #expect(try world.outbox("laptop").count { $0.state == .pending } == 2, "the device never heard of the second")
    // Then the next sync resubmits it under its key: the hub answers as before, records nothing
    try await Self.settle("laptop", in: world, expected: before + 3, ids: ids)
  }

  /// kill -9 of the hub while a device pushes to it; the hub is started again and the push
  /// resumes. Three rounds, killing after 2, 4 and 6 accepted changes.
  @Test func aHubKilledDuringAPushLosesAndDoublesNothing() async throws {
    // Given a device that pushes slowly
    let world = try await SyncWorld(devices: ["laptop"])
    defer { world.shutDown() }
    try await world.clone("laptop")
    var ids: [TransactionID] = []
    let before = try world.hubHead().position
    for (round, killAfter) in [2, 4, 6].enumerated() {
      ids += try await Self.record(8, on: "laptop", in: world, from: UInt64(round * 100 + 1))
      world.proxy.choose { $0.target.contains("sync/commands") ? .delay(milliseconds: 60) : .pass }
      let answered = world.proxy.answered("sync/commands")
      // When the hub is killed after some changes were accepted
      let sync = try ChildProcess(world.budget, ["sync", "--ledger", world.path("laptop"), "--json"])
      try await Self.waitUntil("\(killAfter) changes were pushed") {
        world.proxy.answered("sync/commands") >= answered + killAfter
      }
      try world.restartHub()
      // Then the device's sync ends offline or with a failed pull, every change no hub answered
      // still pending (on a loaded machine more than `killAfter` may be answered before the
      // kill lands) — unless the hub was down only between two of its requests and back before
      // the next (the kill and the restart take milliseconds): then it pushed everything
      let (status, stdout) = sync.finish()
      let pending = try world.outbox("laptop").count { $0.state == .pending }
      let pushed = world.proxy.answered("sync/commands") - answered
      if status != 0 || stdout.contains("\"offline\"") {
        #expect(pending >= 8 - pushed, "\(pushed) answered, \(pending) pending")
      } else {
        #expect(pending == 0, "a sync that saw no fault left \(pending) pending: \(stdout)")
      }
    }
    // And once the hub is back, every change is on it exactly once
    try await Self.settle("laptop", in: world, expected: before + 24, ids: ids)
  }
}

extension SyncKillTests {
  /// kill -9 of a device's sync at random moments — pushing, pulling, rebuilding its ledger —
  /// ten times in a row, with new changes on both sides each time; seeded.
  @Test func aDeviceKilledAtRandomMomentsLosesAndDoublesNothing() async throws {
    let seed = UInt64.random(in: 1...UInt64(UInt32.max))
    var generator = SeededGenerator(seed: seed)
    // Given a device and a hub that both keep changing
    let world = try await SyncWorld(devices: ["laptop"])
    defer { world.shutDown() }
    try await world.clone("laptop")
    var expected = try world.hubHead().position
    var ids: [TransactionID] = []
    var interrupted = 0
    world.proxy.choose { _ in .delay(milliseconds: 20) }
    for round in 0..<10 {
      let made = try await Self.record(3, on: "laptop", in: world, from: UInt64(round * 10 + 1))
      try await world.onDevice("laptop") { ledger in
        var amendment = TransactionAmended(transaction: made[0])
        amendment.notes = Change("amended in round \(round)")
        try await ledger.execute(.amendTransaction(amendment, expectedVersion: nil))
      }
      try world.hubAddTransaction(name: "hub-\(round)", amount: "3.00")
      ids += made
      expected += 5
      // When its sync is killed after a random while
      let sync = try ChildProcess(world.budget, ["sync", "--ledger", world.path("laptop"), "--json"])
      try await Task.sleep(for: .milliseconds(Int.random(in: 0...400, using: &generator)))
      if sync.process.isRunning { interrupted += 1 }
      sync.kill9()
    }
    #expect(interrupted > 0, "seed \(seed): no sync was killed before it ended")
    // Then a sync completes, and every change is on the hub once
    try await Self.settle("laptop", in: world, expected: expected, ids: ids)
    let counts = SyncFaultModel.counts(in: try await SyncFaultModel.events(at: world.files("laptop").replica))
    for id in ids { #expect(counts[.add(id)] == 1, "seed \(seed): \(id) is on the hub \(counts[.add(id)] ?? 0)×") }
    for round in 0..<10 {
      #expect(counts[.amendOwn(marker: "amended in round \(round)")] == 1, "seed \(seed): round \(round)'s amendment")
    }
  }
}

extension SyncKillTests {
  /// kill -9 of `budget clone` half-way — while the hub's copy of its ledger is on its way,
  /// and while the events recorded since are pulled: nothing a device would use is left
  /// behind, and running the clone again completes it.
  @Test func aCloneKilledHalfWayIsRunAgain() async throws {
    // Given a hub of 60 transactions, and its copy's answer held back by the proxy
    let world = try await SyncWorld(devices: ["laptop"])
    defer { world.shutDown() }
    for index in 1...60 { try world.hubAddTransaction(name: "hub-\(index)", amount: "2.00") }
    let hub = try world.hubHead()
    let gate = FaultProxy.Gate()
    world.proxy.choose { $0.target.contains("sync/snapshot") ? .hold(gate) : .pass }
    let tokenFile = world.directory.file("laptop.token")
    _ = FileManager.default.createFile(
      atPath: tokenFile, contents: Data(world.tokens["laptop"]!.utf8), attributes: [.posixPermissions: 0o600])
    let clone = ["clone", world.proxy.url, "--ledger", world.path("laptop"), "--token-file", tokenFile, "--json"]
    // When the clone is killed while the copy is held
    let killed = try ChildProcess(world.budget, clone)
    try await Self.waitUntil("the hub's copy was made") { world.proxy.answered("sync/snapshot") >= 1 }
    killed.kill9()
    gate.release()
    #expect(!FileManager.default.fileExists(atPath: world.path("laptop")), "no working ledger before the clone ends")
    #expect(!SyncFiles(ledger: world.path("laptop")).isDevice, "no device before the clone ends")
    // And once more while it pulls what came after the copy (each page late)
    world.proxy.choose { $0.target.contains("sync/events") ? .delay(milliseconds: 300) : .pass }
    for index in 61...63 { try world.hubAddTransaction(name: "hub-\(index)", amount: "2.00") }
    let second = try ChildProcess(world.budget, clone)
    try await Task.sleep(for: .milliseconds(Int.random(in: 100...600)))
    second.kill9()
    // Then running it again completes it (unless the second one finished before its kill: the
    // hub is remembered as the device's remote last, so it is a device only when the clone is
    // done): the device is at the hub's head, and syncs
    world.proxy.choose { _ in .pass }
    #expect(!FileManager.default.fileExists(atPath: world.path("laptop")), "a clone makes no working ledger")
    if !SyncFiles(ledger: world.path("laptop")).isDevice {
      let again = try world.budget.run(clone)
      #expect(again.status == 0, "\(again.stderr)")
    }
    #expect(SyncFiles(ledger: world.path("laptop")).isDevice)
    let now = try world.hubHead()
    #expect(now.position == hub.position + 3)
    #expect(try await world.head(of: world.path("laptop")) == now)
    #expect(try await world.head(of: world.files("laptop").replica) == now)
    let ids = try await Self.record(2, on: "laptop", in: world)
    try await Self.settle("laptop", in: world, expected: now.position + 2, ids: ids)
  }
}

/// A thread-safe counter: 1, 2, 3, …
final class Counter: @unchecked Sendable {
  // @unchecked: guarded by `lock`.
  private let lock = NSLock()
  private var value = 0
  func next() -> Int {
    lock.withLock {
      value += 1; return value
    }
  }
}
