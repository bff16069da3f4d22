import LedgerDomain
import LedgerTesting
import Notifications
import ProjectionEngine
import QueryResults
import Testing

@Suite("Projection: notifications")
struct NotificationsTests {
  static let created = LedgerEvent.ledgerCreated(LedgerCreated(name: "Home", baseCurrency: .eur))

  static func budget(_ month: String, _ amount: String, span: BudgetSpan = .month) -> LedgerEvent {
    .budgetSet(BudgetSet(month: LedgerTesting.month(month), category: Scenario.food, amount: eur(amount), span: span))
  }

  static func spend(_ id: UInt64, _ amount: String, on date: String) -> LedgerEvent {
    .transactionAdded(expense(id, amount, on: date, category: Scenario.food))
  }

  static func harness() async throws -> ProjectionHarness { try await ProjectionHarness([NotificationsProjector()]) }

  /// The standing notices as `threshold@month`, newest first.
  static func notices(_ harness: ProjectionHarness, asKnownAt: UInt64 = .max) throws -> [BudgetNotice] {
    try harness.read { reader in try NotificationQueries(reader).budgetNotices(asKnownAt: asKnownAt) }
  }

  static func names(_ notices: [BudgetNotice]) -> [String] { notices.map { "\($0.threshold.name)@\($0.month)" } }

  @Test(
    "given 100 for Food in March, when 80, 15 and 10 are spent, then 75 %, 90 %, all of it and overspent are each noticed by the transaction that reached it"
  )
  func thresholdsAreNoticedAsTheyAreReached() async throws {
    let harness = try await Self.harness()
    try await harness.given(Self.created, Self.budget("2024-03", "100"))
    let first = try await harness.given(Self.spend(1, "80", on: "2024-03-02"))
    #expect(Self.names(try Self.notices(harness)) == ["75@2024-03"])
    let second = try await harness.given(Self.spend(2, "15", on: "2024-03-09"))
    let third = try await harness.given(Self.spend(3, "10", on: "2024-03-10"))

    let notices = try Self.notices(harness)
    #expect(Self.names(notices) == ["overspent@2024-03", "100@2024-03", "90@2024-03", "75@2024-03"])
    #expect(notices.map(\.position) == [third, third, second, first])
    #expect(notices.map(\.transaction) == [txID(3), txID(3), txID(2), txID(1)])
    #expect(notices.last?.key == "budget:2024-03:\(Scenario.food):75:1")
    // And as known before the third, only the first two stood
    #expect(Self.names(try Self.notices(harness, asKnownAt: second)) == ["90@2024-03", "75@2024-03"])
  }

  @Test(
    "given 100 for Food, when spending steps up to each threshold a hundredth at a time, then each is reached exactly at 75.00, 90.00, 100.00 and 100.01"
  )
  func thresholdsAreReachedExactlyAtTheirShare() async throws {
    let harness = try await Self.harness()
    try await harness.given(Self.created, Self.budget("2024-03", "100"), Self.spend(1, "74.99", on: "2024-03-01"))
    #expect(try Self.notices(harness).isEmpty)
    let steps: [(String, [BudgetThreshold])] = [
      ("0.01", [.percent75]), ("14.99", [.percent75]), ("0.01", [.percent75, .percent90]),
      ("9.99", [.percent75, .percent90]), ("0.01", [.percent75, .percent90, .percent100]),
      ("0.01", BudgetThreshold.allCases),
    ]
    for (index, (amount, reached)) in steps.enumerated() {
      try await harness.given(Self.spend(UInt64(index + 2), amount, on: "2024-03-02"))
      #expect(Set(try Self.notices(harness).map(\.threshold)) == Set(reached), "after \(amount) more")
    }
  }

  @Test(
    "given Food at 105 % of its budget, when an amendment lowers it to 75 % and another raises it again, then the notices above 75 % are taken back and then noticed a second time"
  )
  func anAmendmentTakesNoticesBackAndACrossingAgainIsNew() async throws {
    let harness = try await Self.harness()
    let spent = expense(1, "105", on: "2024-03-02", category: Scenario.food)
    try await harness.given(Self.created, Self.budget("2024-03", "100"), .transactionAdded(spent))
    var lowered = TransactionAmended(transaction: txID(1))
    lowered.amount = eur("75")
    lowered.previous = spent
    try await harness.given(.transactionAmended(lowered))
    #expect(Self.names(try Self.notices(harness)) == ["75@2024-03"])

    var raised = TransactionAmended(transaction: txID(1))
    raised.amount = eur("95")
    raised.previous = spent.applying(lowered)
    let again = try await harness.given(.transactionAmended(raised))
    let notices = try Self.notices(harness)
    #expect(Self.names(notices) == ["90@2024-03", "75@2024-03"])
    #expect(notices.first?.crossing == 2 && notices.first?.position == again)
    #expect(notices.first?.key == "budget:2024-03:\(Scenario.food):90:2")
    #expect(notices.last?.crossing == 1)
  }

