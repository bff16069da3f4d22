import ArgumentParser
import Ledger
import LedgerDomain
import LedgerWire

extension GoalCommand {
  /// The payment `--transaction` names (a transaction, or a leg of a transfer), or a new
  /// movement of `amount` between `account` and the goal.
  static func payment(
    amount: String?, account: String?, transaction: String?, date: CivilDate?, goal: GoalRecord, ledger: Ledger,
    accountFlag: String
  ) throws -> GoalMovement.Payment {
    let resolve = NameResolver(state: ledger.state)
    if let transaction {
      guard amount == nil, account == nil else {
        throw ValidationError("--transaction links an existing movement: give no AMOUNT and no \(accountFlag)")
      }
      if let transfer = resolve.transfer(transaction) { return .linkTransfer(transfer.transfer) }
      return .link(try resolve.transaction(transaction).id)
    }
    guard let amount else { throw ValidationError("give the AMOUNT, or --transaction ID to link an existing one") }
    guard let account else {
      throw ValidationError(
        "give \(accountFlag) ACCOUNT: the account the money moves \(accountFlag == "--from" ? "from" : "to")")
    }
    let (accountID, _) = try resolve.account(account)
    return .record(
      id: EntityID.random(), account: accountID, date: date ?? LedgerOptions.today(),
      amount: try GoalCommand.amount(amount, currency: goal.settings.target.currency))
  }

  struct Contribute: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "contribute",
      abstract:
        "Put money into a goal: a transfer to its account (or an expense in its category) out of --from, recorded with the contribution."
    )
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The goal.") var goal: String
    @Argument(help: "The amount.") var amount: String?
    @Option(help: "The account the money comes from.") var from: String?
    @Option(help: "Link an existing transaction or transfer instead of recording one.") var transaction: String?
    @Option(help: "The day (default: today).", transform: dateArgument) var date: CivilDate?
    @Option(help: "manual, recurring, roundup or windfall.") var source: ContributionSource = .manual
    @Option(help: "A note.") var note: String?

    func run() async throws {
      let ledger = try await options.openExisting()
      let (id, record) = try userFacing { try ledger.state.goal(named: goal) }
      let payment = try GoalCommand.payment(
        amount: amount, account: from, transaction: transaction, date: date, goal: record, ledger: ledger,
        accountFlag: "--from")
      let entry = EntityID.random()
      let movement = GoalMovement(goal: id, entry: entry, payment: payment, source: source, note: note)
      let outcome = try await options.execute(.contributeToGoal(movement), on: ledger)
      let saved = try? ledger.goal(id, on: LedgerOptions.today()).forecast
      try options.report(
        "contributed to goal '\(record.name)'"
          + (saved.map { ": \(show($0.saved)) of \(show($0.target)) saved" } ?? ""),
        outcome, id: entry.description)
    }
  }

  struct Withdraw: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "withdraw",
      abstract:
        "Take money out of a goal: a transfer from its account (or income in its category) to --to, recorded with the withdrawal."
    )
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The goal.") var goal: String
    @Argument(help: "The amount.") var amount: String?
    @Option(help: "The account the money goes to.") var to: String?
    @Option(help: "Link an existing transaction or transfer instead of recording one.") var transaction: String?
    @Option(help: "The day (default: today).", transform: dateArgument) var date: CivilDate?
    @Option(help: "A note.") var note: String?

    func run() async throws {
      let ledger = try await options.openExisting()
      let (id, record) = try userFacing { try ledger.state.goal(named: goal) }
      let payment = try GoalCommand.payment(
        amount: amount, account: to, transaction: transaction, date: date, goal: record, ledger: ledger,
        accountFlag: "--to")
      let entry = EntityID.random()
      let movement = GoalMovement(goal: id, entry: entry, payment: payment, source: .manual, note: note)
      let outcome = try await options.execute(.withdrawFromGoal(movement), on: ledger)
      let saved = try? ledger.goal(id, on: LedgerOptions.today()).forecast
      try options.report(
        "withdrew from goal '\(record.name)'" + (saved.map { ": \(show($0.saved)) of \(show($0.target)) saved" } ?? ""),
        outcome, id: entry.description)
    }
  }
}
