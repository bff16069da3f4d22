import Foundation
import Ledger
import LedgerDomain
import LedgerTesting
import SyncClient
import Testing

/// Random interleavings of offline commands on two devices, hub writes and syncs through a
/// network that drops, loses, delays, cuts and duplicates exchanges. Once the faults stop and
/// both devices have synced, all three ledgers are the same, every change is on the hub
/// exactly once or in its device's conflicts, and none is lost.
///
/// 200 interleavings, each a round of random steps followed by that check, on the same hub and
/// devices (so later rounds start from the history of the earlier ones). The seed is printed
/// with every failure: `SYNC_FAULT_SEED=N` replays a run, `SYNC_FAULT_ROUNDS=N` runs N rounds.
@Suite("Sync faults: random interleavings converge", .serialized)
struct SyncFaultPropertyTests {
  static let devices = ["a", "b"]
  /// Transactions on the hub before the devices clone it, which both devices amend.
  static let shared = (1...2).map { txID(0x5000 + UInt64($0)) }
  static let stepsPerRound = 6

  /// The test's state between steps.
  struct Run {
    var generator: SeededGenerator
    var model = SyncFaultModel()
    var own: [String: [TransactionID]] = [:]
    var counter: UInt64 = 0
    /// Conflicts retried or dropped.
    var resolved = 0
    /// Conflicts found at the ends of rounds, added up.
    var conflictsSeen = 0

    mutating func next() -> UInt64 {
      counter += 1
      return counter
    }
  }

