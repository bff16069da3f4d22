/// When the writer stores the rules' state (``RulesSnapshot``) in the transaction it commits.
///
/// Storing it rewrites its header and puts each new transaction's tail into the index of
/// tails, whose keys are random: under a steady load of group commits that is a page of the
/// file per transaction, rewritten and flushed in every commit (a third of what a commit
/// wrote, measured on a 1 M-transaction hub taking `POST`s). So the writer stores the state
/// in its first commit, and after that at most every ``interval`` (``Ledger/Options/stateStoreInterval``,
/// half a second unless set) — unless much has changed since — and the index then takes many
/// tails in one sorted pass. A command-line process commits once and stores every time; a busy
/// server stores twice a second.
///
/// In between, the stored state is behind the head, and valid: whoever reads it folds the
/// events after it (at most ``maximumLag``); the transactions added since are found by their
/// stream names (``StoredTransactions/scanRecentTails(in:startingWith:_:)``). A process that
/// stops leaves it so; the next one to open the ledger brings it to the head.
struct SnapshotSchedule: Sendable {
  /// The interval unless the ledger's options set another (their default).
  static var defaultInterval: Duration { Ledger.Options().stateStoreInterval }
  /// The least time between two stores of a busy writer; zero stores at every commit.
  let interval: Duration
  /// The state is stored, however soon, once this many transactions were added since the
  /// last store…
  static let maximumUnindexed = 4_096
  /// …or once the stored state is this many events behind.
  static let maximumLag: UInt64 = 16_384

  /// Whether the writer stores `folded` in the transaction it is about to commit.
  func stores(_ folded: FoldedState, now: ContinuousClock.Instant = .now) -> Bool {
    guard let storedAt = folded.storedAt, let stored = folded.snapshotPosition else { return true }
    return now - storedAt >= interval || folded.unindexed.count >= Self.maximumUnindexed
      || folded.position - min(stored, folded.position) >= Self.maximumLag
  }
}
