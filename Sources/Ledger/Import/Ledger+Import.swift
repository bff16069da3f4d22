import EventLog
import LedgerDomain

extension Ledger {
  /// Imports the rows of `source` — a bank statement a file format has read — as new
  /// transactions: in its batches, each all or nothing, idempotently (a row recorded before
  /// is skipped: importing the same file again adds nothing), as one command for undo. Or,
  /// with ``ImportOptions/dryRun``, checks every row against a private copy of the state and
  /// records nothing.
  ///
  /// What follows from the rows is done here too, under the import's correlation id, so that
  /// the same undo takes it back: the bills the statement paid are matched to its rows
  /// (``matchScheduled(account:dueFrom:through:after:partOf:linking:metadata:)``; the summary's
  /// ``ImportSummary/bills`` says which).
  ///
  /// `report` is called after each batch and once at the end, with
  /// ``ImportProgress/Phase/finished`` and the summary returned. Cancelling the calling task
  /// stops the import before its next batch: the summary then says
  /// ``ImportSummary/cancelled``, and counts what was recorded; the read models are brought up
  /// to the rows recorded also then.
  ///
  /// - Throws: ``ImportFailure`` if the ledger fails; the batches recorded before stay
  ///   recorded (importing the file again adds the rest).
  public func importTransactions(
    _ source: some ImportSource, options: ImportOptions = ImportOptions(),
    reporting report: @escaping @Sendable (ImportProgress) -> Void = { _ in }
  ) async throws(ImportFailure) -> ImportSummary {
    let job = ImportJob(ledger: self, source: source, options: options)
    var summary: ImportSummary
    do {
      let imported = try ImportedRows(ledger: self)
      summary =
        options.dryRun ? try job.check(imported: imported) : try await job.record(imported: imported, report: report)
    } catch let failure as ImportFailure {
      throw failure
    } catch {
      throw .ledger(LedgerError(error))
    }
    // The statement may hold what schedules expected: those occurrences are then paid.
    if !options.dryRun, summary.added > 0 {
      summary.bills = try? await matchScheduled(
        partOf: job.correlationId, metadata: EventMetadata(actor: options.actor))
    }
    report(ImportProgress(phase: .finished, done: source.rowCount, total: source.rowCount, rate: 0, summary: summary))
    return summary
  }

  /// ``importTransactions(_:options:reporting:)`` as an asynchronous sequence of its
  /// progress: iterating it runs the import (in a task of its own, cancelled when the
  /// iteration ends early), and the last value is ``ImportProgress/Phase/finished``, with the
  /// summary. An import that fails ends the sequence with its ``ImportFailure``.
  public func importProgress(
    _ source: some ImportSource, options: ImportOptions = ImportOptions()
  ) -> AsyncThrowingStream<ImportProgress, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(
      of: ImportProgress.self, throwing: (any Error).self, bufferingPolicy: .bufferingNewest(64))
    let task = Task { [self] in
      do {
        _ = try await importTransactions(source, options: options) { continuation.yield($0) }
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }
}
