/// When the writer stores the rules' state (``RulesSnapshot``) in the transaction it commits.
///
/// Storing it rewrites its header and a payload of every account, category and budget, and
/// indexes each new transaction's tail (``RulesSnapshot+Tails``): under a steady load of
/// group commits, storing at every commit would write those again for every thirty or so
/// transactions. So a writer stores the state in its first commit, and after that at most
/// every ``interval`` — unless much has changed since. The interval is
/// ``Ledger/Options/stateStoreInterval``: zero, the default, stores in every commit (a
/// command-line process leaves the state at the head); a server sets half a second, and
/// stores the state at the head once it has been quiet that long and as it stops
/// (``Ledger/storeStateIfBehind(quietFor:)``). A transaction that brings the state up to date
/// on purpose (an opening, the end of a bulk load) always stores it.
///
/// In between, the stored state is behind the head, and valid: whoever reads it folds the
/// events after it (at most ``maximumLag``, or a running bulk load's rows); the transactions added since are found by their
/// stream names (``StoredTransactions/scanRecentTails(in:startingWith:_:)``). A process
/// killed meanwhile leaves it so; the next one to open the ledger brings it to the head.
struct SnapshotSchedule: Sendable {
  /// The least time between two stores of a busy writer; zero stores at every commit.
  let interval: Duration
  /// The state is stored, however soon, once this many transactions were added since the
  /// last store…
  static let maximumUnindexed = 4_096
  /// …or once the stored state is this many events behind.
  static let maximumLag: UInt64 = 16_384

  /// Whether the writer stores `folded` in the transaction it is about to commit.
  func stores(_ folded: FoldedState, now: ContinuousClock.Instant = .now) -> Bool {
    guard !folded.storeDue, let storedAt = folded.storedAt, let stored = folded.snapshotPosition else { return true }
    return now - storedAt >= interval || folded.unindexed.count >= Self.maximumUnindexed
      || folded.position - min(stored, folded.position) >= Self.maximumLag
  }
}
