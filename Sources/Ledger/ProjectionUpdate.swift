/// When the events of a command reach the read models (``Ledger/execute(batch:metadata:projecting:)``).
public enum ProjectionUpdate: Sendable, Hashable {
  /// In the command's own transaction: every read after the command sees it. The default.
  case inline
  /// Not until the projections are rebuilt (``Ledger/catchUpProjections(progress:)``, or the
  /// next time the ledger is opened): until then every projector is behind the log and reads
  /// answer as of before. For bulk loads that outgrow the ledger several times over, where
  /// one rebuild at the end costs less than folding each batch into the tables on the writer
  /// (``Ledger/prefersDeferredProjections(forAdding:)``).
  case deferred
}
