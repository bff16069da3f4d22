import Foundation
import Ledger
import LedgerDomain

/// Savings goals on the big ledger: 50 goals — 25 on savings accounts of their own, 25 on
/// saving categories of their own, each with three contributions over the last months — are
/// added to a copy of it, then every goal's progress (saved, monthly need, projected date) is
/// timed in-process through `Ledger.goals(on:)`.
enum GoalsCase {
  static let goals = 50
  static let progressTargetMs = 1.0

  static func run(ledger source: String, scratch: String, keep: Bool) async throws -> QueryCase {
    let path = scratch + "/goals.ledger"
    for file in [path, path + "-lock"] { try? FileManager.default.removeItem(atPath: file) }
    try FileManager.default.copyItem(atPath: source, toPath: path)
    let ledger = try await Ledger(path: path, options: Loader.options())
    try await addGoals(to: ledger)
    let today = DatasetSpec.today
    var count = 0
    for _ in 0..<5 { count = try ledger.goals(on: today).count }
    let progress = LatencyStats(
      seconds: try (0..<300).map { _ in try Stopwatch.time { _ = try ledger.goals(on: today) } })
    var result = QueryCase(
      id: "goal-progress", title: "progress of \(goals) goals (saved, monthly need, projected date)", ours: progress,
      targetMs: progressTargetMs)
    result.notes.append("\(count) goals; in-process, through Ledger")
    if !keep {
      try? FileManager.default.removeItem(atPath: path)
      try? FileManager.default.removeItem(atPath: path + "-lock")
    }
    return result
  }

  /// Half the goals on new savings accounts, half on new expense categories, each with a
  /// target a year or two away and three contributions from the ledger's first account.
  static func addGoals(to ledger: Ledger) async throws {
    let today = DatasetSpec.today
    let opened = try today.adding(days: -400)
    guard let source = ledger.state.accounts.filter({ !$0.value.isClosed }).map(\.key).sorted().first else { return }
    var batch: [BatchCommand] = []
    var goals: [GoalID] = []
    var generator = SeededGenerator(seed: 31)
    for index in 0..<Self.goals {
      let goal = GoalID.random()
      goals.append(goal)
      let funding: GoalFunding
      if index % 2 == 0 {
        let account = AccountID.random()
        batch.append(
          BatchCommand(
            .openAccount(OpenAccount(account: account, name: "Goal savings \(index)", type: .savings, date: opened))))
        funding = .account(account)
      } else {
        let category = CategoryID.random()
        batch.append(BatchCommand(.createCategory(CreateCategory(category: category, name: "Goal saving \(index)"))))
        funding = .category(category)
      }
      let target = Money(units: Int64.random(in: 1_000...50_000, using: &generator) * 10_000, currency: .eur)
      let settings = GoalSettings(
        name: "Bench goal \(index)", goalKind: .custom, target: target,
        targetDate: try today.adding(days: Int.random(in: 200...800, using: &generator)), onBudgetSheet: index % 3 == 0)
      batch.append(
        BatchCommand(.addGoal(AddGoal(goal: goal, settings: settings, startDate: opened, funding: funding))))
    }
    for result in try await ledger.execute(batch: batch) { _ = try result.get() }
    batch = []
    for goal in goals {
      for month in 1...3 {
        let amount = Money(units: Int64.random(in: 50...500, using: &generator) * 10_000, currency: .eur)
        let movement = GoalMovement(
          goal: goal, entry: .random(),
          payment: .record(id: .random(), account: source, date: try today.adding(days: -30 * month), amount: amount))
        batch.append(BatchCommand(.contributeToGoal(movement)))
      }
    }
    for result in try await ledger.execute(batch: batch) { _ = try result.get() }
  }
}
