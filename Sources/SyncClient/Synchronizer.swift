import EventRecords
import Foundation
import Ledger
import LedgerDomain

/// A device's sync with its hub (docs/sync.md):
///
/// 1. **push** the outbox in order, each change under its idempotency key; the hub decides it
///    by its rules: accepted changes leave the outbox, refused ones stay as conflicts;
/// 2. **pull** the hub's events into the replica (`P.replica`), every chain link checked
///    before anything is written;
/// 3. bring the **working ledger** `P` to the replica plus the changes still pending: the
///    same events appended when it had none (it was the replica's twin), else rebuilt — a copy
///    of the replica, and the pending changes decided again on top. A device that never made a
///    change has no working ledger: its commands read the replica.
///
/// The whole sync holds `P.sync-lock` exclusively: commands on the device wait for it, and a
/// sync refuses to start while another process has the ledger open (`budget sync` asks a
/// `budget serve` that holds it to sync instead, ``ServerRecord``).
public struct Synchronizer: Sendable {
  public let files: SyncFiles
  public let options: Ledger.Options

  public init(files: SyncFiles, options: Ledger.Options) {
    self.files = files
    self.options = options
  }

  /// Runs one sync with `remote` (the first remote if `nil`).
  public func sync(remote name: String? = nil) async throws -> SyncReport {
    let remote = try RemoteList(files: files).remote(named: name)
    guard FileManager.default.fileExists(atPath: files.replica) else {
      throw SyncError.wrongRole(
        "\(files.ledger) was not cloned from a hub (it has no \(files.replica)): a sync would replace its history with the hub's; nothing was changed — make a device with: budget clone URL --ledger NEW.ledger --token-file FILE"
      )
    }
    guard let lock = try FileLock(path: files.lock, mode: .exclusive, wait: false) else {
      throw SyncError.busy(
        "another budget process has \(files.ledger) open — a budget sync --watch, or a budget serve (which budget sync asks to sync once it has written \(files.server)); they sync by themselves: stop it (Ctrl-C), or run budget sync again once the server is up"
      )
    }
    defer { _ = lock }
    // Only now, with every command of the device waiting: one may have just made it.
    let hasWorking = FileManager.default.fileExists(atPath: files.ledger)
    files.removeAbandonedWorkingCopies()
    let outbox = Outbox(files: files)
    if let quiet = try await nothingToDo(outbox: outbox, remote: remote) { return quiet }
    let client = HubClient(remote: remote)

    // A device that made no change yet has no working ledger: it reads its replica.
    let workingHead = hasWorking ? try await Self.prepareWorking(at: files.ledger, options: options) : nil
    let replica = try await Ledger(path: files.replica, options: options)
    let twin = try workingHead.map { $0 == (try replica.chainHead()) } ?? true

    var offline: String?
    var pushed = 0
    var refused = 0
    // Before anything is pushed, the hub must still hold this replica's history: a hub
    // restored from an older backup would accept the changes into another history.
    if try outbox.entries().contains(where: { $0.state == .pending }) {
      offline = try await Self.checkHistory(of: replica, at: client)
    }
    // A push the hub forbids (a read-only device) stops the pushes, not the pull: the device
    // still gets the hub's changes; its own become conflicts with the hub's reason (to drop,
    // or to retry once the device may write), and the report says why.
    var refusal: String?
    for entry in try outbox.entries() where offline == nil && entry.state == .pending {
      let outcome: Result<Submission, HubError>
      do {
        outcome = try await Self.attempt { () async throws(HubError) in try await client.submit(entry) }
      } catch {
        guard case .forbidden(let reason) = error else { throw error }
        refused += try outbox.refuseEveryPending(code: "forbidden", reason: reason)
        refusal =
          "\(reason) — the changes made here are kept as conflicts: see them with budget sync conflicts, "
          + "discard them with budget sync drop ID"
        break
      }
      guard case .success(let answer) = outcome else {
        if case .failure(let error) = outcome { offline = error.description }
        break
      }
      switch answer {
      case .accepted:
        try outbox.remove(entry.id)
        pushed += 1
      case .refused(_, let code, let reason):
        try outbox.update(entry.id) {
          $0.state = .conflict
          $0.code = code
          $0.reason = reason
        }
        refused += 1
      }
    }

    var pulled = 0
    if offline == nil {
      switch try await Self.attempt({ () async throws(HubError) in
        try await Self.pull(into: replica, from: client, wait: 0)
      }) {
      case .success(let count): pulled = count
      case .failure(let error): offline = error.description
      }
    }

    let entries = try outbox.entries()
    let stillPending = entries.filter { $0.state == .pending }
    // The working ledger had nothing of its own (or everything it had was just pushed and
    // pulled back, and nothing is left): the replica's new events continue it as they are.
    if twin, pulled > 0 {
      if let workingHead {
        let working = try await Ledger(path: files.ledger, options: options)
        try await Self.copyEvents(from: replica, into: working, after: workingHead.position)
      }
    } else if offline == nil,
      pushed > 0 || pulled > 0 || refused > 0
        || entries.contains(where: { $0.state == .conflict && $0.positions != nil })
    {
      // Only after a pull: the changes the hub accepted (in this sync or an earlier one that
      // went offline before pulling) are in the replica only once pulled back. Rebuilt from a
      // replica without them, the device would lose sight of its own changes, and a pending
      // change built on one of them would be refused here.
      try await rebuildWorkingLedger(from: replica, replaying: stillPending)
    }
    return SyncReport(
      pulled: pulled, pushed: pushed, conflicts: entries.count { $0.state == .conflict },
      pending: entries.count { $0.state == .pending }, head: try replica.chainHead(), offline: offline,
      refused: refusal)
  }

