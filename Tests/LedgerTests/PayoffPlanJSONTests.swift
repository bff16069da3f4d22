import Foundation
import Ledger
import LedgerDomain
import Testing

/// The payoff plan's directly written JSON against JSONEncoder's, byte for byte.
@Suite struct PayoffPlanJSONTests {
  static func encoded(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  @Test func randomPlansAreWrittenAsJSONEncoderWritesThem() throws {
    // Given 60 random plans of one to six debts, their names full of what JSON must escape
    var generator = SystemRandomNumberGenerator()
    let awkward = ["\"quoted\"", "back\\slash", "a/b", "tab\there", "line\nbreak", "bell\u{07}", "ünïcødé €", "😀", ""]
    var reports: [PayoffPlanReport] = []
    for round in 0..<60 {
      let debts = try (0..<Int.random(in: 1...6, using: &generator)).map { index in
        let balance = Int64.random(in: 10_000...5_000_000, using: &generator)
        let rate = AnnualRate(tenThousandthsOfPercent: Int64.random(in: 0...300_000, using: &generator))
        let interest = rate.monthlyInterest(on: Money(units: balance * 100, currency: .eur)).units
        let minimum = max(interest + Int64.random(in: 100...50_000, using: &generator) * 100, 10_000)
        return PayoffDebt(
          name: "\(awkward[(round + index) % awkward.count]) \(index)",
          balance: Money(units: balance * 100, currency: .eur),
          rate: rate, minimum: Money(units: minimum, currency: .eur))
      }
      let strategy: PayoffStrategy = round % 2 == 0 ? .avalanche : .snowball
      let plan = try PayoffPlan.make(
        debts: debts, strategy: strategy,
        extra: Money(units: Int64.random(in: 0...5_000_000, using: &generator), currency: .eur),
        from: try YearMonth(year: 2027, month: 1))
      var report = PayoffPlanReport(plan)
      if round % 3 == 0 {
        report.by = "2030-06"
        report.extraNeeded = "123.45"
        report.onTrack = round % 2 == 0
      }
      reports.append(report)
    }
    // Then each is written exactly as JSONEncoder writes it, and so is the array of them
    for report in reports {
      #expect(report.prettyJSON == (try Self.encoded(report)))
    }
    #expect(PayoffPlanReport.prettyJSON(of: reports) == (try Self.encoded(reports)))
  }
}
