import ArgumentParser
import Ledger
import LedgerDomain
import LedgerWire
import QueryResults

/// `budget account open|opening|set|rename|close|reopen|list`.
struct AccountCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "account", abstract: "Open, rename, close and list accounts.",
    subcommands: [Open.self, Opening.self, SetRole.self, Rename.self, Close.self, Reopen.self, List.self])

  struct Open: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "open", abstract: "Open an account.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The account's name.") var name: String
    @Option(help: "checking, savings, credit-card, cash, loan or investment.") var type: AccountType = .checking
    @Option(help: "Currency (default: the ledger's).") var currency: String?
    @Option(parsing: .unconditional, help: "Opening balance, signed (a card owes: -250.00).") var opening: String?
    @Option(help: "Opening date, YYYY-MM-DD (default: today).", transform: dateArgument) var date: CivilDate?

    func run() async throws {
      let ledger = try await options.openExisting()
      let currency = try userFacing { try self.currency.map { try Currency(code: $0) } ?? ledger.state.baseCurrency }
      let opening = try userFacing { try self.opening.map { try Money(parsing: $0, currency: currency) } }
      let id = AccountID.random()
      let outcome = try await options.execute(
        .openAccount(
          OpenAccount(
            account: id, name: name, type: type, currency: currency, openingBalance: opening,
            date: date ?? LedgerOptions.today())),
        on: ledger)
      try options.report(
        "opened \(type.rawValue) account '\(outcome.recordedName ?? name)' (\(id.short))", outcome, id: id.description)
    }
  }

  struct Opening: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "opening",
      abstract: "Correct an account's opening balance (on its opening date).",
      discussion: "Example: budget account opening Checking 2500.00")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The account.") var name: String
    @Argument(help: "The opening balance, signed (a card owes: -250.00).") var balance: String

    func run() async throws {
      let ledger = try await options.openExisting()
      let account = try NameResolver(state: ledger.state).account(name)
      let balance = try userFacing { try Money(parsing: self.balance, currency: account.record.currency) }
      let outcome = try await options.execute(.changeOpeningBalance(account.id, to: balance), on: ledger)
      try options.report(
        "opening balance of '\(account.record.name)' is \(balance.formatted()) \(balance.currency.code) on \(account.record.openingDate)",
        outcome)
    }
  }

  struct SetRole: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "set",
      abstract: "Make an account a budget account (counted in the available funds) or a tracking one.",
      discussion: """
        A budget account holds money the budget can assign: checking, savings, cash and credit \
        cards are budget accounts unless changed (a card's debt lowers the available funds). A \
        tracking account — a loan, an investment — shows its balance but is not in the available \
        funds. Example: budget account set "Car loan" --role tracking
        """)
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The account.") var name: String
    @Option(help: "budget or tracking.") var role: AccountRole

    func run() async throws {
      let ledger = try await options.openExisting()
      let account = try NameResolver(state: ledger.state).account(name)
      let outcome = try await options.execute(.setAccountRole(account.id, role: role), on: ledger)
      let counted = role == .budget ? "counts in the available funds" : "is left out of the available funds"
      try options.report(
        "'\(account.record.name)' is a \(role.rawValue) account: its balance \(counted)", outcome,
        id: account.id.description)
    }
  }

  struct Rename: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename an account.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The account.") var name: String
    @Argument(help: "Its new name.") var newName: String

    func run() async throws {
      let ledger = try await options.openExisting()
      let account = try NameResolver(state: ledger.state).account(name)
      let outcome = try await options.execute(.renameAccount(account.id, name: newName), on: ledger)
      try options.report("renamed account '\(account.record.name)' to '\(outcome.recordedName ?? newName)'", outcome)
    }
  }

  struct Close: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "close", abstract: "Close an account; it takes no new transactions.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The account to close.") var name: String
    @Option(help: "Closing date, YYYY-MM-DD (default: today).", transform: dateArgument) var date: CivilDate?
    @Flag(help: "Close it although it still holds money (the balance stays in the ledger, frozen).") var force = false

    func run() async throws {
      let ledger = try await options.openExisting()
      let account = try NameResolver(state: ledger.state).account(name)
      let date = self.date ?? LedgerOptions.today()
      if !force, let balance = try userFacing({ try ledger.balance(of: account.id, on: date) }), !balance.isZero {
        let name = quotedIfNeeded(account.record.name)
        let amount = ((try? balance.absolute()) ?? balance).formatted()
        let fix =
          balance.isNegative
          ? "settle it first (budget transfer \(amount) --from ACCOUNT --to \(name))"
          : "move it out first (budget transfer \(amount) --from \(name) --to ACCOUNT)"
        throw UserError(
          "'\(account.record.name)' still holds \(show(balance)) \(balance.currency.code) on \(date); \(fix) "
            + "or close it anyway with --force")
      }
      let outcome = try await options.execute(.closeAccount(account.id, date: date), on: ledger)
      try options.report("closed account '\(account.record.name)'", outcome)
    }
  }

  struct Reopen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "reopen", abstract: "Open a closed account again.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The closed account.") var name: String
    @Option(help: "Why it is opened again (kept in its history).") var reason: String = "reopened by user"

    func run() async throws {
      let ledger = try await options.openExisting()
      let account = try NameResolver(state: ledger.state).account(name)
      let outcome = try await options.execute(.reopenAccount(account.id, reason: reason), on: ledger)
      try options.report("reopened account '\(account.record.name)'", outcome)
    }
  }

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "List accounts with their balances today.")
    @OptionGroup var options: LedgerOptions

    func run() async throws {
      let ledger = try await options.openExisting()
      let balances = try userFacing { try ledger.balances(on: LedgerOptions.today()).value }
      let byID = Dictionary(uniqueKeysWithValues: balances.map { ($0.account, $0.balance) })
      // The accounts' own streams, not the whole history: a big ledger lists at once.
      let accounts = try userFacing { try ledger.state(ofStreamsOf: [AccountID.self]) }.accounts
        .sorted { $0.value.name < $1.value.name }
      if options.json {
        try Console.json(
          accounts.map { id, record in Wire.Account(id: id, record: record, balance: byID[id]) })
        return
      }
      var table = Table([
        ("ACCOUNT", .left), ("TYPE", .left), ("ROLE", .left), ("STATUS", .left), ("BALANCE", .right), ("", .left),
      ])
      for (id, record) in accounts {
        table.add([
          record.name, record.type.rawValue, record.role.rawValue, record.isClosed ? "closed" : "open",
          show(byID[id] ?? .zero(record.currency), color: true), record.currency.code,
        ])
      }
      print(table.render())
    }
  }
}
