import ArgumentParser
import Ledger
import LedgerDomain
import LedgerWire

/// `budget init`: creates a ledger with a starting set of categories (``StarterCategories``).
struct InitCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "init", abstract: "Create a ledger with the default categories (Food, Restaurants, ... and Income).")

  @OptionGroup var options: LedgerOptions
  @Option(help: "A name for the ledger.") var name = "Household"
  @Option(help: "Base currency (ISO 4217), e.g. EUR.") var currency = "EUR"
  @Option(help: "First day of the week, 1 = Monday … 7 = Sunday.") var firstDayOfWeek = 1
  @Option(help: "Month the fiscal year starts in (1–12).") var fiscalYearStart = 1
  @Option(
    help:
      "The categories to start with: default (Food, Restaurants, … and Income), workbook (fixed, variable and quarterly, as the zero-based workbook) or income-only."
  )
  var categories = "default"

  func validate() throws {
    guard StarterCategories(rawValue: categories) != nil else {
      throw ValidationError("--categories must be default, workbook or income-only (got '\(categories)')")
    }
  }

  func run() async throws {
    let currency = try userFacing { try Currency(code: self.currency) }
    let ledger = try await options.open()
    let create = LedgerCommand.createLedger(
      CreateLedger(
        name: name, baseCurrency: currency, firstDayOfWeek: firstDayOfWeek, fiscalYearStartMonth: fiscalYearStart))
    let starter = StarterCategories(rawValue: categories) ?? .standard
    guard starter != .standard else {
      let outcome = try await options.execute(create, on: ledger)
      return try options.report(
        "created ledger '\(outcome.recordedName ?? name)' in \(currency) at \(ledger.path) with \(outcome.events.count - 1) default categories",
        outcome)
    }
    // One transaction: the ledger and its categories, or nothing.
    let outcomes = try await userFacing {
      try await ledger.execute(atomically: [create] + starter.commands, metadata: options.metadata)
    }
    if options.json, let result = try userFacing({ try Wire.WriteResult(outcomes, in: ledger) }) {
      return try Console.json(result)
    }
    let count = ledger.state.categories.values.count { !$0.isDeleted }
    print("created ledger '\(name)' in \(currency) at \(ledger.path) with \(count) \(starter.rawValue) categories")
  }
}
