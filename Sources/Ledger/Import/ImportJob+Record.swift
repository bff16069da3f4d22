import EventLog
import LedgerDomain
import ProjectionEngine

extension ImportJob {
  /// Records the rows in batches, as one command for undo (one correlation id), and brings
  /// the read models up to date.
  func record(
    imported: ImportedRows, report: @escaping @Sendable (ImportProgress) -> Void
  ) async throws
    -> ImportSummary
  {
    var summary = ImportSummary()
    // One correlation id for the whole import: undo takes it back as one command.
    let metadata = EventMetadata(actor: options.actor, correlationId: correlationId)
    // As of before the import: which of the file's rows an undone import had recorded.
    let before = ledger.state
    let anyUndone = ImportedRows.anyDeletedImport(in: before)
    // Grow the file's map once for the whole import (a batch that fills it runs twice).
    try ledger.reserveRoom(forTransactions: source.rowCount)
    // A process that ends with the import reads no more state: every commit would update the
    // readers' copy for nothing.
    if !options.ledgerStaysInUse { ledger.releaseReadersState() }
    // An import that outgrows the ledger several times over records its batches without
    // folding them into the read models, and rebuilds those once at the end (also when it
    // stops early: the rows recorded so far stay, and so must their projections).
    // Those are then folded from the load's own rows as they commit, beside the import.
    let projecting: ProjectionUpdate =
      !options.keepsReadModelsCurrent && ledger.prefersDeferredProjections(forAdding: source.rowCount)
      ? .deferred : .inline
    // The load's own copy of the state counts its rows into the sums the rules bound, and
    // keeps none: the writer's state takes them as they commit, and an import then holds a
    // few batches in memory, not every row of the file as a transaction.
    var load = try await ledger.beginBulkLoad(
      metadata: metadata, rebuildingProjections: projecting == .deferred, keepingState: false,
      expectedRows: source.rowCount)
    do {
      try await record(
        imported: imported, before: before, anyUndone: anyUndone, load: &load, projecting: projecting,
        into: &summary, report: report)
    } catch {
      ledger.abandonProjections(of: load)
      // The batches recorded so far stay (each was all or nothing): bring the read models up
      // to them before reporting what stopped the import.
      if projecting == .deferred { await catchUp(nil, summary: summary, report: report) }
      if summary.added > 0 { throw ImportFailure.interrupted(summary, LedgerError(error)) }
      throw error
    }
    if projecting == .deferred { await catchUp(load, summary: summary, report: report) }
    return summary
  }

  /// Rebuilds the read models an import deferred — in a task of its own, which cancelling
  /// the import does not stop: the rows recorded must reach them. A failure is not thrown:
  /// the rows are recorded, and the ledger rebuilds what is behind when next opened.
  private func catchUp(
    _ load: BulkLoad?, summary: ImportSummary, report: @escaping @Sendable (ImportProgress) -> Void
  ) async {
    let ledger = self.ledger
    let indexing: @Sendable (ProjectionProgress) -> Void = { progress in
      switch progress.phase {
      case .folding:
        report(
          ImportProgress(
            phase: .indexing, done: Int(progress.done), total: Int(progress.total), rate: progress.eventsPerSecond,
            summary: summary))
      case .writing:
        report(ImportProgress(phase: .writingIndexes, done: 0, total: 0, rate: 0, summary: summary))
      }
    }
    let rebuild = Task {
      if let load {
        try await ledger.catchUpProjections(after: load, progress: indexing)
      } else {
        try await ledger.catchUpProjections(progress: indexing)
      }
    }
    _ = try? await rebuild.value
  }

