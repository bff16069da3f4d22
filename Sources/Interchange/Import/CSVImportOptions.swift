/// How ``CSVImport`` reads a file and records its rows.
public struct CSVImportOptions: Sendable, Hashable {
  /// Which columns hold what, and how dates and amounts are written.
  public var mapping: CSVMapping
  /// The field separator.
  public var delimiter: Character = ","
  /// Rows recorded per write transaction (one fsync each); each batch is all or nothing.
  public var batchSize = 10_000
  /// Accept a file whose amounts are all positive as income (refused otherwise: the amounts
  /// are more likely unsigned, see ``CSVImportError/unsignedAmounts``).
  public var allIncome = false
  /// Check every row and report, but record nothing.
  public var dryRun = false
  /// Who imports, for the events' metadata.
  public var actor: String?
  /// The name of the file imported, if it has one: kept in the events' correlation id, so
  /// that undoing the import can say which file it took back.
  public var fileName: String?
  /// Whether the ledger is used after the import: it then keeps its state current, for the
  /// commands and reads that follow. A process that ends with the import (the CLI) sets
  /// `false`, which spares it a second copy of every row in memory and the time to fold it.
  public var ledgerStaysInUse = true
  /// Whether each batch is folded into the read models as it is recorded: readers see the
  /// rows as they come, and the import holds a few batches in memory whatever the file's size
  /// (what a server, which answers others meanwhile, wants). `false` lets an import much
  /// larger than its ledger record without them and rebuild them once at the end — faster,
  /// but the rebuilt read models are held in memory until they are written (the CLI's
  /// choice, which has the machine to itself).
  public var keepsReadModelsCurrent = true

  /// The batch sizes an import accepts.
  public static let batchSizes = 1...100_000

  public init(mapping: CSVMapping = CSVMapping()) { self.mapping = mapping }

  /// Throws ``CSVImportError/invalidOptions(_:)`` if the batch size is out of range.
  func validate() throws(CSVImportError) {
    guard Self.batchSizes.contains(batchSize) else {
      throw .invalidOptions("the batch size must be between 1 and 100,000 (got \(batchSize))")
    }
  }
}
