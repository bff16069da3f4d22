import ArgumentParser
import Ledger
import LedgerDomain
import LedgerWire

/// `budget transfer`: moves money between two of your accounts (`budget transfer 100 --from
/// Checking --to Savings`), or amends a transfer made earlier (`budget transfer amend ID`).
struct TransferCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "transfer", abstract: "Move money between two accounts, or amend a transfer.",
    subcommands: [Make.self, Amend.self], defaultSubcommand: Make.self)

  /// `budget transfer [make] AMOUNT --from A --to B`.
  struct Make: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "make", abstract: "Move money between two accounts (what `budget transfer AMOUNT …` does).")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The amount, unsigned.") var amount: String
    @Option(help: "The account it leaves.") var from: String
    @Option(help: "The account it goes to.") var to: String
    @Option(help: "Date, YYYY-MM-DD (default: today).", transform: dateArgument) var date: CivilDate?
    @Option(help: "A note.") var note: String?

    func run() async throws {
      let ledger = try await options.openExisting()
      let resolve = NameResolver(state: ledger.state)
      let from = try resolve.account(self.from)
      let to = try resolve.account(self.to)
      let money = try positiveAmount(
        amount, currency: from.record.currency, direction: "swap --from and --to to send money the other way")
      let id = TransferID.random()
      let outcome = try await options.execute(
        .makeTransfer(
          MakeTransfer(
            transfer: id, from: from.id, to: to.id, amount: money, date: date ?? LedgerOptions.today(), note: note)),
        on: ledger)
      try options.report(
        "transferred \(show(money)) \(money.currency.code) from '\(from.record.name)' to '\(to.record.name)' (\(id.short))",
        outcome, id: id.description)
    }
  }

  /// `budget transfer amend ID [--amount] [--date] [--from] [--to] [--note | --no-note]`.
  struct Amend: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "amend", abstract: "Change a transfer's amount, date, accounts or note.",
      discussion: """
        The transfer is cancelled and made again as changed, in one step that one `budget undo` \
        takes back; the amended transfer gets an id of its own (printed), and `budget history` of \
        the old id ends with the id that replaced it.
        """)
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The transfer: 4 or more characters of either leg's id, as `budget tx list` shows them.")
    var transfer: String
    @Option(help: "A new amount, unsigned.") var amount: String?
    @Option(help: "A new date, YYYY-MM-DD.", transform: dateArgument) var date: CivilDate?
    @Option(help: "A new account it leaves.") var from: String?
    @Option(help: "A new account it goes to.") var to: String?
    @Option(help: "A new note.") var note: String?
    @Flag(help: "Drop the note.") var noNote = false

    func validate() throws {
      if note != nil, noNote { throw ValidationError("give --note or --no-note, not both") }
      if amount == nil, date == nil, from == nil, to == nil, note == nil, !noNote {
        throw ValidationError("say what to change: --amount, --date, --from, --to, --note or --no-note")
      }
    }

    func run() async throws {
      let ledger = try await options.openExisting()
      let resolve = NameResolver(state: ledger.state)
      let found = resolve.transfers(transfer.lowercased())
      guard found.count == 1, let current = found.first else {
        throw UserError(
          found.count > 1
            ? "transfer '\(transfer)' names \(found.count) transfers; give more characters"
            : "transfer '\(transfer)' not found; give 4 or more characters of either leg's id (budget tx list shows them)"
        )
      }
      let from = try self.from.map { try resolve.account($0) }
      let to = try self.to.map { try resolve.account($0) }
      let currency = from?.record.currency ?? ledger.state.accounts[current.from]?.currency ?? current.amount.currency
      let changes = TransferChanges(
        from: from?.id, to: to?.id,
        amount: try amount.map {
          try positiveAmount($0, currency: currency, direction: "swap --from and --to to send money the other way")
        },
        date: date, note: noNote ? .some(nil) : note.map { .some($0) })
      let id = TransferID.random()
      let outcomes = try await userFacing {
        try await ledger.amendTransfer(current.transfer, changes, as: id, metadata: options.metadata)
      }
      options.mentionWaitingAutopay(on: ledger)
      if options.json, let first = outcomes.first, let last = outcomes.last {
        let count = Int(last.positions.upperBound - first.positions.lowerBound + 1)
        var result = Wire.WriteResult(
          events: try userFacing { try ledger.events(from: first.positions.lowerBound, limit: count) })
        result.id = id.description
        result.duplicate = first.wasDuplicate
        return try Console.json(result)
      }
      guard let amended = ledger.state.transferRecords[id] else {
        return print("amended transfer \(current.transfer.short)")
      }
      let names = ledger.state.accounts
      print(
        "amended transfer \(current.transfer.short): now \(show(amended.amount)) \(amended.amount.currency.code) from '\(names[amended.from]?.name ?? "?")' to '\(names[amended.to]?.name ?? "?")' on \(amended.date) (\(id.short))"
      )
    }
  }
}
