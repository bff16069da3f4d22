import ArgumentParser
import Ledger
import LedgerDomain

/// `budget transfer`: moves money between two of your accounts.
struct TransferCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "transfer", abstract: "Move money between two accounts.")
  @OptionGroup var options: LedgerOptions
  @Argument(help: "The amount, unsigned.") var amount: String
  @Option(help: "The account it leaves.") var from: String
  @Option(help: "The account it goes to.") var to: String
  @Option(help: "Date, YYYY-MM-DD (default: today).", transform: dateArgument) var date: CivilDate?
  @Option(help: "A note.") var note: String?

  func run() async throws {
    let ledger = try await options.openExisting()
    let resolve = Resolve(state: ledger.state)
    let from = try resolve.account(self.from)
    let to = try resolve.account(self.to)
    let money = try positiveAmount(
      amount, currency: from.record.currency, direction: "swap --from and --to to send money the other way")
    let id = TransferID.random()
    let outcome = try await options.execute(
      .makeTransfer(
        TransferMade(
          transfer: id, from: from.id, to: to.id, amount: money, date: date ?? LedgerOptions.today(), note: note)),
      on: ledger)
    try options.report(
      "transferred \(show(money)) \(money.currency.code) from '\(from.record.name)' to '\(to.record.name)'", outcome,
      id: id.description)
  }
}
