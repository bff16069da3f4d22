import EventLog
import Ledger
import LedgerDomain

/// A CSV file's import into a ledger, checked and ready to run: the file is split into
/// records and its header matched against the mapping when the import is made — a file or
/// mapping that cannot be imported throws then, before anything is recorded.
///
/// ``run(reporting:)`` records the rows in batches of ``CSVImportOptions/batchSize``, each all
/// or nothing, idempotently (a row recorded before is skipped: importing the same file again
/// adds nothing), as one command for undo; ``progress()`` is the same as an asynchronous
/// sequence of ``ImportProgress`` values. Cancelling the task stops the import between two
/// batches: what was recorded stays recorded, and the summary says it was cancelled.
public struct CSVImport: Sendable {
  /// The ledger the rows go into.
  public let ledger: Ledger
  /// How the file is read and recorded.
  public let options: CSVImportOptions
  /// The correlation id the import's events carry: one for the whole import, so that undo
  /// takes it back as one user action — and what follow-ups of the import (bills its rows
  /// pay, ``Ledger/matchScheduled(account:dueFrom:through:after:partOf:linking:metadata:)``)
  /// are recorded under, so that the same undo takes them back too.
  public let correlationId: String
  let chunks: CSVChunks
  let session: CSVImporter.Session

  /// Reads `text` as CSV and matches its header against `options.mapping`.
  ///
  /// - Throws: ``CSVImportError/invalidOptions(_:)``, ``CSVImportError/malformed(_:)``,
  ///   ``CSVImportError/mapping(_:)`` or ``CSVImportError/unsignedAmounts``; nothing is recorded.
  public init(_ text: String, into ledger: Ledger, options: CSVImportOptions) throws(CSVImportError) {
    try options.validate()
    let chunks: CSVChunks
    do { chunks = try CSVReader(delimiter: options.delimiter).chunked(text, size: options.batchSize) } catch {
      throw .malformed(error)
    }
    try self.init(chunks: chunks, into: ledger, options: options)
  }

  /// Reads `bytes`, UTF-8 text, as CSV: the import keeps them as they are (a file received as
  /// bytes is held once), and matches the header against `options.mapping`.
  ///
  /// - Throws: as ``init(_:into:options:)``, and ``CSVImportError/malformed(_:)`` with
  ///   ``CSVError/notUTF8(line:)`` when the bytes are not UTF-8 text.
  public init(bytes: [UInt8], into ledger: Ledger, options: CSVImportOptions) throws(CSVImportError) {
    try options.validate()
    let chunks: CSVChunks
    do { chunks = try CSVReader(delimiter: options.delimiter).chunked(bytes: bytes, size: options.batchSize) } catch {
      throw .malformed(error)
    }
    try self.init(chunks: chunks, into: ledger, options: options)
  }

  /// The import of `chunks`, a file checked whole (a malformed file records nothing) and read
  /// into records a batch at a time as the import goes.
  private init(chunks: CSVChunks, into ledger: Ledger, options: CSVImportOptions) throws(CSVImportError) {
    self.ledger = ledger
    self.options = options
    self.chunks = chunks
    correlationId = UndoneCommand.importCorrelationId(file: options.fileName)
    do { session = try CSVImporter(mapping: options.mapping).session(header: chunks.header, state: ledger.state) } catch
    {
      throw .mapping(error)
    }
    // Read as signed, a file of unsigned amounts books every expense as money received.
    if !options.allIncome, session.everyAmountIsPositive(in: chunks) { throw .unsignedAmounts }
  }

  /// The rows of the file (its records after the header).
  public var rowCount: Int { chunks.count }

  /// The column read as each row's direction although the mapping named none (a column
  /// called `type`), so that a front end can say so; `nil` when the mapping named it, or
  /// the amounts' signs give the direction.
  public var detectedTypeColumn: String? { session.detectedTypeColumn }

  /// Runs the import (or, with ``CSVImportOptions/dryRun``, checks every row against a
  /// private copy of the state and records nothing), calling `report` after each batch and
  /// once at the end, with ``ImportProgress/Phase/finished`` and the summary it returns.
  ///
  /// Cancelling the calling task stops the import before its next batch: the summary then
  /// says ``ImportSummary/cancelled``, and counts what was recorded. The read models are
  /// brought up to the rows recorded also then.
  ///
  /// - Throws: ``CSVImportError/ledger(_:)`` if the ledger fails; the batches recorded before
  ///   stay recorded (importing the file again adds the rest).
  public func run(
    reporting report: @escaping @Sendable (ImportProgress) -> Void = { _ in }
  ) async throws(CSVImportError) -> ImportSummary {
    let summary: ImportSummary
    do {
      let imported = try ImportedRows(ledger: ledger)
      summary = options.dryRun ? try check(imported: imported) : try await record(imported: imported, report: report)
    } catch let error as CSVImportError {
      throw error
    } catch {
      throw .ledger(Self.ledgerError(error))
    }
    report(ImportProgress(phase: .finished, done: rowCount, total: rowCount, rate: 0, summary: summary))
    return summary
  }

  /// The import's progress as an asynchronous sequence: iterating it runs the import (in a
  /// task of its own, cancelled when the iteration ends early), and the last value is
  /// ``ImportProgress/Phase/finished``, with the summary. An import that fails ends the
  /// sequence with its ``CSVImportError``.
  public func progress() -> AsyncThrowingStream<ImportProgress, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(
      of: ImportProgress.self, throwing: (any Error).self, bufferingPolicy: .bufferingNewest(64))
    let task = Task { [self] in
      do {
        _ = try await run { continuation.yield($0) }
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }

  /// `error` as the ledger reports it.
  static func ledgerError(_ error: any Error) -> LedgerError {
    switch error {
    case let error as LedgerError: error
    case let error as EventLogError: .log(error)
    case let error as DomainError: .rejected(error)
    default: .log(.invalidInput(field: "import", reason: String(describing: error)))
    }
  }
}
