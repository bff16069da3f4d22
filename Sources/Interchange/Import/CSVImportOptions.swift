/// How ``CSVImport`` reads a file: its mapping, its delimiter, the batches it is read in.
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
  /// Check every row and report, but record nothing: asked for with the file (a request's
  /// `dryRun`), for the front end to pass on to the ledger's import.
  public var dryRun = false

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
