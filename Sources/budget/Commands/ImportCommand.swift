import ArgumentParser
import Foundation
import Interchange
import Ledger
import LedgerDomain

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
      // Mapped, then copied once: the import holds the file's bytes once, not also as a string.
      guard let data = try? Data(contentsOf: URL(fileURLWithPath: file), options: .alwaysMapped) else {
        throw UserError("cannot read '\(file)'")
      }
      let bytes = [UInt8](data)
      guard delimiter.count == 1, let delimiter = delimiter.first else {
        throw ValidationError("--delimiter must be one character")
      }
      var settings = CSVImportOptions(mapping: try mapping())
      settings.delimiter = delimiter
      settings.batchSize = batchSize
      settings.allIncome = allIncome
      var importing = ImportOptions(
        dryRun: dryRun, actor: options.actor, fileName: URL(fileURLWithPath: file).lastPathComponent)
      // This process ends with the import: the ledger need not keep its state current.
      importing.ledgerStaysInUse = false
      // Nothing else reads the ledger meanwhile: a large import may rebuild the read models
      // once at the end rather than keep them current batch by batch.
      importing.keepsReadModelsCurrent = false
      let csv: CSVImport
      do { csv = try CSVImport(bytes: bytes, state: ledger.state, options: settings) } catch { throw userError(error) }
      if let column = csv.detectedTypeColumn {
        let words = settings.mapping.directionWords
        Console.note(
          "note: direction from column '\(column)' (money in: \(words.income.joined(separator: ", ")); money out: \(words.expense.joined(separator: ", "))); --no-type-column reads the amounts' signs instead"
        )
      }
      // The process ends with the import: the memory its stages free is reused, not handed back.
      if !dryRun { Allocator.keepFreedMemory() }
      let summary = try await run(ledger.importProgress(csv, options: importing))
      // The statement may have paid what schedules expected: the import matched those.
      if let bills = summary.bills { LedgerOptions.say(bills) }
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
        if rejected.contains(where: { $0.contains("is the decimal separator there") }) {
          Console.note(
            decimalComma
              ? "hint: the file's amounts have a decimal point (1,234.56): import it without --decimal-comma"
              : "hint: the file's amounts have a decimal comma (1.234,56)? import it with --decimal-comma")
        }
      }
      // Scripts must see that rows were left out, not only read it.
      if !rejected.isEmpty { throw ExitCode(ImportSummary.rowsRejectedExitCode) }
    }

    /// Runs the import whose progress is `progress`, drawing it: a bar while it records the
    /// rows, another while it brings the read models up to them.
    private func run(_ progress: AsyncThrowingStream<ImportProgress, any Error>) async throws -> ImportSummary {
      let importing = ProgressBar(title: "importing")
      let indexing = ProgressBar(title: "indexing")
      var phase = ImportProgress.Phase.importing
      do {
        for try await progress in progress {
          if progress.phase != phase {
            (phase == .importing ? importing : indexing).finish()
            phase = progress.phase
          }
          switch progress.phase {
          case .importing, .indexing:
            (phase == .importing ? importing : indexing).update(
              done: UInt64(progress.done), total: UInt64(progress.total), rate: progress.rate)
          case .writingIndexes: indexing.show("writing the new tables…")
          case .finished: return progress.summary
          }
        }
      } catch {
        importing.finish()
        throw userError(error)
      }
      throw UserError("the import ended without a summary")
    }

    /// The user-facing form of an import's failure, naming the file.
    private func userError(_ error: any Error) -> any Error {
      if let failure = error as? ImportFailure {
        // The batches recorded stay (each was all or nothing): say so.
        if case .interrupted(let summary, _) = failure {
          Console.note("stopped after adding \(summary.added) rows; running the import again adds the rest")
        }
        return UserError(failure.error.description)
      }
      guard let error = error as? CSVImportError else { return UserError.from(error) ?? error }
      switch error {
      case .malformed(let error): return UserError("\(file): \(error)")
      case .mapping(let error): return UserError("\(file): \(error)")
      case .unsignedAmounts:
        return UserError(
          "every amount in \(file) is positive, so every row would be money received; if the file's amounts are unsigned, give the direction with --type-column COL, or --debit-column/--credit-column; if they really are all income, pass --all-income"
        )
      case .invalidOptions(let message): return ValidationError(message)
      }
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
  }
}
