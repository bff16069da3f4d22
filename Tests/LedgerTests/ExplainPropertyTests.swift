import Ledger
import LedgerDomain
import LedgerTesting
import QueryResults
import Testing

/// "Why this number?": every figure `explain` takes apart is the sum of the parts it lists —
/// on a ledger of random adds, splits, refunds, amends, deletes and transfers, now and as
/// known at earlier log positions.
@Suite("Explained figures add up")
struct ExplainPropertyTests {
  /// The last day of every month of 2023 and 2024.
  static let monthEnds: [CivilDate] = (0..<24).map { (index: Int) -> CivilDate in
    let year = 2023 + index / 12
    let number = index % 12 + 1
    return month("\(year)-\(number < 10 ? "0" : "")\(number)").lastDay
  }

  @Test(
    "given 300 random commands, when every account's balance at every month end and every expense category's spending in every month is explained, now and at half the log, then the parts add up to the figure",
    arguments: [11, 12] as [UInt64])
  func partsAddUpToTheFigure(seed: UInt64) async throws {
    // Given a ledger of random commands
    let directory = TemporaryDirectory()
    let ledger = try await ProjectionPropertyTests.randomLedger(seed: seed, count: 300, directory: directory)
    let categories = ledger.state.categories.filter { $0.value.kind == .expense }.map(\.key).sorted()
    var kinds: Set<Explanation.Part.Kind> = []
    var refunds = 0
    for point in [TimePoint.now, .position(ledger.position / 2)] {
      // When each figure is explained
      for account in [Scenario.checking, Scenario.savings] {
        for date in Self.monthEnds {
          let explanation = try ledger.explain(.balance(account, on: date), at: point)
          // Then its parts add up to it, and it is the figure the balances report shows
          #expect(explanation.sum == explanation.total, "\(account) on \(date) at \(point)")
          let shown = try ledger.balances(on: date, at: point).value.first { $0.account == account }?.balance
          #expect(shown == explanation.total)
          kinds.formUnion(explanation.parts.map(\.kind))
        }
      }
      for category in categories {
        for month in Self.monthEnds.map(\.yearMonth) {
          let explanation = try ledger.explain(.spent(category, in: month), at: point)
          #expect(explanation.sum == explanation.total, "\(category) in \(month) at \(point)")
          #expect(explanation.parts.allSatisfy { $0.date.yearMonth == month && $0.kind == .transaction })
          refunds += explanation.parts.count { $0.amount.isNegative }
        }
      }
    }
    // And the ledger held every kind of part, refunds among them
    #expect(kinds == [.opening, .transaction, .transfer])
    #expect(refunds > 0)
  }

  @Test("given an account and a category the ledger does not know, when explained, then each is refused by name")
  func unknownEntitiesAreRefused() async throws {
    let fixture = try await LedgerFixture()
    let stranger = AccountID(raw: EntityID(high: 0xDEAD, low: 1))
    #expect(throws: LedgerError.self) { try fixture.ledger.explain(.balance(stranger, on: day("2024-03-31"))) }
    let unknown = CategoryID(raw: EntityID(high: 0xDEAD, low: 2))
    #expect(throws: LedgerError.self) { try fixture.ledger.explain(.spent(unknown, in: month("2024-03"))) }
  }
}
