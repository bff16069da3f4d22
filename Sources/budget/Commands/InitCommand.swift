import ArgumentParser
import Ledger
import LedgerDomain

/// `budget init`: creates a ledger with the default categories.
struct InitCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "init", abstract: "Create a ledger with the default categories (Food, Restaurants, ... and Income).")

  @OptionGroup var options: LedgerOptions
  @Option(help: "A name for the ledger.") var name = "Household"
  @Option(help: "Base currency (ISO 4217), e.g. EUR.") var currency = "EUR"
  @Option(help: "First day of the week, 1 = Monday … 7 = Sunday.") var firstDayOfWeek = 1
  @Option(help: "Month the fiscal year starts in (1–12).") var fiscalYearStart = 1

  func run() async throws {
    let currency = try userFacing { try Currency(code: self.currency) }
    let ledger = try await options.open()
    let outcome = try await options.execute(
      .createLedger(
        CreateLedger(
          name: name, baseCurrency: currency, firstDayOfWeek: firstDayOfWeek, fiscalYearStartMonth: fiscalYearStart)),
      on: ledger)
    try options.report(
      "created ledger '\(outcome.recordedName ?? name)' in \(currency) at \(ledger.path) with \(outcome.events.count - 1) default categories",
      outcome)
  }
}
