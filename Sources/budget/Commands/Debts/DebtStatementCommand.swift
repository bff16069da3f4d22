import ArgumentParser
import Foundation
import Ledger
import LedgerDomain

/// `budget debt statement NAME`: a debt's months — owed, interest, payments split into interest
/// and principal, the minimum met or not — and `budget debt interest NAME`, which posts a
/// month's interest charge on the debt's account (docs/goals-and-debts.md, "Statements").
struct DebtStatementCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "statement",
    abstract: "A debt's months: owed, interest, payments split into interest and principal, minimum met.")
  @OptionGroup var options: LedgerOptions
  @Argument(help: "The debt.") var name: String
  @Option(help: "The last day to show (default: today).", transform: dateArgument) var through: CivilDate?

  func run() async throws {
    let ledger = try await options.openExisting()
    let (id, record) = try userFacing { try ledger.state.debt(named: name) }
    let statement = try userFacing { try ledger.debtStatement(id, through: through ?? LedgerOptions.today()) }
    if options.json {
      try Console.json(DebtStatementReport(name: record.name, statement))
      return
    }
    print(
      "\(record.name): interest paid \(show(statement.interestPaid)), principal paid \(show(statement.principalPaid))")
    var table = Table([
      ("MONTH", .left), ("OWED AT START", .right), ("INTEREST", .right), ("EXPECTED", .right), ("CHARGES", .right),
      ("PAYMENTS", .right), ("→INTEREST", .right), ("→PRINCIPAL", .right), ("MINIMUM", .right), ("MET", .left),
      ("OWED AT END", .right),
    ])
    for month in statement.months {
      table.add([
        month.month.description, show(month.openingOwed), month.interestCharged.map { show($0) } ?? "—",
        show(month.expectedInterest), show(month.charges), show(month.payments), show(month.interestPaid),
        show(month.principalPaid), show(month.minimum), month.minimumMet.map { $0 ? "yes" : "no" } ?? "…",
        show(month.closingOwed),
      ])
    }
    print(table.render())
    if statement.months.contains(where: { $0.interestCharged == nil }) {
      Console.note(
        "— no interest posted that month (record a statement's with: budget debt interest \(record.name.contains(" ") ? "\"\(record.name)\"" : record.name) --month YYYY-MM --amount X)"
      )
    }
  }
}

/// `budget debt interest NAME [--month YYYY-MM] [--amount X]`.
struct DebtInterestCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "interest",
    abstract:
      "Post a month's interest on a debt's account: a statement's amount, or the rule's (owed at the start × APR ÷ 12)."
  )
  @OptionGroup var options: LedgerOptions
  @Argument(help: "The debt.") var name: String
  @Option(help: "The month, YYYY-MM (default: last month).", transform: monthArgument) var month: YearMonth?
  @Option(help: "The statement's interest (default: the rule's, rounded half up to the cent).") var amount: String?

  func run() async throws {
    let ledger = try await options.openExisting()
    let (id, record) = try userFacing { try ledger.state.debt(named: name) }
    let today = LedgerOptions.today()
    let currency = ledger.state.accounts[record.account]?.currency ?? ledger.baseCurrency
    let given = try amount.map {
      try positiveAmount($0, currency: currency, field: "--amount", direction: "give the statement's interest")
    }
    let posting = try userFacing { try ledger.debtInterestPosting(id, month: month, amount: given, today: today) }
    let outcomes = try await userFacing {
      try await ledger.execute(atomically: posting.commands, metadata: options.metadata)
    }
    guard let last = outcomes.last else { return }
    options.remember(last, on: ledger)
    try options.report(
      "posted \(show(posting.charge)) of interest on \(record.name) for \(posting.month)\(posting.usesRule ? " (the rule's)" : "")",
      last, id: posting.transaction.description)
  }
}