  @Test(
    "given budgets in February and March, when a transaction is dated back into February and then deleted, then February is noticed and the notice is taken back"
  )
  func aBackDatedTransactionIsNoticedInItsOwnMonthAndADeletionTakesItBack() async throws {
    let harness = try await Self.harness()
    let late = expense(1, "95", on: "2024-02-20", category: Scenario.food)
    try await harness.given(Self.created, Self.budget("2024-02", "100"), Self.budget("2024-03", "100"))
    let added = try await harness.given(.transactionAdded(late))
    #expect(Self.names(try Self.notices(harness)) == ["90@2024-02", "75@2024-02"])

    try await harness.given(
      .transactionDeleted(TransactionDeleted(transaction: txID(1), reason: "undo", deleted: late)))
    #expect(try Self.notices(harness).isEmpty)
    #expect(Self.names(try Self.notices(harness, asKnownAt: added)) == ["90@2024-02", "75@2024-02"])
  }

  @Test(
    "given 100 a month for Food and its unspent money rolled over from January, when February spends 160, then 75 % is noticed (160 of 200), not overspending"
  )
  func rolloverCountsWhatWasCarriedIn() async throws {
    let harness = try await Self.harness()
    try await harness.given(
      Self.created, Self.budget("2024-01", "100"), Self.budget("2024-02", "100"),
      .rolloverSet(
        RolloverSet(category: Scenario.food, carryUnspent: true, carryOverspent: false, from: month("2024-01"))),
      Self.spend(1, "160", on: "2024-02-10"))
    #expect(Self.names(try Self.notices(harness)) == ["75@2024-02"])

    // When January's money turns out spent after all, February has only its own 100
    try await harness.given(Self.spend(2, "100", on: "2024-01-31"))
    // (newest first, then by threshold, then by month)
    #expect(
      Self.names(try Self.notices(harness)) == [
        "overspent@2024-02", "100@2024-02", "100@2024-01", "90@2024-02", "90@2024-01", "75@2024-01", "75@2024-02",
      ])
  }

  @Test(
    "given six months each half spent, when overspending is rolled over from January and then May is overspent by 50, then June has only 50 left and its 50 spent uses all of it"
  )
  func aRolloverSettingReachesEveryLaterMonth() async throws {
    let harness = try await Self.harness()
    let months = ["2024-01", "2024-02", "2024-03", "2024-04", "2024-05", "2024-06"]
    try await harness.given(
      [Self.created] + months.map { Self.budget($0, "100") }
        + months.enumerated().map { Self.spend(UInt64($0.offset + 1), "50", on: "\($0.element)-10") })
    try await harness.given(
      .rolloverSet(
        RolloverSet(category: Scenario.food, carryUnspent: false, carryOverspent: true, from: month("2024-01"))))
    #expect(try Self.notices(harness).isEmpty)

    try await harness.given(Self.spend(9, "100", on: "2024-05-20"))

    let june = try Self.notices(harness).filter { $0.month == month("2024-06") }.map(\.threshold)
    #expect(Set(june) == [.percent75, .percent90, .percent100])
    #expect(Set(try Self.notices(harness).map(\.month)) == [month("2024-05"), month("2024-06")])
  }

  @Test("given 300 for Food's quarter set in January, when March spends 95, then March's third (100) is 95 % used")
  func aQuarterIsSharedByItsMonths() async throws {
    let harness = try await Self.harness()
    try await harness.given(
      Self.created, Self.budget("2024-01", "300", span: .quarter), Self.spend(1, "95", on: "2024-03-05"))
    #expect(Self.names(try Self.notices(harness)) == ["90@2024-03", "75@2024-03"])
  }

  @Test("given no budget, or a budget in another currency, when money is spent, then nothing is noticed")
  func withoutABudgetNothingIsNoticed() async throws {
    let harness = try await Self.harness()
    let dollars = LedgerEvent.budgetSet(
      BudgetSet(month: month("2024-03"), category: Scenario.food, amount: Money(units: 1_000_000, currency: .usd)))
    try await harness.given(Self.created, dollars, Self.spend(1, "500", on: "2024-03-02"))
    #expect(try Self.notices(harness).isEmpty)
  }
}
