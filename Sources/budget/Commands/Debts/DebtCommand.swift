import ArgumentParser
import Ledger
import LedgerDomain
import LedgerWire

extension DebtKind: ExpressibleByArgument {}

/// `budget debt add|terms|list|show|remove|plan`: debts on loan and credit-card accounts, and
/// plans to pay them off (docs/goals-and-debts.md).
struct DebtCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "debt", abstract: "Debts on loan and credit-card accounts, and payoff plans.",
    subcommands: [
      Add.self, Terms.self, List.self, Show.self, Remove.self, DebtPlanCommand.self, DebtStatementCommand.self,
      DebtInterestCommand.self,
    ])

  /// The terms the options give, in `currency`.
  static func terms(
    apr: String, minimum: String, dueDay: Int?, term: Int?, currency: Currency
  ) throws -> DebtTerms {
    let rate = try userFacing { try AnnualRate(parsing: apr) }
    let payment = try positiveAmount(
      minimum, currency: currency, field: "--minimum", direction: "give the monthly minimum")
    return DebtTerms(apr: rate, minimum: payment, dueDay: dueDay, termMonths: term)
  }

  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract:
        "Attach a debt to a loan or credit-card account, e.g. budget debt add Visa --account Card --apr 19.99 --minimum 50."
    )
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The debt's name.") var name: String
    @Option(help: "The loan or credit-card account whose balance it is.") var account: String
    @Option(help: "Annual percentage rate, e.g. 19.99.") var apr: String
    @Option(help: "Minimum payment a month, in the account's currency.") var minimum: String
    @Option(help: "Day of the month the payment is due (1-31).") var dueDay: Int?
    @Option(help: "The loan's term in months.") var term: Int?
    @Option(help: "credit-card, student-loan, auto-loan, personal-loan, mortgage or other.") var kind: DebtKind?
    @Option(help: "The date the terms apply from (default: today).", transform: dateArgument) var from: CivilDate?

    func run() async throws {
      let ledger = try await options.openExisting()
      let (accountID, record) = try NameResolver(state: ledger.state).account(account)
      let terms = try DebtCommand.terms(
        apr: apr, minimum: minimum, dueDay: dueDay, term: term, currency: record.currency)
      let id = DebtID.random()
      let added = AddDebt(
        debt: id, name: name, debtKind: kind ?? (record.type == .creditCard ? .creditCard : .other), account: accountID,
        terms: terms, from: from ?? LedgerOptions.today())
      let outcome = try await options.execute(.addDebt(added), on: ledger)
      try options.report(
        "added debt '\(name)' on \(record.name): APR \(terms.apr) %, minimum \(terms.minimum)", outcome,
        id: id.description)
    }
  }

  struct Terms: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "terms", abstract: "Change a debt's terms from a date on (a new rate, a new minimum).")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The debt.") var name: String
    @Option(help: "The new annual percentage rate (default: unchanged).") var apr: String?
    @Option(help: "The new minimum payment (default: unchanged).") var minimum: String?
    @Option(help: "Day of the month the payment is due.") var dueDay: Int?
    @Option(help: "The loan's term in months.") var term: Int?
    @Option(help: "The date the new terms apply from (default: today).", transform: dateArgument) var from: CivilDate?

    func run() async throws {
      let ledger = try await options.openExisting()
      let state = ledger.state
      let (id, record) = try userFacing { try state.debt(named: name) }
      let date = from ?? LedgerOptions.today()
      let current = record.terms(on: date)
      let currency = current.minimum.currency
      let terms = try DebtCommand.terms(
        apr: apr ?? current.apr.description, minimum: minimum ?? current.minimum.formatted(),
        dueDay: dueDay ?? current.dueDay, term: term ?? current.termMonths, currency: currency)
      let outcome = try await options.execute(.changeDebtTerms(id, from: date, terms: terms), on: ledger)
      try options.report(
        "debt '\(record.name)' from \(date): APR \(terms.apr) %, minimum \(terms.minimum)", outcome, id: id.description)
    }
  }

  struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "remove", abstract: "Leave a debt out of the plans; its account and transactions stay.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The debt.") var name: String
    @Option(help: "Why (kept in the history).") var reason = "removed"

    func run() async throws {
      let ledger = try await options.openExisting()
      let (id, record) = try userFacing { try ledger.state.debt(named: name) }
      let outcome = try await options.execute(.removeDebt(id, reason: reason), on: ledger)
      try options.report("removed debt '\(record.name)'", outcome, id: id.description)
    }
  }
}
