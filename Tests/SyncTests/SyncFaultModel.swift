import Foundation
import LedgerDomain
import LedgerTesting
import SyncClient
import Testing

@testable import Ledger

/// What the property test expects of every change it made: each device command the device
/// accepted, and each write made on the hub directly.
struct SyncFaultModel {
  /// What a change was, and how to find it in the hub's log.
  enum Change: Hashable {
    /// A new transaction: on the hub exactly once, never a conflict (no one else adds it).
    case add(TransactionID)
    /// An amendment (found by its notes, `marker`) of a transaction both devices may amend:
    /// on the hub once, or a conflict — never both, never neither.
    case amendShared(marker: String)
    /// An amendment of the device's own transaction, which no one else amends: on the hub once.
    case amendOwn(marker: String)
    /// A category whose name the other device may take first: on the hub once, or a conflict.
    case category(CategoryID)
    /// A transaction written on the hub directly (found by its name): on the hub once.
    case hubWrite(name: String)
  }

  struct Made: Hashable {
    var device: String
    /// The outbox entry's idempotency key (empty for a hub write).
    var key: String
    var change: Change
    /// Given up by `budget sync drop`: on no ledger.
    var dropped = false
  }

  var made: [Made] = []

  /// How often each change appears in a hub's log (`events`, oldest first).
  static func counts(in events: [LedgerEvent]) -> [Change: Int] {
    var counts: [Change: Int] = [:]
    for event in events {
      switch event {
      case .transactionAdded(let added):
        counts[.add(added.transaction), default: 0] += 1
        counts[.hubWrite(name: added.name), default: 0] += 1
      case .transactionAmended(let amended):
        if let marker = amended.notes?.value {
          counts[.amendShared(marker: marker), default: 0] += 1
          counts[.amendOwn(marker: marker), default: 0] += 1
        }
      case .categoryCreated(let created): counts[.category(created.category), default: 0] += 1
      default: break
      }
    }
    return counts
  }

  /// Every event of the ledger at `path`, decoded.
  static func events(at path: String) async throws -> [LedgerEvent] {
    let ledger = try await Ledger(path: path, options: SyncWorld.options)
    return try ledger.events(from: 1, limit: 10_000_000).map { try StoredEvent.decode($0) }
  }

  /// Checks the converged world against the model: the hub (its log as the device `first`
  /// pulled it, byte for byte up to the hub's head) has every accepted change exactly once,
  /// and each device's conflicts are exactly its refused changes. Returns the failures.
  func failures(world: SyncWorld, devices: [String]) async throws -> [String] {
    var failures: [String] = []
    let counts = Self.counts(in: try await Self.events(at: world.files(devices[0]).replica))
    var conflicts: [String: Set<String>] = [:]
    for device in devices {
      let entries = try world.outbox(device)
      conflicts[device] = Set(entries.filter { $0.state == .conflict }.map(\.key))
      let pending = entries.filter { $0.state != .conflict }
      if !pending.isEmpty { failures.append("\(device) still has \(pending.count) change(s) pending") }
    }
    var expectedKeys: [String: Set<String>] = [:]
    for made in made {
      let count = counts[made.change] ?? 0
      let isConflict = conflicts[made.device]?.contains(made.key) ?? false
      if !made.key.isEmpty { expectedKeys[made.device, default: []].insert(made.key) }
      let problem: String? =
        switch (made.change, made.dropped) {
        case (_, true) where count != 0 || isConflict: "was dropped, yet is on the hub \(count)× or still a conflict"
        case (_, true): nil
        case (.add, _), (.amendOwn, _), (.hubWrite, _):
          count == 1 && !isConflict ? nil : "should be on the hub once: \(count)×, conflict: \(isConflict)"
        case (.amendShared, _), (.category, _):
          (count == 1) != isConflict && count <= 1
            ? nil : "should be on the hub once or a conflict: \(count)×, conflict: \(isConflict)"
        }
      if let problem { failures.append("\(made.device) \(made.change) [\(made.key)]: \(problem)") }
    }
    for device in devices {
      let unexpected = (conflicts[device] ?? []).subtracting(expectedKeys[device] ?? [])
      if !unexpected.isEmpty { failures.append("\(device) has conflicts the test never made: \(unexpected)") }
    }
    return failures
  }
}

/// A seeded generator shared with the proxy's threads: the faults of one run follow from its
/// seed (and the order in which the requests arrive).
final class SharedRandom: @unchecked Sendable {
  // @unchecked: guarded by `lock`.
  private let lock = NSLock()
  private var generator: SeededGenerator

  init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

  /// A fault for one exchange: half pass, the rest spread over every kind of fault.
  func fault() -> FaultProxy.Fault {
    lock.withLock {
      switch Int.random(in: 0..<12, using: &generator) {
      case 0: .drop
      case 1: .lose
      case 2: .delay(milliseconds: Int.random(in: 50...300, using: &generator))
      case 3: .cut(fraction: Double.random(in: 0.05...0.95, using: &generator))
      case 4, 5: .duplicate
      default: .pass
      }
    }
  }
}