  /// Records the batches in a pipeline of three stages, each on a batch of its own: while the
  /// ledger's writer records batch k, this task prepares batch k + 1 (decides its rows against
  /// the load's own state, see ``BulkLoad``), and a child task maps the batches after it
  /// (reads the file's records, resolves names, hashes keys), up to three ahead (``Lookahead``),
  /// on a thread of its own (``DedicatedThread``): on the cooperative pool it waited for turns
  /// with the stage it feeds, and a million-row import took about 8 % longer.
  private func record(
    imported: ImportedRows, before: LedgerState, anyUndone: Bool, load: inout BulkLoad, projecting: ProjectionUpdate,
    into summary: inout ImportSummary, report: @escaping @Sendable (ImportProgress) -> Void
  ) async throws {
    let total = source.rowCount
    let batches = source.batchCount
    let mapped = Lookahead<Result<RowMapper.Mapped, any Error>>(capacity: 3)
    let source = self.source
    let mappingThread = DedicatedThread(name: "import-mapping")
    defer { mappingThread.shutdown() }
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask(executorPreference: mappingThread) {
        defer { mapped.finish() }
        // Owned by this task alone: its memory of the rows so far (the keys' occurrence
        // counts, a million entries) is never copied.
        var mapper = RowMapper(
          file: source.makeMapper(), imported: imported, before: before, anyUndone: anyUndone)
        mapper.reserveCapacity(rows: total)
        for index in 0..<batches {
          if Task.isCancelled { return }
          let result = Result { try mapper.map(batch: index) }
          guard await mapped.send(result) else { return }
          if case .failure = result { return }
        }
      }
      defer { mapped.cancel() }
      try await record(
        batches: batches, total: total, from: mapped, load: &load, projecting: projecting, into: &summary,
        report: report)
    }
  }

  /// The consuming end of the pipeline: prepares and records the mapped batches in order,
  /// until the last or until the task is cancelled.
  private func record(
    batches: Int, total: Int, from mapped: Lookahead<Result<RowMapper.Mapped, any Error>>, load: inout BulkLoad,
    projecting: ProjectionUpdate, into summary: inout ImportSummary,
    report: @escaping @Sendable (ImportProgress) -> Void
  ) async throws {
    let ledger = self.ledger
    let clock = ContinuousClock()
    let start = clock.now
    var done = 0
    // The mapping stage has sorted the rows out; this one decides those to load.
    func stage(_ next: Result<RowMapper.Mapped, any Error>?) throws -> StagedBatch? {
      guard let next else { return nil }
      let mapped = try next.get()
      var staged = StagedBatch(mapped: mapped.count)
      staged.lines = mapped.lines
      staged.rejected = mapped.rejected
      staged.skipped = mapped.skipped
      staged.refunds = mapped.refunds
      staged.prepared = load.prepare(mapped.rows)
      return staged
    }
    var staged = batches == 0 ? nil : try stage(await mapped.next())
    for index in 0..<batches {
      guard let current = staged, !Task.isCancelled else {
        summary.cancelled = true
        if let prepared = staged?.prepared { ledger.abandon(prepared) }
        break
      }
      for error in current.rejected { summary.reject(line: error.line, error.message) }
      summary.skipped += current.skipped
      async let recorded = { () async throws -> [Result<CommandOutcome, LedgerError>] in
        guard let prepared = current.prepared else { return [] }
        return try await ledger.record(prepared, projecting: projecting)
      }()
      staged = index + 1 < batches ? try stage(await mapped.next()) : nil
      let results = try await recorded
      for (line, result) in zip(current.lines, results) {
        switch result {
        case .success(let outcome): if outcome.wasDuplicate { summary.skipped += 1 } else { summary.added += 1 }
        case .failure(let error): summary.reject(line: line, "\(error)")
        }
      }
      for index in current.refunds where index < results.count {
        if case .success(let outcome) = results[index], !outcome.wasDuplicate { summary.refunds += 1 }
      }
      done += current.mapped
      let seconds = (clock.now - start) / .seconds(1)
      report(
        ImportProgress(
          phase: .importing, done: done, total: total, rate: seconds > 0 ? Double(done) / seconds : 0, summary: summary)
      )
    }
    await ledger.finish(&load)
  }
}

/// One batch of the file, mapped and prepared: what goes to the writer, with each row's line,
/// and what was settled before (rows refused by the mapping, rows an earlier version's import
/// recorded).
private struct StagedBatch: Sendable {
  var mapped: Int
  var prepared: PreparedBatch?
  var lines: [Int] = []
  var rejected: [ImportRowError] = []
  var skipped = 0
  /// The indices (in `lines`) of the rows that are refunds.
  var refunds: [Int] = []
}
