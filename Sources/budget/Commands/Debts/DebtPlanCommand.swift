import ArgumentParser
import Foundation
import Ledger
import LedgerDomain

/// `budget debt plan`: month by month, which debt gets what until all are paid off.
struct DebtPlanCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "plan",
    abstract: "Plan paying the debts off: snowball, avalanche or your order, with an extra amount a month.")
  @OptionGroup var options: LedgerOptions
  @Option(help: "snowball (smallest balance first), avalanche (highest rate first), custom (--order) or minimums.")
  var strategy = "avalanche"
  @Option(help: "With --strategy custom: the debts in the order to pay them, comma-separated.") var order: String?
  @Option(help: "Paid beyond the minimums each month, e.g. 200.") var extra: String?
  @Option(help: "The first month paid, YYYY-MM (default: next month).", transform: monthArgument) var from: YearMonth?
  @Option(
    help: "Debt free by this month, YYYY-MM: show the smallest extra a month that pays every debt off by then.",
    transform: monthArgument) var by: YearMonth?
  @Flag(help: "Compare snowball, avalanche and minimums only, side by side.") var compare = false
  @Option(help: "Print this many months of the plan (default 12; --json prints all).") var months = 12

  func run() async throws {
    let ledger = try await options.openExisting()
    let today = LedgerOptions.today()
    let currency = try userFacing { try ledger.debts(on: today) }.first?.owed.currency ?? ledger.baseCurrency
    let extraMoney = try extra.map { text -> Money in
      let money = try userFacing { try Money(parsing: text, currency: currency) }
      guard !money.isNegative else { throw UserError("--extra '\(text)' must be zero or more") }
      return money
    }
    if compare, by != nil {
      throw UserError("--by answers for one strategy: drop --compare and give --strategy snowball or avalanche")
    }
    if compare {
      let plans = try [PayoffStrategy.snowball, .avalanche, .minimumsOnly].map { strategy in
        try userFacing { try ledger.debtPlan(strategy: strategy, extra: extraMoney, from: from, on: today) }
      }
      if options.json {
        print(PayoffPlanReport.prettyJSON(of: plans.map { PayoffPlanReport($0) }))
        return
      }
      var table = Table([("STRATEGY", .left), ("DEBT-FREE", .left), ("INTEREST", .right), ("PAID", .right)])
      for plan in plans {
        table.add([plan.strategy.name, plan.payoffMonth.description, show(plan.totalInterest), show(plan.totalPaid)])
      }
      print(table.render())
      return
    }
    let chosen = try Self.strategy(strategy, order: order)
    let plan: PayoffPlan
    var target: DebtFreeTarget?
    if let by {
      (plan, target) = try userFacing {
        try ledger.debtPlan(strategy: chosen, extra: extraMoney, by: by, from: from, on: today)
      }
    } else {
      plan = try userFacing { try ledger.debtPlan(strategy: chosen, extra: extraMoney, from: from, on: today) }
    }
    if options.json {
      print(PayoffPlanReport(plan, target: target).prettyJSON)
      return
    }
    if let target {
      let verdict = target.onTrack ? "on track" : "not on track"
      print(
        "debt free by \(target.by.title): \(show(target.extraNeeded)) extra a month is needed (\(verdict) with \(show(plan.extra)))"
      )
    }
    print(
      "\(plan.strategy.name): debt-free in \(plan.payoffMonth.title), interest \(show(plan.totalInterest)), paid \(show(plan.totalPaid))"
    )
    var byDebt = Table([("DEBT", .left), ("PAID OFF", .left), ("INTEREST", .right), ("PAID", .right)])
    for debt in plan.debts {
      byDebt.add([debt.name, debt.payoffMonth.description, show(debt.interest), show(debt.paid)])
    }
    print(byDebt.render())
    var columns: [(String, Table.Alignment)] = [("MONTH", .left)]
    columns += plan.debts.map { ($0.name.uppercased(), .right) }
    var schedule = Table(columns)
    for month in plan.months.prefix(months) {
      schedule.add(
        [month.month.description]
          + zip(month.payments, month.balances).map { "\(show($0)) → \(show($1))" })
    }
    print(schedule.render())
    if plan.months.count > months { print("… \(plan.months.count - months) more months (--months N, or --json)") }
  }

  static func strategy(_ name: String, order: String?) throws -> PayoffStrategy {
    let names = order?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    do { return try PayoffStrategy(named: name, order: names) } catch {
      throw UserError(
        name == "custom" ? "--strategy custom needs --order, e.g. --order Visa,Car" : error.description)
    }
  }

}
