import EventRecords
import Foundation
import Ledger
import NIOCore

/// A device's standing connection to its hub, for a process that stays open on the device
/// (`budget serve`, `budget sync --watch`): it sends each change to the hub at once while the
/// hub is reachable (``CommandForwarder``), follows the hub's new events as they come, and
/// pushes what waited in the outbox when the hub comes back.
///
/// Everything that writes the replica and the working ledger goes through one gate (an actor
/// alone would not do: its methods interleave at every `await`), so a forwarded change and a
/// followed event never race; the long wait for news happens outside it, and ends early when
/// a change went to the outbox or a `budget sync` asks for a round (``syncNow()``).
public actor DeviceLink: CommandForwarder {
  public nonisolated let files: SyncFiles
  let client: HubClient
  /// The replica, open for the life of the link.
  public nonisolated let replica: Ledger
  private var busy = false
  private var waiting: [CheckedContinuation<Void, Never>] = []
  /// Rung when the loop that follows the hub should take its next round now.
  private nonisolated let doorbell = Doorbell()
  /// Who waits for the next round's report (``syncNow()``).
  private var requests: [CheckedContinuation<SyncReport, Never>] = []
  /// Whether a round found the working ledger to be rebuilt, and no round is taken until
  /// ``rebuilt()``: a sync asked for meanwhile is answered at once.
  private var rebuilding = false

  /// Waits for the gate, then holds it until ``leave()``.
  private func enter() async {
    guard busy else {
      busy = true
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  /// Hands the gate to the next in line, or opens it.
  private func leave() {
    if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
  }

  /// Opens the link for the device whose files are `files`, to its remote `remote` (the first
  /// if `nil`), and makes the device's working ledger if it has none yet.
  public init(files: SyncFiles, remote name: String? = nil, options: Ledger.Options) async throws {
    self.files = files
    client = HubClient(remote: try RemoteList(files: files).remote(named: name), timeout: .seconds(10))
    var replicaOptions = options
    replicaOptions.forwarder = nil
    replica = try await Ledger(path: files.replica, options: replicaOptions)
    // The link writes the hub's events into the working ledger too: a device that read its
    // replica so far gets one now, from the replica this process holds open.
    try replica.makeWorkingLedger(at: files.ledger)
  }

  /// What one round of following did.
  public struct Round: Sendable, Hashable {
    public var pulled = 0
    public var pushed = 0
    public var conflicts = 0
    /// Why the hub was out of reach, if it was.
    public var offline: String?
    /// The working ledger holds changes of its own the hub has now decided: it must be
    /// rebuilt from the replica (``Synchronizer/rebuildWorkingLedger(from:replaying:)``).
    public var needsRebuild = false
  }

  public func forward(_ entry: OutboxEntry, to ledger: Ledger) async -> ForwardedChange {
    await enter()
    defer { leave() }
    guard (try? ledger.chainHead()) == (try? replica.chainHead()) else { return .unreachable }
    let submission: Submission
    do { submission = try await client.submit(entry) } catch { return .unreachable }
    switch submission {
    case .refused(let status, let code, let reason):
      return .refused(status: status, code: code, reason: reason)
    case .accepted(let positions, let duplicate):
      guard let first = positions.first, let last = positions.last else { return .unreachable }
      // Accepted but not yet pulled (the hub went away between): the next round brings it.
      _ = try? await pullAndFollow(ledger)
      guard (try? ledger.chainHead().position).map({ $0 >= last }) == true else { return .unreachable }
      return .accepted(positions: first...last, duplicate: duplicate)
    }
  }

  public nonisolated func changesWaiting() async { doorbell.ring() }

  public nonisolated func replicaHead() -> ChainHead? { try? replica.chainHead() }

  /// Asks the loop that follows the hub for a round now, and answers what it did (the outbox
  /// counted after it). Only for a link whose rounds are being taken (`budget serve`).
  public func syncNow() async -> SyncReport {
    // The server stops for the rebuild once its requests are answered: this one too.
    if rebuilding { return report(of: Round()) }
    return await withCheckedContinuation { continuation in
      requests.append(continuation)
      doorbell.ring()
    }
  }

  /// The working ledger was rebuilt: rounds go on.
  public func rebuilt() { rebuilding = false }

  /// Pushes the outbox (if anything waits) and pulls what the hub has, bringing `ledger` along
  /// when it is the replica's twin; answers those who asked for a round (``syncNow()``).
  public func round(_ ledger: Ledger) async -> Round {
    await enter()
    defer { leave() }
    let asking = requests
    requests = []
    let round = await push(andPullInto: ledger)
    rebuilding = round.needsRebuild
    guard !asking.isEmpty else { return round }
    let report = report(of: round)
    for request in asking { request.resume(returning: report) }
    return round
  }

  /// What `round` did, and where the outbox and the replica stand after it.
  private func report(of round: Round) -> SyncReport {
    let entries = (try? Outbox(files: files).entries()) ?? []
    let head = (try? replica.chainHead()) ?? ChainHead(position: 0, hash: String(repeating: "0", count: 64))
    return SyncReport(
      pulled: round.pulled, pushed: round.pushed, conflicts: entries.count { $0.state == .conflict },
      pending: entries.count { $0.state != .conflict }, head: head, offline: round.offline)
  }

  private func push(andPullInto ledger: Ledger) async -> Round {
    var round = Round()
    let outbox = Outbox(files: files)
    let waiting = ((try? outbox.entries()) ?? []).filter { $0.state == .pending }
    for entry in waiting {
      do {
        switch try await client.submit(entry) {
        case .accepted:
          try outbox.remove(entry.id)
          round.pushed += 1
        case .refused(_, let code, let reason):
          try outbox.update(entry.id) {
            $0.state = .conflict
            $0.code = code
            $0.reason = reason
          }
          round.conflicts += 1
        }
      } catch HubError.forbidden(let reason) {
        // A read-only device: none of its changes will be taken; they become conflicts (as
        // `budget sync` makes them), and it still follows the hub.
        round.conflicts += (try? outbox.refuseEveryPending(code: "forbidden", reason: reason)) ?? 0
        break
      } catch {
        round.offline = "\(error)"
        return round
      }
    }
    do {
      let (pulled, twin) = try await pullAndFollow(ledger)
      round.pulled = pulled
      round.needsRebuild = !twin && (round.pushed > 0 || round.conflicts > 0 || pulled > 0)
    } catch {
      round.offline = "\(error)"
    }
    return round
  }

  /// Waits (up to `seconds`) until the hub has an event after the replica's head, or a round
  /// is asked for (``changesWaiting()``, ``syncNow()``); outside the actor's work, so
  /// forwarded changes go on meanwhile.
  public nonisolated func waitForNews(seconds: Int) async {
    guard let head = try? replica.chainHead() else { return }
    await firstOf { [client] in _ = try? await client.events(after: head.position, limit: 1, wait: seconds) }
  }

  /// Waits `seconds` (the hub is out of reach), or until a round is asked for.
  public nonisolated func pause(seconds: Double) async {
    await firstOf { try? await Task.sleep(for: .seconds(seconds)) }
  }

  /// Runs `wait` until it returns or the doorbell rings, whichever comes first.
  private nonisolated func firstOf(_ wait: @escaping @Sendable () async -> Void) async {
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await wait() }
      group.addTask { [doorbell] in await doorbell.wait() }
      await group.next()
      group.cancelAll()
    }
  }

  /// Pulls into the replica and, when `ledger` was its twin, appends the same events to it.
  private func pullAndFollow(_ ledger: Ledger) async throws -> (pulled: Int, twin: Bool) {
    let before = try replica.chainHead()
    let twin = try ledger.chainHead() == before
    let pulled = try await Synchronizer.pull(into: replica, from: client, wait: 0)
    if twin, pulled > 0 { try await Synchronizer.copyEvents(from: replica, into: ledger, after: before.position) }
    return (pulled, twin)
  }
}
