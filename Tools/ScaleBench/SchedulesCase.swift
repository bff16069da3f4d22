import Foundation
import Ledger
import LedgerDomain

/// Bills on the big ledger: 500 schedules over 10 accounts are added to a copy of it, then
/// the upcoming-occurrences query (the next 14 days) and a 12-month forecast of the 10
/// accounts are timed in-process, and `budget bills` and `budget report forecast` as whole
/// processes.
enum SchedulesCase {
  static let schedules = 500
  static let accounts = 10
  static let upcomingTargetMs = 1.0
  static let forecastTargetMs = 10.0
  static let billsCLITargetMs = 50.0
  static let forecastCLITargetMs = 60.0

  struct Result {
    var queries: [QueryCase]
    var commands: [CommandCase]
  }

  static func run(
    ledger source: String, spec: DatasetSpec, scratch: String, budget: String?, timer: CommandTimer, keep: Bool
  ) async throws -> Result {
    let path = scratch + "/schedules.ledger"
    for file in [path, path + "-lock"] { try? FileManager.default.removeItem(atPath: file) }
    try FileManager.default.copyItem(atPath: source, toPath: path)
    let ledger = try await Ledger(path: path, options: Loader.options())
    try await addSchedules(to: ledger)
    let today = DatasetSpec.today
    let horizon = try today.adding(days: 14)
    func sample(_ runs: Int, _ body: () throws -> Void) rethrows -> LatencyStats {
      for _ in 0..<5 { try body() }
      return LatencyStats(seconds: try (0..<runs).map { _ in try Stopwatch.time(body) })
    }
    var count = 0
    let upcoming = try sample(300) { count = try ledger.occurrences(dueFrom: today, through: horizon).value.count }
    var upcomingCase = QueryCase(
      id: "upcoming-occurrences", title: "occurrences due in the next 14 days, 500 schedules", ours: upcoming,
      targetMs: upcomingTargetMs)
    upcomingCase.notes.append("\(count) occurrences in the window; in-process, through Ledger")
    var points = 0
    let forecast = try sample(200) {
      points = try ledger.forecast(months: 12).value.accounts.reduce(0) { $0 + $1.days.count }
    }
    var forecastCase = QueryCase(
      id: "forecast-12-months", title: "12-month forecast of 10 accounts, 500 schedules", ours: forecast,
      targetMs: forecastTargetMs)
    forecastCase.notes.append("\(points) day balances over the 10 accounts; in-process, through Ledger")
    var billsCase = QueryCase(
      id: "bills-overview", title: "bills overview (a year back, 14 days ahead), 500 schedules",
      ours: try sample(100) { _ = try ledger.bills() }, targetMs: nil)
    billsCase.notes.append("reference: what `budget bills` asks, in-process")
    var commands: [CommandCase] = []
    if let budget {
      let q = CommandCases.quote
      commands.append(
        try timer.time(
          id: "budget-bills", title: "budget bills (500 schedules, \(Format.count(spec.transactions)) tx)",
          command: "\(q(budget)) bills --ledger \(q(path))", transactions: spec.transactions, runs: 30))
      commands.append(
        try timer.time(
          id: "budget-forecast",
          title: "budget report forecast --months 12 (10 accounts, \(Format.count(spec.transactions)) tx)",
          command: "\(q(budget)) report forecast --months 12 --ledger \(q(path))", transactions: spec.transactions,
          runs: 30))
    }
    if !keep {
      try? FileManager.default.removeItem(atPath: path)
      try? FileManager.default.removeItem(atPath: path + "-lock")
    }
    return Result(queries: [upcomingCase, forecastCase, billsCase], commands: commands)
  }

  /// Seven more accounts (ten in all) and 500 schedules over them: monthly on a day, on a
  /// weekday, weekly, biweekly, quarterly and yearly, every fifth an income, some estimated,
  /// started within the last year — a household's and a small business's bills together.
  static func addSchedules(to ledger: Ledger) async throws {
    var accounts = ledger.state.accounts.filter { !$0.value.isClosed }.map(\.key).sorted()
    let opened = try DatasetSpec.today.adding(days: -800)
    for index in accounts.count..<Self.accounts {
      let id = AccountID.random()
      try await ledger.execute(
        .openAccount(OpenAccount(account: id, name: "Bench account \(index)", type: .checking, date: opened)))
      accounts.append(id)
    }
    let state = ledger.state
    let expense = state.categories.filter { $0.value.kind == .expense && $0.value.isActive }.map(\.key).sorted()
    let income = state.categories.filter { $0.value.kind == .income && $0.value.isActive }.map(\.key).sorted()
    var generator = SeededGenerator(seed: 29)
    var batch: [BatchCommand] = []
    for index in 0..<Self.schedules {
      let start = try DatasetSpec.today.adding(days: -Int.random(in: 0...365, using: &generator))
      let recurrence: Recurrence
      switch index % 6 {
      case 0: recurrence = Recurrence(unit: .month, dayOfMonth: index % 31 + 1, start: start)
      case 1: recurrence = Recurrence(unit: .month, weekdayOrdinal: index % 4 + 1, weekday: index % 7 + 1, start: start)
      case 2: recurrence = Recurrence(unit: .week, start: start)
      case 3: recurrence = Recurrence(unit: .week, interval: 2, weekend: .after, start: start)
      case 4: recurrence = Recurrence(unit: .month, interval: 3, dayOfMonth: 0, weekend: .before, start: start)
      default: recurrence = Recurrence(unit: .year, start: start)
      }
      let isIncome = index % 5 == 0
      let terms = ScheduleTerms(
        name: "Bench bill \(index)", kind: isIncome ? .income : .expense,
        amount: Money(units: Int64.random(in: 500...20_000, using: &generator) * 100, currency: .eur),
        estimated: index % 3 == 0, account: accounts[index % accounts.count],
        category: isIncome ? income[index % income.count] : expense[index % expense.count], recurrence: recurrence,
        autopay: false, reminderDays: index % 7)
      batch.append(BatchCommand(.createSchedule(.random(), terms: terms)))
    }
    for result in try await ledger.execute(batch: batch) { _ = try result.get() }
  }
}
