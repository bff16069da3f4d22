import ArgumentParser
import EventLog
import Foundation
import Interchange
import Ledger
import LedgerDomain
import ProjectionEngine
import RunningBalances

/// `budget import csv FILE`: idempotent CSV import with column mapping.
struct ImportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import", abstract: "Import transactions.", subcommands: [CSV.self])

  struct CSV: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "csv", abstract: "Import a bank's CSV. Re-importing the same rows adds nothing.",
      discussion: "Example: budget import csv march.csv --account Checking --date-format dmy --decimal-comma")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The CSV file.") var file: String
    @Option(help: "The account of every row (unless --account-column).") var account: String?
    @Option(help: "The column of each row's date.") var dateColumn = "date"
    @Option(help: "A signed amount column: negative is an expense.") var amountColumn = "amount"
    @Option(help: "A money-out column (instead of --amount-column).") var debitColumn: String?
    @Option(help: "A money-in column (with --debit-column).") var creditColumn: String?
    @Option(
      help:
        "A column saying each row's direction (--income-values, --expense-values); the amount's sign is then not read (default: a 'type' column, if any)."
    ) var typeColumn: String?
    @Flag(help: "Read no 'type' column: the amounts' signs give the direction.") var noTypeColumn = false
    @Option(help: "Type values meaning money in, separated by commas (default: income,credit; any case).")
    var incomeValues: String?
    @Option(help: "Type values meaning money out, separated by commas (default: expense,debit; any case).")
    var expenseValues: String?
    @Flag(help: "Import a file whose amounts are all positive as income (refused otherwise: unsigned amounts?).")
    var allIncome = false
    @Option(help: "The column of each row's name (payee).") var payeeColumn = "payee"
    @Option(help: "The column of each row's category.") var categoryColumn = "category"
    @Option(help: "Each row's account (default: an 'account' column, unless --account).") var accountColumn: String?
    @Option(help: "Default: a 'description' column, if any.") var descriptionColumn: String?
    @Option(help: "Default: a 'notes' column, if any.") var notesColumn: String?
    @Option(help: "Tags, separated by spaces (default: a 'tags' column, if any).") var tagsColumn: String?
    @Option(help: "iso (2024-03-15), dmy (15/03/2024) or mdy (03/15/2024).") var dateFormat = "iso"
    @Flag(help: "Amounts use a decimal comma: 1.234,56.") var decimalComma = false
    @Option(help: "The field separator.") var delimiter = ","
    @Option(help: "Category for rows without one.") var defaultCategory: String?
    @Flag(help: "Check every row and report, but record nothing.") var dryRun = false
    @Option(help: "Rows recorded per transaction (one fsync each): each batch is all or nothing.") var batchSize =
      10_000

    func validate() throws {
      guard (1...100_000).contains(batchSize) else {
        throw ValidationError("--batch-size must be between 1 and 100,000 (got \(batchSize))")
      }
      guard ["iso", "dmy", "mdy"].contains(dateFormat) else {
        throw ValidationError("--date-format must be iso, dmy or mdy (got '\(dateFormat)')")
      }
      if typeColumn != nil, debitColumn != nil || creditColumn != nil {
        throw ValidationError(
          "--type-column gives the direction of --amount-column; with --debit-column/--credit-column the columns give it"
        )
      }
      if noTypeColumn, typeColumn != nil || incomeValues != nil || expenseValues != nil {
        throw ValidationError(
          "--no-type-column reads no type column; leave out --type-column, --income-values and --expense-values")
      }
      if allIncome, typeColumn != nil || debitColumn != nil || creditColumn != nil {
        throw ValidationError(
          "--all-income is for a file of signed amounts; with --type-column or --debit-column/--credit-column the file gives each row's direction"
        )
      }
    }

    func run() async throws {
      let ledger = try await options.openExisting()
      guard FileManager.default.fileExists(atPath: file) else { throw UserError("'\(file)' does not exist") }
      guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
        throw UserError("cannot read '\(file)' as UTF-8 text")
      }
      guard delimiter.count == 1, let delimiter = delimiter.first else {
        throw ValidationError("--delimiter must be one character")
      }
      // Checked whole now (a malformed file records nothing), read into records a batch at a
      // time as the import goes.
      let chunks: CSVChunks
      do { chunks = try CSVReader(delimiter: delimiter).chunked(text, size: batchSize) } catch {
        throw UserError("\(file): \(error)")
      }
      let importer = CSVImporter(mapping: try mapping())
      let session: CSVImporter.Session
      do { session = try importer.session(header: chunks.header, state: ledger.state) } catch {
        throw UserError("\(file): \(error)")
      }
      if let column = session.detectedTypeColumn {
        let words = importer.mapping.directionWords
        Console.note(
          "note: direction from column '\(column)' (money in: \(words.income.joined(separator: ", ")); money out: \(words.expense.joined(separator: ", "))); --no-type-column reads the amounts' signs instead"
        )
      }
      // Read as signed, a file of unsigned amounts books every expense as money received.
      if !allIncome, session.everyAmountIsPositive(in: chunks) {
        throw UserError(
          "every amount in \(file) is positive, so every row would be money received; if the file's amounts are unsigned, give the direction with --type-column COL, or --debit-column/--credit-column; if they really are all income, pass --all-income"
        )
      }
      let summary: ImportSummary
      let imported = try userFacing { try ImportedRows(ledger: ledger) }
      if dryRun {
        var session = session
        let state = ledger.state
        let rows = try userFacing {
          try imported.redirectingUndone(
            session.rows((0..<chunks.chunkCount).flatMap { chunks.records(ofChunk: $0) }), state: state,
            anyUndone: ImportedRows.anyDeletedImport(in: state))
        }
        summary = try check(rows, ledger: ledger, imported: imported)
      } else {
        summary = try await record(chunks, session: session, ledger: ledger, imported: imported)
      }
      let rejected = summary.rejected
      if options.json {
        try Console.json(summary)
      } else {
        print(
          "\(dryRun ? "would add" : "added") \(summary.added), skipped \(summary.skipped) already imported, rejected \(rejected.count)"
        )
        if summary.refunds > 0 {
          print(
            "\(summary.refunds) of them \(summary.refunds == 1 ? "is a refund" : "are refunds"): money in, booked to an expense category"
          )
        }
        for problem in rejected.prefix(50) { Console.note("  \(problem)") }
        if rejected.count > 50 { Console.note("  … and \(rejected.count - 50) more (see --json)") }
      }
      // Scripts must see that rows were left out, not only read it.
      if !rejected.isEmpty { throw ExitCode(ImportSummary.rowsRejectedExitCode) }
    }

    private func mapping() throws -> CSVMapping {
      var mapping = CSVMapping()
      mapping.date = dateColumn
      mapping.amount = debitColumn == nil ? amountColumn : nil
      mapping.debit = debitColumn
      mapping.credit = creditColumn
      mapping.type = typeColumn
      mapping.detectsType = !noTypeColumn
      if incomeValues != nil || expenseValues != nil {
        func words(_ list: String?) -> [String]? { list.map { $0.split(separator: ",").map(String.init) } }
        let standard = DirectionWords.standard
        do {
          mapping.directionWords = try DirectionWords(
            income: words(incomeValues) ?? standard.income, expense: words(expenseValues) ?? standard.expense)
        } catch {
          throw ValidationError("\(error)")
        }
      }
      mapping.payee = payeeColumn
      mapping.category = categoryColumn
      mapping.account = accountColumn
      mapping.description = descriptionColumn
      mapping.notes = notesColumn
      mapping.tags = tagsColumn
      mapping.defaultCategory = defaultCategory
      mapping.defaultAccount = account
      mapping.decimalSeparator = decimalComma ? .comma : .period
      switch dateFormat {
      case "iso": mapping.dateFormat = .iso
      case "dmy": mapping.dateFormat = .dayMonthYear
      case "mdy": mapping.dateFormat = .monthDayYear
      default: throw ValidationError("--date-format must be iso, dmy or mdy (got '\(dateFormat)')")
      }
      return mapping
    }

    /// Records rows in batches of `--batch-size` commands per transaction, as one command for
    /// `budget undo`, and brings the read models up to date.
    private func record(
      _ chunks: CSVChunks, session: CSVImporter.Session, ledger: Ledger, imported: ImportedRows
    ) async throws -> ImportSummary {
      var summary = ImportSummary()
      // One correlation id for the whole import: `budget undo` takes it back as one command.
      var correlated = options.metadata
      correlated.correlationId = "import-" + EntityID.random().description
      let metadata = correlated
      // As of before the import: which of the file's rows an undone import had recorded.
      let before = ledger.state
      let anyUndone = ImportedRows.anyDeletedImport(in: before)
      // Grow the file's map once for the whole import (a batch that fills it runs twice), and
      // stop keeping the readers' copy of the state current: this process reads no more of
      // it, so every commit would update it for nothing.
      try userFacing { try ledger.reserveRoom(forTransactions: chunks.count) }
      ledger.releaseReadersState()
      // The process ends with the import: the memory its stages free is reused, not handed back.
      Allocator.keepFreedMemory()
      // An import that outgrows the ledger several times over records its batches without
      // folding them into the read models, and rebuilds those once at the end (also when it
      // stops early: the rows recorded so far stay, and so must their projections).
      // Those are then folded from the load's own rows as they commit, beside the import.
      let projecting: ProjectionUpdate =
        ledger.prefersDeferredProjections(forAdding: chunks.count) ? .deferred : .inline
      var load = try await userFacing {
        // This process ends with the import: the rows need not stay in the rules' state.
        try await ledger.beginBulkLoad(
          metadata: metadata, rebuildingProjections: projecting == .deferred, keepingState: false,
          expectedRows: chunks.count)
      }
      do {
        try await record(
          chunks, session: session, ledger: ledger, imported: imported, before: before, anyUndone: anyUndone,
          load: &load, projecting: projecting, into: &summary)
      } catch {
        ledger.abandonProjections(of: load)
        // The batches recorded so far stay (each was all or nothing): say so, and bring the
        // read models up to them before reporting what stopped the import.
        if summary.added > 0 {
          Console.note("stopped after adding \(summary.added) rows; running the import again adds the rest")
        }
        if projecting == .deferred { await catchUp(ledger) }
        throw error
      }
      if projecting == .deferred { await catchUp(ledger, after: load) }
      return summary
    }

    /// Rebuilds the read models an import deferred, with a progress bar. A failure is only a
    /// warning: the rows are recorded, and the ledger rebuilds what is behind when next opened.
    private func catchUp(_ ledger: Ledger, after load: BulkLoad? = nil) async {
      let progress = ProgressBar(title: "indexing")
      do {
        if let load {
          try await ledger.catchUpProjections(after: load) { progress.update($0) }
        } else {
          try await ledger.catchUpProjections { progress.update($0) }
        }
        progress.finish()
      } catch {
        progress.finish()
        Console.note(
          "warning: the read models are not up to date (\(error)); they are rebuilt when the ledger is next opened")
      }
    }

    /// Records `batches` in a pipeline of three stages, each on a batch of its own: while the
    /// ledger's writer records batch k, this task prepares batch k + 1 (decides its rows against
    /// the load's own state, see ``BulkLoad``) and a thread of its own maps the batches after it
    /// (reads the CSV records, resolves names, hashes keys), up to three ahead
    /// (``RowMapper/Ahead``).
    private func record(
      _ chunks: CSVChunks, session: CSVImporter.Session, ledger: Ledger, imported: ImportedRows,
      before: LedgerState, anyUndone: Bool, load: inout BulkLoad, projecting: ProjectionUpdate,
      into summary: inout ImportSummary
    ) async throws {
      let total = chunks.count
      let batches = 0..<chunks.chunkCount
      let progress = ProgressBar(title: "importing")
      let clock = ContinuousClock()
      let start = clock.now
      var done = 0
      let mapper = RowMapper(
        chunks: chunks, session: session, imported: imported, before: before, anyUndone: anyUndone)
      mapper.reserveCapacity(rows: total)
      // The mapping stage has sorted the rows out; this one decides those to load.
      func stage(_ mapped: RowMapper.Mapped) throws -> StagedBatch {
        var staged = StagedBatch(mapped: mapped.count)
        staged.lines = mapped.lines
        staged.rejected = mapped.rejected
        staged.skipped = mapped.skipped
        staged.refunds = mapped.refunds
        staged.prepared = load.prepare(mapped.rows)
        return staged
      }
      let mapping = RowMapper.Ahead(mapper, chunks: batches.count, ahead: 3)
      defer { mapping.stop() }
      var staged = batches.isEmpty ? StagedBatch(mapped: 0) : try stage(try await mapping.take(0))
      for index in batches.indices {
        for error in staged.rejected { summary.reject(line: error.line, error.message) }
        summary.skipped += staged.skipped
        let current = staged
        async let recorded = userFacing { () async throws -> [Result<CommandOutcome, LedgerError>] in
          guard let prepared = current.prepared else { return [] }
          return try await ledger.record(prepared, projecting: projecting)
        }
        staged = index + 1 < batches.count ? try stage(try await mapping.take(index + 1)) : StagedBatch(mapped: 0)
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
        progress.update(done: UInt64(done), total: UInt64(total), rate: seconds > 0 ? Double(done) / seconds : 0)
      }
      await ledger.finish(&load)
      progress.finish()
    }

    /// One batch of the file, mapped and prepared: what goes to the writer, with each row's
    /// line, and what was settled before (rows refused by the mapping, rows an earlier
    /// version's import recorded).
    private struct StagedBatch: Sendable {
      var mapped: Int
      var prepared: PreparedBatch?
      var lines: [Int] = []
      var rejected: [ImportRowError] = []
      var skipped = 0
      /// The indices (in `lines`) of the rows that are refunds.
      var refunds: [Int] = []
    }

    /// Decides every row against a private copy of the state; nothing is written. A row is
    /// already imported when its key is recorded, as the import itself finds it.
    private func check(_ rows: [ImportRow], ledger: Ledger, imported: ImportedRows) throws -> ImportSummary {
      var summary = ImportSummary()
      var state = ledger.state
      let context = DecisionContext(today: LedgerOptions.today())
      var knownDates: [Substring: Bool] = [:]
      let importedBefore = try userFacing {
        try imported.legacyLines(of: rows).union(imported.recordedLines(of: rows, known: &knownDates))
      }
      for row in rows {
        switch row.result {
        case .failure(let error): summary.reject(line: error.line, error.message)
        case .success where importedBefore.contains(row.line): summary.skipped += 1
        case .success(let added):
          do throws(DomainError) {
            state.apply(try decide(.addTransaction(added), state: state, context: context))
            summary.added += 1
            if state.isRefund(added) { summary.refunds += 1 }
          } catch {
            summary.reject(line: row.line, "\(error)")
          }
        }
      }
      return summary
    }
  }
}

/// What an import did (or, in a dry run, would do).
struct ImportSummary: Encodable {
  var added = 0
  var skipped = 0
  /// How many of the rows added are refunds — money in, booked to an expense category
  /// (``LedgerState/isRefund(_:)``): possible, but a file full of them is more likely a file
  /// of unsigned expenses read as income.
  var refunds = 0
  /// The refused rows, as "line N: why", in the file's order (batches settle rows out of it).
  var rejected: [String] { refusals.sorted { $0.line < $1.line }.map { "line \($0.line): \($0.message)" } }
  private var refusals: [(line: Int, message: String)] = []

  /// The exit code of an import that left rows out (0 when every row was added or skipped).
  static let rowsRejectedExitCode: Int32 = 4

  mutating func reject(line: Int, _ message: String) { refusals.append((line, message)) }

  private enum CodingKeys: String, CodingKey { case added, skipped, rejected, refunds }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(added, forKey: .added)
    try container.encode(skipped, forKey: .skipped)
    try container.encode(rejected, forKey: .rejected)
    try container.encode(refunds, forKey: .refunds)
  }
}