  /// The report of a sync with nothing to do — an empty outbox and no new event on the hub —
  /// found from the replica's log and one request (``HubProbe``), without opening either
  /// ledger whole or starting the HTTP client (the common case of `budget sync` run often);
  /// `nil` when there is work, or when that is not known for sure (the full sync then finds
  /// out, and says why if the hub is out of reach).
  func nothingToDo(outbox: Outbox, remote: Remote) async throws -> SyncReport? {
    let entries = try outbox.entries()
    guard entries.allSatisfy({ $0.state == .conflict }) else { return nil }
    let head = try Ledger.chainHead(ofLedgerAt: files.replica)
    guard await HubProbe(remote: remote).hasNothingAfter(head) == true else { return nil }
    return SyncReport(pulled: 0, pushed: 0, conflicts: entries.count, pending: 0, head: head, offline: nil)
  }

  /// Settles what a crash left half-recorded in the outbox and returns the working ledger's
  /// head; the ledger is closed again before the sync goes on (it may be replaced).
  static func prepareWorking(at path: String, options: Ledger.Options) async throws -> ChainHead {
    let working = try await Ledger(path: path, options: options)
    try working.settleInterruptedEntries()
    return try working.chainHead()
  }

  /// Checks that the hub's chain at the replica's head is the replica's; the reason it is out of
  /// reach if it is, or throws when the hub's history is another.
  static func checkHistory(of replica: Ledger, at client: HubClient) async throws -> String? {
    let head = try replica.chainHead()
    let probe = try await attempt { () async throws(HubError) in try await client.events(after: head.position, limit: 1)
    }
    switch probe {
    case .failure(let error): return error.description
    case .success(let page) where page.hashAfter != head.hash:
      throw HubError.diverged(
        "the hub's chain hash at position \(head.position) is \(page.hashAfter.prefix(16))…, this replica's \(head.hash.prefix(16))…: the hub's history is not this replica's (restored from an older backup, or another hub) — nothing was pushed"
      )
    case .success: return nil
    }
  }

  /// Runs `work`; a hub out of reach comes back as a failure (the device is offline), any
  /// other error is thrown.
  static func attempt<T>(_ work: () async throws(HubError) -> T) async throws(HubError) -> Result<T, HubError> {
    do {
      return .success(try await work())
    } catch {
      if case .unreachable = error { return .failure(error) }
      throw error
    }
  }

  /// Pulls every event the hub has after the replica's head, a page at a time.
  static func pull(into replica: Ledger, from client: HubClient, wait: Int) async throws(HubError) -> Int {
    var pulled = 0
    var waiting = wait
    while true {
      let head: ChainHead
      do { head = try replica.chainHead() } catch { throw .protocolError("\(error)") }
      let page = try await client.events(after: head.position, wait: waiting)
      guard page.hashAfter == head.hash else {
        throw .diverged(
          "the hub's chain hash at position \(head.position) is \(page.hashAfter.prefix(16))…, this replica's \(head.hash.prefix(16))…: the hub's history is not this replica's (restored from an older backup, or another hub) — nothing was applied"
        )
      }
      guard page.count > 0 else { return pulled }
      do {
        try await replica.replicate(page.frames)
      } catch {
        throw .diverged("\(error)")
      }
      pulled += page.count
      waiting = 0
      if page.lastPosition >= page.hubHead { return pulled }
    }
  }

  /// Appends to `working` the replica's events after `position` (the working ledger is the
  /// replica's twin up to it).
  static func copyEvents(from replica: Ledger, into working: Ledger, after position: UInt64) async throws {
    var after = position
    while true {
      let frames = try replica.frames(after: after, limit: 50_000)
      guard frames.count > 0 else { return }
      try await working.replicate(frames.bytes)
      after = frames.lastPosition
    }
  }

  /// Replaces the working ledger with a copy of the replica and decides `pending` again on it,
  /// in order; a change the rules now refuse becomes a conflict with their reason.
  public func rebuildWorkingLedger(from replica: Ledger, replaying pending: [OutboxEntry]) async throws {
    let fresh = files.ledger + ".rebuild"
    unlink(fresh)
    try replica.writeCopy(to: fresh)
    guard rename(fresh, files.ledger) == 0 else {
      throw SyncError.damaged("cannot replace \(files.ledger) with the rebuilt working ledger (errno \(errno))")
    }
    let working = try await Ledger(path: files.ledger, options: options)
    let outbox = Outbox(files: files)
    // The conflicts' events were in the old working ledger only: they hold no positions now
    // (else every later sync would rebuild again to take them out).
    for entry in try outbox.entries() where entry.state == .conflict && entry.positions != nil {
      try outbox.update(entry.id) { $0.positions = nil }
    }
    for entry in pending {
      do {
        let outcomes = try await working.replay(entry)
        let positions = outcomes.flatMap { [$0.positions.lowerBound, $0.positions.upperBound] }
        try outbox.update(entry.id) { $0.positions = positions.isEmpty ? nil : [positions.min()!, positions.max()!] }
      } catch {
        try outbox.update(entry.id) {
          $0.state = .conflict
          $0.code = "refused_on_device"
          $0.reason = "\(error)"
          $0.positions = nil
        }
      }
    }
  }
}
