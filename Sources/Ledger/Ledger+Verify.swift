import EventLog
import LedgerDomain
import ProjectionEngine

/// What `verify` found: the chain, the period seals and the projections.
public struct VerificationReport: Sendable, Hashable {
  /// Events whose chain link verified.
  public var events: UInt64
  /// The chain head after the last verified event.
  public var head: ChainHash
  /// Every problem, in words: the first broken link, seals that no longer match, projections
  /// that differ from a fresh fold.
  public var problems: [String]

  public var isOK: Bool { problems.isEmpty }
}

extension Ledger {
  /// Checks the whole ledger: every link of the hash chain; that each closed period's seal
  /// is still the chain hash just before its `PeriodClosed` (so a history recomputed after
  /// tampering is caught); that the stored snapshot of the rules' state passes its checks and
  /// is at the head; and that every projection equals a fresh fold of the log.
  /// With `projections: false` the projections are not checked — the fast check. With
  /// `deep`, the rules' snapshot is also compared, field by field, with a fold of the log.
  public func verify(
    projections checkProjections: Bool = true, deep: Bool = false, progress: ((UInt64, UInt64) -> Void)? = nil
  ) throws(LedgerError)
    -> VerificationReport
  {
    do {
      let chain = try log.verify(progressInterval: 10_000, progress: progress)
      var problems: [String] = []
      if let failure = chain.firstFailure { problems.append("chain broken at \(failure)") }
      var previousHash = ChainHash.genesis
      var periodNames: [PeriodID: String] = [:]
      try log.scan { view in
        guard view.position <= chain.verifiedCount else { return .stop }
        if view.type == PeriodOpened.typeName || view.type == PeriodClosed.typeName {
          switch try? StoredEvent.decode(view) {
          case .periodOpened(let opened)?: periodNames[opened.period] = opened.name
          case .periodClosed(let closed)? where closed.seal != previousHash.hex:
            let name = periodNames[closed.period] ?? closed.period.description
            problems.append(
              "period '\(name)' seal at position \(view.position) no longer matches the chain: events before it were changed"
            )
          default: break
          }
        }
        previousHash = view.hash
        return .continue
      }
      problems += try snapshotProblems(deep: deep)
      if checkProjections { problems += try projections.verifyDeep().map(\.description) }
      return VerificationReport(events: chain.verifiedCount, head: chain.head, problems: problems)
    } catch {
      throw LedgerError(error)
    }
  }
}