  @Test func randomInterleavingsConverge() async throws {
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["SYNC_FAULT_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 1...UInt64(UInt32.max))
    let rounds = environment["SYNC_FAULT_ROUNDS"].flatMap { Int($0) } ?? 200
    // Given a hub with two shared transactions and two devices cloned from it
    let world = try await SyncWorld(devices: Self.devices) { hub in
      for index in Self.shared.indices {
        try await hub.execute(
          .addTransaction(expense(0x5000 + UInt64(index + 1), "10.00", on: "2026-11-01", name: "shared-\(index)")))
      }
    }
    defer { world.shutDown() }
    for device in Self.devices { try await world.clone(device) }
    var run = Run(generator: SeededGenerator(seed: seed))
    let faults = SharedRandom(seed: seed ^ 0xFA17)
    for round in 0..<rounds {
      // When random steps run, syncs through a faulty network among them
      world.proxy.choose { _ in faults.fault() }
      for step in 0..<Self.stepsPerRound {
        do {
          try await Self.step(&run, world: world, label: "r\(round)s\(step)")
        } catch {
          Issue.record("seed \(seed), round \(round), step \(step): \(error)")
          return
        }
      }
      // Then, once the faults stop and both devices synced, the ledgers agree with the model
      world.proxy.choose { _ in .pass }
      var failures: [String]
      do {
        failures = try await Self.converge(world)
        failures += try await run.model.failures(world: world, devices: Self.devices)
        run.conflictsSeen += try Self.devices.map { try world.outbox($0).count }.reduce(0, +)
      } catch {
        failures = ["\(error)"]
      }
      guard failures.isEmpty else {
        let list = failures.joined(separator: "\n")
        Issue.record("seed \(seed), round \(round) (replay with SYNC_FAULT_SEED=\(seed)):\n\(list)")
        return
      }
    }
    try await Self.compareWithTheCLI(world, seed: seed)
    let dropped = run.model.made.count(where: \.dropped)
    print(
      "sync faults, seed \(seed): \(rounds) rounds, \(rounds * Self.stepsPerRound) steps, \(run.model.made.count) "
        + "changes, \(run.conflictsSeen) conflicts at rounds' ends, \(run.resolved) resolved (\(dropped) dropped), "
        + "\(world.proxy.answered("/")) exchanges")
  }

  /// One random step: a command on a device, a sync of a device, or a write on the hub.
  static func step(_ run: inout Run, world: SyncWorld, label: String) async throws {
    let device = devices.randomElement(using: &run.generator)!
    let n = run.next()
    var change: SyncFaultModel.Change?
    switch Int.random(in: 0..<20, using: &run.generator) {
    case 0..<5:
      let id = TransactionID(raw: EntityID(high: device == "a" ? 0xA : 0xB, low: n))
      let cents = Int.random(in: 100...9_999, using: &run.generator)
      let added = TransactionAdded(
        transaction: id, account: Scenario.checking,
        date: day("2026-11-\(String(format: "%02d", Int.random(in: 1...27, using: &run.generator)))"),
        amount: Money(units: Int64(cents) * 100, currency: .eur), type: .expense, category: Scenario.food,
        name: "\(device)-\(label)")
      if try await execute(.addTransaction(added), on: device, world) {
        run.own[device, default: []].append(id)
        change = .add(id)
      }
    case 5..<9:
      let mine = run.own[device] ?? []
      let useOwn = !mine.isEmpty && Bool.random(using: &run.generator)
      // Its own latest transaction half the time: an amendment that builds on a pending add.
      let own = Bool.random(using: &run.generator) ? mine.last : mine.randomElement(using: &run.generator)
      let target = useOwn ? own! : shared.randomElement(using: &run.generator)!
      var amendment = TransactionAmended(transaction: target)
      amendment.notes = Change("\(device)-\(label)")
      amendment.amount = eur("\(Int.random(in: 1...500, using: &run.generator)).00")
      if try await execute(.amendTransaction(amendment, expectedVersion: nil), on: device, world) {
        change = useOwn ? .amendOwn(marker: "\(device)-\(label)") : .amendShared(marker: "\(device)-\(label)")
      }
    case 9..<11:
      let category = CategoryID(raw: EntityID(high: 0xCA7, low: n))
      // Two names a round, so that both devices often want the same one.
      let name = "Cat-\(label.prefix { $0 != "s" })-\(Int.random(in: 0..<2, using: &run.generator))"
      if try await execute(.createCategory(CreateCategory(category: category, name: name)), on: device, world) {
        change = .category(category)
      }
    case 11:
      try await resolveAConflict(&run, on: device, world)
    case 12:
      // Two transactions in one atomic change: one outbox entry, one key, decided whole.
      let ids = [n, run.next()].map { TransactionID(raw: EntityID(high: device == "a" ? 0xA : 0xB, low: $0)) }
      let commands = ids.map { id in
        LedgerCommand.addTransaction(
          TransactionAdded(
            transaction: id, account: Scenario.checking, date: day("2026-11-15"), amount: eur("4.00"),
            type: .expense, category: Scenario.food, name: "\(device)-\(label)-\(id.raw.low)"))
      }
      try await world.onDevice(device) { try await $0.execute(atomically: commands) }
      run.own[device, default: []] += ids
      let key = try world.outbox(device).last!.key
      run.model.made += ids.map { .init(device: device, key: key, change: .add($0)) }
    case 13:
      let name = "hub-\(label)"
      try world.hubAddTransaction(name: name, amount: "\(Int.random(in: 1...99, using: &run.generator)).50")
      run.model.made.append(.init(device: "hub", key: "", change: .hubWrite(name: name)))
    default:
      _ = try await world.sync(device)
    }
    if let change, let key = try world.outbox(device).last?.key {
      run.model.made.append(.init(device: device, key: key, change: change))
    }
    // Whatever happened, the device still shows every transaction it added.
    let shown = try await world.onDevice(device) { ledger in
      (run.own[device] ?? []).filter { ledger.state.transactions[$0] == nil }
    }
    if !shown.isEmpty { throw ProxyError("\(device) lost sight of its own transactions \(shown)") }
  }

  /// Runs `command` on the device's working ledger; `false` when its rules refuse it there.
  static func execute(_ command: LedgerCommand, on device: String, _ world: SyncWorld) async throws -> Bool {
    try await world.onDevice(device) { ledger in
      do {
        try await ledger.execute(command)
        return true
      } catch LedgerError.rejected {
        return false
      }
    }
  }

  /// `budget sync retry` or `drop` of one of the device's conflicts, if it has any.
  static func resolveAConflict(_ run: inout Run, on device: String, _ world: SyncWorld) async throws {
    guard let conflict = try world.outbox(device).filter({ $0.state == .conflict }).randomElement(using: &run.generator)
    else { return }
    run.resolved += 1
    if Bool.random(using: &run.generator) {
      _ = try await world.onDevice(device) { try $0.drop(outboxEntry: conflict.id) }
      for index in run.model.made.indices where run.model.made[index].key == conflict.key {
        run.model.made[index].dropped = true
      }
    } else {
      // Refused again on the device (a category name the hub gave the other device): it
      // stays a conflict, as the model expects either way.
      _ = try? await world.onDevice(device) { try await $0.retry(outboxEntry: conflict.id) }
    }
  }

  /// Syncs both devices with the faults off until neither has anything pending and both are
  /// at the hub's head; returns what is still wrong then.
  static func converge(_ world: SyncWorld) async throws -> [String] {
    var failures: [String] = []
    for _ in 0..<4 {
      failures = []
      for device in devices {
        let report = try await world.sync(device)
        if report.pending > 0 || report.offline != nil { failures.append("\(device) did not settle: \(report)") }
      }
      let hub = try world.hubHead()
      for device in devices {
        for path in [world.files(device).replica, world.path(device)] where try await world.head(of: path) != hub {
          failures.append("\(path) is at \(try await world.head(of: path)), the hub at \(hub)")
        }
      }
      if failures.isEmpty { break }
    }
    let states = try await devices.asyncMap { device in try await world.onDevice(device) { $0.state } }
    if states[0] != states[1] { failures.append("the devices' working ledgers hold different states") }
    let names = states[0].categories.values.filter { !$0.isDeleted }.map(\.name)
    if Set(names).count != names.count { failures.append("two categories share a name: \(names.sorted())") }
    return failures
  }
}

extension SyncFaultPropertyTests {
  /// The three ledgers as the CLI sees them, the hub stopped: the same chain head and event
  /// count (`budget verify`), the same reports.
  static func compareWithTheCLI(_ world: SyncWorld, seed: UInt64) async throws {
    world.hub.stop()
    let paths = [world.hubPath] + devices.map(world.path)
    let reports = [
      ["verify"], ["tx", "list", "--limit", "100000"], ["account", "list"], ["category", "list", "--all"],
      ["report", "balances"],
    ]
    for report in reports {
      var outputs: [String] = []
      for path in paths {
        let output = try world.budget.run(report + ["--ledger", path, "--json"])
        #expect(output.status == 0, "seed \(seed): budget \(report.joined(separator: " ")) \(path): \(output.stderr)")
        outputs.append(output.stdout)
      }
      #expect(Set(outputs).count == 1, "seed \(seed): budget \(report.joined(separator: " ")) differs:\n\(outputs)")
    }
    // And `budget sync conflicts` lists exactly the changes the model found refused
    for device in devices {
      let output = try world.budget.run(["sync", "conflicts", "--ledger", world.path(device), "--json"])
      let listed = (try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8))) as? [[String: Any]]
      let keys = Set((listed ?? []).compactMap { $0["key"] as? String })
      let expected = Set(try world.outbox(device).filter { $0.state == .conflict }.map(\.key))
      #expect(output.status == 0 && listed != nil && keys == expected, "seed \(seed): \(device): \(output.stdout)")
    }
  }
}

extension Array {
  func asyncMap<T>(_ transform: (Element) async throws -> T) async throws -> [T] {
    var results: [T] = []
    for element in self { results.append(try await transform(element)) }
    return results
  }
}
