import ArgumentParser
import Ledger
import LedgerDomain

extension GoalCommand {
  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "Every goal: saved, left, monthly need, projected date.")
    @OptionGroup var options: LedgerOptions
    @OptionGroup var time: TimeOptions
    @Flag(help: "Include archived goals.") var all = false

    func run() async throws {
      let ledger = try await options.openExisting()
      let goals = try userFacing {
        try ledger.goals(on: time.asOf ?? LedgerOptions.today(), includingArchived: all, at: try time.point())
      }
      if options.json {
        try Console.json(goals.map(GoalReport.init))
        return
      }
      guard !goals.isEmpty else {
        print("no goals; add one with: budget goal add NAME --target 5000 --account Savings")
        return
      }
      var table = Table([
        ("GOAL", .left), ("STATUS", .left), ("SAVED", .right), ("TARGET", .right), ("%", .right), ("BY", .left),
        ("NEED/MONTH", .right), ("PROJECTED", .left), ("PACE", .left),
      ])
      for goal in goals {
        let forecast = goal.forecast
        table.add([
          goal.name, goal.record.statusWords, show(forecast.saved), show(forecast.target), forecast.percentText,
          goal.record.settings.targetDate?.description ?? "-", forecast.monthlyNeed.map { show($0) } ?? "-",
          forecast.projected?.description ?? "-", forecast.pace.rawValue,
        ])
      }
      print(table.render())
      print("projected dates assume the average net monthly saving of the last three full months goes on")
    }
  }

  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show", abstract: "One goal: progress, monthly need, projected date, contributions.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The goal.") var goal: String
    @OptionGroup var time: TimeOptions

    func run() async throws {
      let ledger = try await options.openExisting()
      let (id, _) = try userFacing { try ledger.state.goal(named: goal) }
      let summary = try userFacing { try ledger.goal(id, on: time.asOf ?? LedgerOptions.today(), at: try time.point()) }
      let report = GoalReport(summary)
      if options.json {
        try Console.json(report)
        return
      }
      let forecast = summary.forecast
      let settings = summary.record.settings
      print("\(summary.name) (\(settings.goalKind.rawValue), \(summary.record.statusWords))")
      print("  funded by \(report.fundingType) '\(summary.fundingName)' since \(summary.record.startDate)")
      print(
        "  saved \(show(forecast.saved)) of \(show(forecast.target)) (\(forecast.percentText) %), left \(show(forecast.left))"
      )
      if let date = settings.targetDate {
        print(
          "  target date \(date): \(forecast.monthlyNeed.map { show($0) } ?? "-") a month needed (\(forecast.pace.rawValue))"
        )
      }
      print("  saving \(show(forecast.monthlyRate)) a month on average over the last three full months")
      if let projected = forecast.projected {
        print("  projected to be reached by \(projected) if that goes on (a projection, not a promise)")
      } else if forecast.pace != .reached {
        print("  no projected date: nothing was saved on balance over the last three full months")
      }
      if settings.onBudgetSheet { print("  its monthly need is on the budget sheet") }
      if let note = settings.note { print("  note: \(note)") }
      guard !report.entries.isEmpty else { return }
      var table = Table([("DATE", .left), ("", .left), ("AMOUNT", .right), ("SOURCE", .left), ("NOTE", .left)])
      for entry in summary.record.entries.sorted(by: { $0.date < $1.date }) {
        table.add([
          entry.date.description, entry.isWithdrawal ? "withdrawal" : "contribution", show(entry.amount),
          entry.isWithdrawal ? "" : entry.source.rawValue, entry.note ?? "",
        ])
      }
      print(table.render())
    }
  }
}
