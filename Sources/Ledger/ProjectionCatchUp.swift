/// What ``Ledger/catchUpAbandonedProjections()`` did: which read models it rebuilt, or why a
/// rebuild they needed failed without making the ledger unusable.
public struct ProjectionCatchUp: Sendable {
  /// The projections rebuilt; none when nothing was behind, or when the bulk load that left
  /// them behind still runs in another process (it catches them up itself).
  public var rebuilt: [String]
  /// Why the rebuild failed, when that was tolerated: every projection it concerned was only
  /// behind the log, and keeps answering as of what it has folded (a bulk load stopped by a
  /// full disk, and the disk still full). The next call tries again.
  public var failure: LedgerError?

  public init(rebuilt: [String] = [], failure: LedgerError? = nil) {
    self.rebuilt = rebuilt
    self.failure = failure
  }
}
