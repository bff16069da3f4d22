import LedgerDomain

/// A CSV file read for an import, checked and ready: split into records and its header
/// matched against the mapping when it is made — a file or mapping that cannot be imported
/// throws then, before anything is recorded. It is the rows' ``ImportSource``: a ledger imports
/// it (`Ledger.importTransactions`), mapping its records a batch of
/// ``CSVImportOptions/batchSize`` at a time.
public struct CSVImport: ImportSource {
  /// How the file is read.
  public let options: CSVImportOptions
  let chunks: CSVChunks
  let session: CSVImporter.Session

  /// Reads `text` as CSV and matches its header against `options.mapping`, resolving names
  /// against `state` (the ledger's, as the import starts).
  ///
  /// - Throws: ``CSVImportError/invalidOptions(_:)``, ``CSVImportError/malformed(_:)``,
  ///   ``CSVImportError/mapping(_:)`` or ``CSVImportError/unsignedAmounts``.
  public init(_ text: String, state: LedgerState, options: CSVImportOptions) throws(CSVImportError) {
    try options.validate()
    let chunks: CSVChunks
    do { chunks = try CSVReader(delimiter: options.delimiter).chunked(text, size: options.batchSize) } catch {
      throw .malformed(error)
    }
    try self.init(chunks: chunks, state: state, options: options)
  }

  /// Reads `bytes`, UTF-8 text, as CSV: the import keeps them as they are (a file received as
  /// bytes is held once), and matches the header against `options.mapping`.
  ///
  /// - Throws: as ``init(_:state:options:)``, and ``CSVImportError/malformed(_:)`` with
  ///   ``CSVError/notUTF8(line:)`` when the bytes are not UTF-8 text.
  public init(bytes: [UInt8], state: LedgerState, options: CSVImportOptions) throws(CSVImportError) {
    try options.validate()
    let chunks: CSVChunks
    do { chunks = try CSVReader(delimiter: options.delimiter).chunked(bytes: bytes, size: options.batchSize) } catch {
      throw .malformed(error)
    }
    try self.init(chunks: chunks, state: state, options: options)
  }

  /// The import of `chunks`, a file checked whole (a malformed file records nothing) and read
  /// into records a batch at a time as the import goes.
  private init(chunks: CSVChunks, state: LedgerState, options: CSVImportOptions) throws(CSVImportError) {
    self.options = options
    self.chunks = chunks
    do { session = try CSVImporter(mapping: options.mapping).session(header: chunks.header, state: state) } catch {
      throw .mapping(error)
    }
    // Read as signed, a file of unsigned amounts books every expense as money received.
    if !options.allIncome, session.everyAmountIsPositive(in: chunks) { throw .unsignedAmounts }
  }

  /// The rows of the file (its records after the header).
  public var rowCount: Int { chunks.count }

  /// The batches of ``CSVImportOptions/batchSize`` rows the file is read in.
  public var batchCount: Int { chunks.chunkCount }

  /// The column read as each row's direction although the mapping named none (a column
  /// called `type`), so that a front end can say so; `nil` when the mapping named it, or
  /// the amounts' signs give the direction.
  public var detectedTypeColumn: String? { session.detectedTypeColumn }

  public func makeMapper() -> any ImportRowMapper { Mapper(chunks: chunks, session: session) }

  /// Reads the file's chunks into records and maps them into rows, in order.
  struct Mapper: ImportRowMapper {
    let chunks: CSVChunks
    var session: CSVImporter.Session

    mutating func reserveCapacity(rows: Int) { session.reserveCapacity(rows: rows) }

    mutating func rows(ofBatch index: Int) -> [ImportRow] { session.rows(chunks.records(ofChunk: index)) }
  }
}
