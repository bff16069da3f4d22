import ArgumentParser
import Ledger
import LedgerDomain
import LedgerWire
import QueryResults

/// `budget schedule …`: bills, incomes and transfers that recur.
struct ScheduleCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "schedule",
    abstract: "Schedules: bills, incomes and transfers that recur — add, change, pause, pay, skip, post.",
    subcommands: [
      Add.self, List.self, Show.self, Occurrences.self, Change.self, Pause.self, Resume.self, End.self,
      Delete.self, Pay.self, Unpay.self, Skip.self, Unskip.self, Post.self,
    ])

  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract:
        "Add a schedule, e.g. budget schedule add Rent 950 --account Checking --category Housing --every month --day 1."
    )
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The schedule's name, e.g. Rent.") var name: String
    @Argument(help: "The amount (an estimate with --estimated), positive.") var amount: String
    @OptionGroup var terms: TermsOptions
    @OptionGroup var recurrence: RecurrenceOptions

    func validate() throws {
      if terms.category == nil, terms.to == nil, terms.split.isEmpty {
        throw ValidationError(
          "say where the money goes: --category C, --split C=AMOUNT, or --to ACCOUNT for a transfer")
      }
    }

    func run() async throws {
      let ledger = try await options.openExisting()
      let resolve = NameResolver(ledger: ledger)
      let base = ScheduleTerms(
        name: name, kind: .expense, amount: Money.zero(ledger.baseCurrency),
        account: try resolve.account(terms.account).id,
        recurrence: try recurrence.recurrence(base: nil, today: LedgerOptions.today()), reminderDays: 3)
      let schedule = try terms.applied(to: base, amount: amount, resolve: resolve)
      let id = ScheduleID.random()
      let outcome = try await options.execute(.createSchedule(id, terms: schedule), on: ledger)
      let created =
        outcome.events.lazy.compactMap { event -> ScheduleTerms? in
          if case .scheduleCreated(let e) = event { return e.terms }
          return nil
        }.first ?? schedule
      try options.report(
        "added schedule '\(created.name)': \(show(created.amount)) \(created.amount.currency.code) \(created.recurrence.summary) (\(id.short))",
        outcome, id: id.description)
    }
  }

  struct Change: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "change",
      abstract: "Change a schedule from a date on (default today); earlier occurrences keep their terms.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The schedule (name or id).") var schedule: String
    @Option(help: "The new amount.") var amount: String?
    @Option(help: "The new name.") var name: String?
    @Option(help: "First occurrence the change applies to, YYYY-MM-DD (default: today).", transform: dateArgument)
    var from: CivilDate?
    @OptionGroup var terms: TermsOptions
    @OptionGroup var recurrence: RecurrenceOptions

    func run() async throws {
      let ledger = try await options.openExisting()
      let resolve = NameResolver(ledger: ledger)
      let id = try userFacing { try ledger.schedule(named: schedule) }
      guard let record = ledger.state.schedules[id] else { throw UserError("schedule '\(schedule)' not found") }
      let from = from ?? LedgerOptions.today()
      var new = record.timeline.terms(on: from)
      if let name { new.name = name }
      if !recurrence.isEmpty {
        new.recurrence = try recurrence.recurrence(base: new.recurrence, today: LedgerOptions.today())
      }
      new = try terms.applied(to: new, amount: amount, resolve: resolve)
      let outcome = try await options.execute(.changeSchedule(id, from: from, terms: new), on: ledger)
      try options.report("changed schedule '\(new.name)' from \(from) on", outcome, id: id.description)
    }
  }
}

/// What a schedule posts: the options `add` and `change` share.
struct TermsOptions: ParsableArguments {
  @Option(help: "The account paid from (or into, for income; default: the only open account).") var account: String?
  @Option(help: "The category of an expense or income.") var category: String?
  @Option(help: "A part of a split: CATEGORY=AMOUNT; repeat for each part.") var split: [String] = []
  @Option(help: "For a transfer: the account the money goes to.") var to: String?
  @Option(help: "expense (default), income or transfer (implied by --to).") var type: ScheduleKind?
  @Option(help: "The name its transactions are posted under (default: the schedule's name).") var payee: String?
  @Flag(inversion: .prefixedNo, help: "Post due occurrences without asking (budget schedule post, budget serve).")
  var autopay: Bool?
  @Option(help: "Days before it is due that its reminder shows (default 3).") var reminderDays: Int?
  @Flag(inversion: .prefixedNo, help: "The amount is an estimate (a variable bill): matching allows ±10 %.")
  var estimated: Bool?
  @Option(help: "Notes.") var notes: String?

  /// `base` with every option given applied.
  func applied(to base: ScheduleTerms, amount: String?, resolve: NameResolver) throws -> ScheduleTerms {
    var terms = base
    if let account { terms.account = try resolve.account(account).id }
    let currency = resolve.state.accounts[terms.account]?.currency ?? terms.amount.currency
    if let amount {
      terms.amount = try positiveAmount(
        amount, currency: currency, direction: "use --type income or expense for the direction")
    } else if terms.amount.currency != currency {
      terms.amount = Money(units: terms.amount.units, currency: currency)
    }
    if let to {
      terms.toAccount = try resolve.account(to).id
      terms.kind = .transfer
      terms.category = nil
      terms.splits = []
    }
    if let type {
      terms.kind = type
      if type != .transfer { terms.toAccount = nil }
    }
    if let category {
      terms.category = try resolve.category(category)
      terms.splits = []
    }
    if !split.isEmpty {
      terms.splits = try TransactionCommand.Add.splits(split, resolve: resolve, currency: currency)
      terms.category = nil
    }
    if let payee { terms.payee = payee.isEmpty ? nil : payee }
    if let autopay { terms.autopay = autopay }
    if let reminderDays { terms.reminderDays = reminderDays }
    if let estimated { terms.estimated = estimated }
    if let notes { terms.notes = notes.isEmpty ? nil : notes }
    return terms
  }
}
