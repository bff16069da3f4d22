import EventLog
import LMDB
import ProjectionEngine

extension Ledger {
  /// About how many bytes the file grows per transaction an import adds: the event, its
  /// stream and key entries, and the rows of every projection (measured: a 100,000-row import
  /// grows a ledger by ~215 MB, and the rules' stored row of each transaction ~30 MB more).
  public static let bytesPerImportedTransaction = 2_900

  /// Prepares for `transactions` more transactions in a row (an import): grows the map once,
  /// now, instead of letting a batch fill it — a batch that fills the map is rolled back and
  /// run again after the map grows, and a 10,000-row batch is a good part of a second.
  package func reserveRoom(forTransactions transactions: Int) throws(LedgerError) {
    try reserveMap(forTransactions: transactions)
  }

  /// Grows the map for `transactions` more (a restore's events do not go through the rules).
  func reserveMap(forTransactions transactions: Int) throws(LedgerError) {
    do {
      try log.environment.reserveRoom(forBytes: max(0, transactions) * Self.bytesPerImportedTransaction)
    } catch {
      throw LedgerError(error)
    }
  }

  /// Drops the readers' copy of the rules' state; the next read of ``state`` reads the stored
  /// snapshot again (every commit hands readers the writer's state anyway).
  package func releaseReadersState() {
    committedState.withLock { $0 = .unloaded }
  }

  /// Whether adding `count` events in a bulk load is cheaper with the projections rebuilt
  /// once at the end (``ProjectionUpdate/deferred``) than folded batch by batch: when they are
  /// at least twice as many as the events already in the log. A rebuild folds every event of the ledger, spread over the cores
  /// and written in key order (~3.4 µs per event for all four read models at 1 M events on
  /// the project's machine), while inline folding costs the single writer ~4.4 µs per added
  /// transaction; with fewer, the events already there would weigh too much in the rebuild.
  package func prefersDeferredProjections(forAdding count: Int) -> Bool {
    let existing = (try? log.head().position) ?? 0
    return count > 0 && UInt64(count) >= 2 * existing
  }

  /// Rebuilds every projection that is behind the log — after a bulk load with
  /// ``ProjectionUpdate/deferred`` — and returns their names. Blue/green: reads answer from
  /// the old tables until the new ones replace them in one commit.
  @discardableResult
  package func catchUpProjections(
    progress: (@Sendable (ProjectionProgress) -> Void)? = nil
  ) async throws(LedgerError) -> [String] {
    do { return try await projections.rebuild(progress: progress) } catch { throw LedgerError(error) }
  }

  /// Rebuilds what opening the ledger would: projectors that are missing, of another
  /// version, or behind the log — except while the process whose bulk load deferred them
  /// still runs. For processes that stay open (the server): an import killed half-way, or
  /// whose catch-up failed, would otherwise leave their answers behind until they restart.
  /// Returns what it rebuilt (nothing, usually: one cheap read).
  ///
  /// If the rebuild fails but every projector it concerns is only behind, nothing is thrown:
  /// they still answer, as of what they have folded, and say so (``projectionLag()``) —
  /// better than a ledger that cannot be opened to read, verify or free space (a bulk load
  /// stopped by a full disk, say). The outcome carries the failure; the next call tries again.
  @discardableResult
  package func catchUpAbandonedProjections() async throws(LedgerError) -> ProjectionCatchUp {
    do {
      let stale = try projections.staleProjectors(sparingLiveBulkLoad: true)
      guard !stale.isEmpty else { return ProjectionCatchUp() }
      do { return ProjectionCatchUp(rebuilt: try await projections.rebuild(stale)) } catch {
        if try projections.unusableProjectors().isEmpty { return ProjectionCatchUp(failure: LedgerError(error)) }
        throw error
      }
    } catch {
      throw LedgerError(error)
    }
  }

  /// How far the read models are behind the log: events the slowest projector has not
  /// folded, and whether a bulk load that deferred them is still running in some process.
  /// Zero events in normal operation; a front end says why answers look old otherwise.
  public func projectionLag() throws(LedgerError) -> ProjectionLag {
    do {
      let behind = try projections.read { $0.head.position - $0.checkpoint }
      return ProjectionLag(events: behind, bulkLoadRunning: try projections.bulkLoadMarker()?.isAlive ?? false)
    } catch {
      throw LedgerError(error)
    }
  }
}
