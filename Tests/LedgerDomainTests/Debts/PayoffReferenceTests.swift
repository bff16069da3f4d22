import Foundation
import LedgerDomain
import LedgerTesting
import Testing

/// Payoff plans against `payoff_reference.py` (next to this file), an independent
/// implementation in Python's `decimal` of the rule docs/goals-and-debts.md states: for many
/// random sets of debts, each strategy's payoff month, each debt's and the total interest
/// agree to the cent.
@Suite struct PayoffReferenceTests {
  struct Answer: Decodable {
    struct Debt: Decodable {
      var name: String
      var months: Int
      var interest: String
    }
    var id: Int
    /// Nil when the reference is not paid off within 100 years.
    var months: Int?
    var totalInterest: String?
    var debts: [Debt]
  }

  /// One plan to check: its debts (changes of terms included), strategy and extra.
  struct Case {
    var id: Int
    var strategy: PayoffStrategy
    var debts: [PayoffDebt]
    var extra: Money
  }

  static var start: YearMonth {
    get throws { try YearMonth(year: 2027, month: 1) }
  }

  /// Random debts: balances to 50,000, APRs 0 to 36 %, each with a minimum of its first
  /// month's interest, 1 % of the balance and up to 200 more (so that minimums alone end within
  /// 100 years); with `changes`, half of them change rate and minimum in one of the first 60
  /// months, to a minimum that still beats the interest on the first balance.
  static func randomDebts(using generator: inout SeededGenerator, changes: Bool) throws -> [PayoffDebt] {
    let start = try Self.start
    return try (0..<Int.random(in: 1...5, using: &generator)).map { index in
      let balance = Money(units: Int64.random(in: 1...5_000_000, using: &generator) * 100, currency: .eur)
      func terms() -> (AnnualRate, Money) {
        let rate = AnnualRate(tenThousandthsOfPercent: Int64.random(in: 0...360, using: &generator) * 1_000)
        let interest = rate.monthlyInterest(on: balance).units
        let onePercent = balance.units / 100 / 100 * 100
        let minimum = Money(
          units: interest + onePercent + Int64.random(in: 1...20_000, using: &generator) * 100, currency: .eur)
        return (rate, minimum)
      }
      let (rate, minimum) = terms()
      var later: [PayoffDebt.Change] = []
      if changes, Bool.random(using: &generator) {
        let (newRate, newMinimum) = terms()
        let month = try start.adding(months: Int.random(in: 1...59, using: &generator))
        later.append(PayoffDebt.Change(month: month, rate: newRate, minimum: newMinimum))
      }
      return PayoffDebt(name: "debt \(index)", balance: balance, rate: rate, minimum: minimum, changes: later)
    }
  }

  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("payoff_reference.py")

  @Test func randomPlansAgreeWithTheReferenceToTheCent() throws {
    // Given 300 random sets of 1 to 5 debts, a third of them with terms changing in a later
    // month, and an extra of 0 to 500
    var generator = SeededGenerator(seed: 20_261_127)
    var cases: [Case] = []
    for id in 0..<300 {
      let debts = try Self.randomDebts(using: &generator, changes: id % 9 >= 6)
      let strategy: PayoffStrategy = [.snowball, .avalanche, .minimumsOnly][id % 3]
      let extra = Money(units: Int64.random(in: 0...500, using: &generator) * 10_000, currency: .eur)
      cases.append(Case(id: id, strategy: strategy, debts: debts, extra: extra))
    }
    // When the ledger and the reference plan each of them
    let answers = try Self.reference(cases)
    let start = try Self.start
    // Then the payoff month, each debt's interest and its month, and the total agree
    for item in cases {
      let plan = try PayoffPlan.make(debts: item.debts, strategy: item.strategy, extra: item.extra, from: start)
      let answer = try #require(answers[item.id], "case \(item.id)")
      #expect(plan.payoffMonth.monthsSince(start) + 1 == answer.months, "case \(item.id) \(item.strategy.name)")
      #expect(Self.decimal(plan.totalInterest) == answer.totalInterest, "case \(item.id) \(item.strategy.name)")
      for (outcome, reference) in zip(plan.debts, answer.debts) {
        #expect(outcome.payoffMonth.monthsSince(start) + 1 == reference.months, "case \(item.id) \(outcome.name)")
        #expect(Self.decimal(outcome.interest) == reference.interest, "case \(item.id) \(outcome.name)")
      }
    }
  }

  /// `12.30` as Python's `str(Decimal)` prints a sum of cents: two decimals always.
  static func decimal(_ money: Money) -> String {
    let cents = money.units / 100
    let sign = cents < 0 ? "-" : ""
    let magnitude = abs(cents)
    let fraction = magnitude % 100
    return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  static func reference(_ cases: [Case]) throws -> [Int: Answer] {
    let start = try Self.start
    let lines = cases.map { item -> String in
      let debts = item.debts.map { debt in
        let changes = debt.changes.map {
          "{\"month\":\($0.month.monthsSince(start) + 1),\"apr\":\"\($0.rate)\",\"minimum\":\"\(decimal($0.minimum))\"}"
        }
        return
          "{\"name\":\"\(debt.name)\",\"balance\":\"\(decimal(debt.balance))\",\"apr\":\"\(debt.rate)\",\"minimum\":\"\(decimal(debt.minimum))\",\"changes\":[\(changes.joined(separator: ","))]}"
      }
      return
        "{\"id\":\(item.id),\"strategy\":\"\(item.strategy.name)\",\"extra\":\"\(decimal(item.extra))\",\"debts\":[\(debts.joined(separator: ","))]}"
    }
    let input = FileManager.default.temporaryDirectory.appendingPathComponent("payoff-\(UUID().uuidString).jsonl")
    try lines.joined(separator: "\n").write(to: input, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: input) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path, input.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    var answers: [Int: Answer] = [:]
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      let answer = try JSONDecoder().decode(Answer.self, from: Data(line.utf8))
      answers[answer.id] = answer
    }
    return answers
  }
}
