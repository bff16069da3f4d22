import EventLog
import ProjectionEngine

/// The read models' upkeep, as the front ends see it: their status, a rebuild.
extension Ledger {
  /// The names of the ledger's read models.
  public var projectionNames: [String] { projections.names }

  /// Each read model's version, checkpoint, lag and rows.
  public func projectionStatus() throws(LedgerError) -> [ProjectorStatus] {
    do { return try projections.status() } catch { throw LedgerError(error) }
  }

  /// Rebuilds the read models called `names` (all, when `nil`) by folding the whole log into
  /// new tables that replace the old ones in one commit (blue/green); returns their names.
  @discardableResult
  public func rebuildProjections(
    _ names: [String]? = nil, progress: (@Sendable (ProjectionProgress) -> Void)? = nil
  ) async throws(LedgerError) -> [String] {
    do { return try await projections.rebuild(names ?? projections.names, progress: progress) } catch {
      throw LedgerError(error)
    }
  }

  /// The position the slowest read model has folded up to, and the log's head as they see it.
  public func projectionCheckpoint() throws(LedgerError) -> (checkpoint: UInt64, head: UInt64) {
    do { return try projections.read { ($0.checkpoint, $0.head.position) } } catch { throw LedgerError(error) }
  }
}
