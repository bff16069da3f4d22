import ArgumentParser
import Ledger
import LedgerDomain
import LedgerWire

extension GoalKind: ExpressibleByArgument {}
extension ContributionSource: ExpressibleByArgument {}

/// `budget goal add|change|contribute|withdraw|list|show|complete|archive|reopen`: savings
/// goals funded by an account or a category (docs/goals-and-debts.md).
struct GoalCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "goal", abstract: "Savings goals: targets, contributions, monthly need, projected date.",
    subcommands: [
      Add.self, Change.self, Contribute.self, Withdraw.self, List.self, Show.self, Complete.self, Archive.self,
      Reopen.self,
    ])

  /// `text` as an amount in `currency`; the rules refuse zero and less with their own words.
  static func amount(_ text: String, currency: Currency) throws -> Money {
    try userFacing { try Money(parsing: text, currency: currency) }
  }

  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract:
        "Add a goal funded by a savings account or a category, e.g. budget goal add Trip --target 2400 --by 2027-06-30 --account Savings."
    )
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The goal's name.") var name: String
    @Option(help: "The amount to reach.") var target: String
    @Option(help: "The date to reach it by, YYYY-MM-DD.", transform: dateArgument) var by: CivilDate?
    @Option(help: "emergency, vacation, house, car, education, retirement or custom.") var kind: GoalKind = .custom
    @Option(help: "The savings account whose balance is the progress.") var account: String?
    @Option(help: "The savings category the money is booked to.") var category: String?
    @Option(help: "The day it starts counting from (default: today).", transform: dateArgument) var start: CivilDate?
    @Flag(help: "Put its monthly need on the budget sheet.") var onSheet = false
    @Option(help: "A note.") var note: String?

    func validate() throws {
      guard (account == nil) != (category == nil) else {
        throw ValidationError("give either --account (a savings account) or --category (a savings category)")
      }
    }

    func run() async throws {
      let ledger = try await options.openExisting()
      let resolve = NameResolver(state: ledger.state)
      let funding: GoalFunding
      var currency = ledger.baseCurrency
      if let account {
        let (id, record) = try resolve.account(account)
        funding = .account(id)
        currency = record.currency
      } else {
        funding = .category(try resolve.category(category ?? ""))
      }
      let settings = GoalSettings(
        name: name, goalKind: kind, target: try GoalCommand.amount(target, currency: currency), targetDate: by,
        onBudgetSheet: onSheet, note: note)
      let id = GoalID.random()
      let added = AddGoal(goal: id, settings: settings, startDate: start ?? LedgerOptions.today(), funding: funding)
      let outcome = try await options.execute(.addGoal(added), on: ledger)
      try options.report(
        "added goal '\(name)': \(show(settings.target)) \(settings.target.currency.code)"
          + (by.map { " by \($0)" } ?? ""), outcome, id: id.description)
    }
  }

  struct Change: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "change", abstract: "Change a goal's name, kind, target, date, note or budget-sheet line.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The goal.") var goal: String
    @Option(help: "A new name.") var name: String?
    @Option(help: "A new target amount.") var target: String?
    @Option(help: "A new target date, YYYY-MM-DD.", transform: dateArgument) var by: CivilDate?
    @Flag(help: "Drop the target date.") var noDate = false
    @Option(help: "A new kind.") var kind: GoalKind?
    @Flag(help: "Put its monthly need on the budget sheet.") var onSheet = false
    @Flag(help: "Take it off the budget sheet.") var offSheet = false
    @Option(help: "A new note (empty to clear it).") var note: String?

    func validate() throws {
      if onSheet && offSheet { throw ValidationError("give --on-sheet or --off-sheet, not both") }
      if noDate && by != nil { throw ValidationError("give --by or --no-date, not both") }
    }

    func run() async throws {
      let ledger = try await options.openExisting()
      let (id, record) = try userFacing { try ledger.state.goal(named: goal) }
      var settings = record.settings
      if let name { settings.name = name }
      if let target { settings.target = try GoalCommand.amount(target, currency: settings.target.currency) }
      if let by { settings.targetDate = by }
      if noDate { settings.targetDate = nil }
      if let kind { settings.goalKind = kind }
      if onSheet { settings.onBudgetSheet = true }
      if offSheet { settings.onBudgetSheet = false }
      if let note { settings.note = note.isEmpty ? nil : note }
      let outcome = try await options.execute(.changeGoal(id, settings: settings), on: ledger)
      try options.report("changed goal '\(settings.name)'", outcome, id: id.description)
    }
  }

  /// Completes or archives `goal` on `date` (today by default): `command` for its id and day.
  static func close(
    _ goal: String, on date: CivilDate?, options: LedgerOptions, saying verb: String,
    _ command: (GoalID, CivilDate) -> LedgerCommand
  ) async throws {
    let ledger = try await options.openExisting()
    let (id, record) = try userFacing { try ledger.state.goal(named: goal) }
    let day = date ?? LedgerOptions.today()
    let outcome = try await options.execute(command(id, day), on: ledger)
    try options.report("\(verb) goal '\(record.name)' on \(day)", outcome, id: id.description)
  }

  struct Complete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "complete", abstract: "Mark a goal reached: it takes no more contributions.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The goal.") var goal: String
    @Option(help: "The day (default: today).", transform: dateArgument) var date: CivilDate?

    func run() async throws {
      try await GoalCommand.close(goal, on: date, options: options, saying: "completed") { .completeGoal($0, date: $1) }
    }
  }

  struct Archive: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "archive", abstract: "Put a goal away: off the lists and the budget sheet; its money stays.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The goal.") var goal: String
    @Option(help: "The day (default: today).", transform: dateArgument) var date: CivilDate?

    func run() async throws {
      try await GoalCommand.close(goal, on: date, options: options, saying: "archived") { .archiveGoal($0, date: $1) }
    }
  }

  struct Reopen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "reopen", abstract: "Make a completed or archived goal active again.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The goal.") var goal: String

    func run() async throws {
      let ledger = try await options.openExisting()
      let (id, record) = try userFacing { try ledger.state.goal(named: goal) }
      let outcome = try await options.execute(.reopenGoal(id), on: ledger)
      try options.report("reopened goal '\(record.name)'", outcome, id: id.description)
    }
  }
}
