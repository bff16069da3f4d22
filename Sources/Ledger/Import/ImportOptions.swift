/// How ``Ledger/importTransactions(_:options:reporting:)`` records a file's rows.
public struct ImportOptions: Sendable, Hashable {
  /// Check every row and report, but record nothing.
  public var dryRun = false
  /// Who imports, for the events' metadata.
  public var actor: String?
  /// The name of the file imported, if it has one: kept in the events' correlation id, so
  /// that undoing the import can say which file it took back.
  public var fileName: String?
  /// Whether the ledger is used after the import: it then keeps its state current, for the
  /// commands and reads that follow. A process that ends with the import (the CLI) sets
  /// `false`, which spares it the time to update what nothing reads again.
  public var ledgerStaysInUse = true
  /// Whether each batch is folded into the read models as it is recorded: readers see the
  /// rows as they come, and the import holds a few batches in memory whatever the file's size
  /// (what a server, which answers others meanwhile, wants). `false` lets an import much
  /// larger than its ledger record without them and rebuild them once at the end — faster,
  /// but the rebuilt read models are held in memory until they are written (the choice of
  /// the CLI, which has the machine to itself).
  public var keepsReadModelsCurrent = true

  public init(dryRun: Bool = false, actor: String? = nil, fileName: String? = nil) {
    self.dryRun = dryRun
    self.actor = actor
    self.fileName = fileName
  }
}
