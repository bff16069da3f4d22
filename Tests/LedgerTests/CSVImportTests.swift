import Interchange
import Ledger
import LedgerDomain
import LedgerTesting
import Testing

@Suite("CSV import through the ledger's async API")
struct CSVImportTests {
  static func options(batchSize: Int = 10) -> CSVImportOptions {
    var options = CSVImportOptions()
    options.batchSize = batchSize
    return options
  }

  /// `text` imported into `ledger` in batches of 10.
  static func importing(_ text: String, into ledger: Ledger) async throws -> ImportSummary {
    try await ledger.importTransactions(CSVImport(text, state: ledger.state, options: options()))
  }

  @Test(
    "given a 45-row file in batches of 10, when its progress is iterated, then each batch is reported and the last value is finished with the totals"
  )
  func progressEndsWithTheTotals() async throws {
    let fixture = try await LedgerFixture()
    let file = try CSVImport(CSVStatement.expenses(45), state: fixture.ledger.state, options: Self.options())

    var values: [ImportProgress] = []
    for try await progress in fixture.ledger.importProgress(file) { values.append(progress) }

    let importing = values.filter { $0.phase == .importing }
    #expect(importing.map(\.done) == [10, 20, 30, 40, 45])
    #expect(importing.allSatisfy { $0.total == 45 })
    let last = try #require(values.last)
    #expect(last.phase == .finished)
    #expect(last.summary.added == 45)
    #expect(last.summary.skipped == 0)
    #expect(last.summary.rejected.isEmpty)
    #expect(!last.summary.cancelled)
    #expect(fixture.ledger.state.transactions.count == 45)
  }

  @Test("given a file imported once, when it is imported again, then nothing is added and every row is skipped")
  func reimportAddsNothing() async throws {
    let fixture = try await LedgerFixture()
    let text = CSVStatement.expenses(25)
    _ = try await Self.importing(text, into: fixture.ledger)
    let position = fixture.ledger.position

    let again = try await Self.importing(text, into: fixture.ledger)

    #expect(again.added == 0)
    #expect(again.skipped == 25)
    #expect(fixture.ledger.position == position)
  }

  @Test(
    "given an import of 20 batches, when its task is cancelled after the first batch, then it stops early, says so, and the ledger verifies; running it again adds the rest"
  )
  func cancellationStopsBetweenBatches() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    let text = CSVStatement.expenses(200)
    let file = try CSVImport(text, state: ledger.state, options: Self.options())

    let summary = try await Task {
      try await ledger.importTransactions(file) { progress in
        // The report comes from the importing task itself: cancel it after its first batch.
        if progress.phase == .importing, progress.done == 10 { withUnsafeCurrentTask { $0?.cancel() } }
      }
    }.value

    #expect(summary.cancelled)
    #expect(summary.added == 10)
    #expect(ledger.state.transactions.count == summary.added)
    #expect(try ledger.verify().isOK)
    let rest = try await Self.importing(text, into: ledger)
    #expect(rest.added == 200 - summary.added)
    #expect(rest.skipped == summary.added)
    #expect(!rest.cancelled)
  }

  @Test(
    "given a mapping naming a column the file lacks, when the import is made, then it is refused naming the column and nothing is recorded"
  )
  func badMappingRecordsNothing() async throws {
    let fixture = try await LedgerFixture()
    let position = fixture.ledger.position
    var options = Self.options()
    options.mapping.payee = "merchant"

    let error = #expect(throws: CSVImportError.self) {
      try CSVImport(CSVStatement.expenses(5), state: fixture.ledger.state, options: options)
    }
    guard case .mapping(let problem)? = error else {
      Issue.record("expected a mapping error, got \(String(describing: error))")
      return
    }
    #expect(problem.message.contains("'merchant'"))
    #expect(fixture.ledger.position == position)
  }

  @Test(
    "given query-style parameters, when options are made from them, then they map as the CLI's options do and conflicts are refused"
  )
  func optionsFromParameters() throws {
    let options = try CSVImportOptions(parameters: [
      "account": "Checking", "dateFormat": "dmy", "decimalComma": "true", "delimiter": ";", "batchSize": "500",
    ])
    #expect(options.mapping.defaultAccount == "Checking")
    #expect(options.mapping.dateFormat == .dayMonthYear)
    #expect(options.mapping.decimalSeparator == .comma)
    #expect(options.delimiter == ";")
    #expect(options.batchSize == 500)
    #expect(throws: CSVImportError.self) { try CSVImportOptions(parameters: ["dateFormat": "ymd"]) }
    #expect(throws: CSVImportError.self) { try CSVImportOptions(parameters: ["typeColumn": "t", "debitColumn": "d"]) }
    #expect(throws: CSVImportError.self) { try CSVImportOptions(parameters: ["batchSize": "0"]) }
    #expect(throws: CSVImportError.self) { try CSVImportOptions(parameters: ["colour": "red"]) }
  }
}
