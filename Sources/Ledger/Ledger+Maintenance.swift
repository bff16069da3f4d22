import EventRecords
import Foundation
import LedgerDomain
import QueryResults

extension Ledger {
  /// How often a long-running process (`budget serve`) looks after its open ledger.
  public struct Maintenance: Sendable, Equatable {
    /// Frees the reader slots of processes that died mid-read (a `budget verify` killed inside
    /// its read transaction keeps its slot, and the snapshot it pins stops LMDB from reusing
    /// pages, until someone checks). Opening a ledger does; a process that stays open must.
    public var readerCheck: Duration = .seconds(30)
    /// Rebuilds read models that an import in another process deferred and then left behind
    /// (killed, or its own catch-up failed).
    public var catchUp: Duration = .seconds(5)
    /// Posts the bills on autopay: at the start, then as days begin.
    public var autopay: Duration = .seconds(3600)
    /// Stores the rules' state once writes pause (a busy writer stores it at most every
    /// ``Options/stateStoreInterval``), so that the next process to open the ledger need not.
    public var stateStore: Duration = .seconds(1)

    public init() {}
  }

  /// Looks after the open ledger — reader slots, abandoned catch-ups, autopay, the stored
  /// state — on `schedule` until the task is cancelled; then stores the state if it is behind
  /// and returns. Says what it did, and each distinct failure once, through `report` (a
  /// server's log).
  public func maintain(_ schedule: Maintenance = Maintenance(), report: @escaping @Sendable (String) -> Void) async {
    await withTaskGroup(of: Void.self) { loops in
      loops.addTask { await self.every(schedule.readerCheck) { _ = try? self.clearStaleReaders() } }
      loops.addTask { await self.catchUpLoop(every: schedule.catchUp, report: report) }
      loops.addTask { await self.autopayLoop(every: schedule.autopay, report: report) }
      loops.addTask {
        await self.every(schedule.stateStore) {
          _ = try? await self.storeStateIfBehind(quietFor: Options.serverStateStoreInterval)
        }
      }
    }
    _ = try? await storeStateIfBehind()
  }

  /// Runs `body` every `interval` until cancelled, the first time after one interval.
  private func every(_ interval: Duration, _ body: () async -> Void) async {
    while !Task.isCancelled {
      try? await Task.sleep(for: interval)
      guard !Task.isCancelled else { return }
      await body()
    }
  }

  private func catchUpLoop(every interval: Duration, report: @Sendable (String) -> Void) async {
    var lastFailure: String?
    await every(interval) {
      var failure: String?
      do {
        let outcome = try await catchUpAbandonedProjections()
        if !outcome.rebuilt.isEmpty {
          report("rebuilt \(outcome.rebuilt.joined(separator: ", ")), which a stopped import had left behind")
        }
        failure = outcome.failure?.description
      } catch {
        failure = "\(error)"
      }
      if let failure, failure != lastFailure {
        let lag = (try? projectionLag().events).map { " (answers leave out the last \($0) events)" } ?? ""
        report(
          "could not bring the read models up to date\(lag); trying again every \(interval.components.seconds) s: \(failure)"
        )
      }
      lastFailure = failure
    }
  }

  /// Posts the waiting autopay occurrences at once, then every `interval`. Each posting is
  /// under its idempotency key, so a `budget schedule post` running meanwhile — or another
  /// server — never posts one twice.
  private func autopayLoop(every interval: Duration, report: @Sendable (String) -> Void) async {
    while !Task.isCancelled {
      do {
        let posted = try await postAutopay(metadata: EventMetadata(actor: "serve:autopay"))
        for (occurrence, _) in posted.posted {
          report("posted '\(occurrence.terms.name)' of \(occurrence.nominal) (autopay)")
        }
        for (occurrence, reason) in posted.refused {
          report("could not post '\(occurrence.terms.name)' of \(occurrence.nominal): \(reason)")
        }
        for warning in (try? warnings(after: posted.outcomes)) ?? [] {
          report("warning: \(warning.message) (autopay)")
        }
      } catch {
        report("could not post autopay occurrences: \(error)")
      }
      try? await Task.sleep(for: interval)
    }
  }
}
