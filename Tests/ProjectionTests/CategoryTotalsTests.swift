import CategoryTotals
import EventLog
import LedgerDomain
import LedgerTesting
import ProjectionEngine
import SharedRows
import Testing

@Suite("Projection: category totals")
struct CategoryTotalsTests {
  static let defaults = DefaultCategories.events().map(LedgerEvent.categoryCreated)
  static let household = CategoryID(raw: EntityID(high: 0xCA7, low: 1))
  static let march = PeriodID(raw: EntityID(high: 0x9E7, low: 1))

  static func income(_ id: UInt64, _ amount: String, on date: String) -> TransactionAdded {
    TransactionAdded(
      transaction: txID(id), account: Scenario.checking, date: day(date), amount: eur(amount), type: .income,
      category: Scenario.income, name: "Salary")
  }

  static func split(_ id: UInt64, on date: String, _ parts: [(CategoryID, String)]) -> TransactionAdded {
    let splits = parts.map { Split(category: $0.0, amount: eur($0.1)) }
    let total = splits.reduce(Int64(0)) { $0 + $1.amount.units }
    return TransactionAdded(
      transaction: txID(id), account: Scenario.checking, date: day(date), amount: Money(units: total, currency: .eur),
      type: .expense,
      category: nil, splits: splits, name: "Market")
  }

  /// (name, spent, received, count) per row, for compact expectations.
  static func summary(_ report: CategoryTotalsReport) -> [String] {
    report.rows.map {
      "\($0.name) \($0.spent.amountString)/\($0.received.amountString) ×\($0.count) \($0.spent.currency)"
    }
  }

  @Test(
    "given expenses and income over two months, when a month and the year are read, then each category sums its own")
  func monthAndYear() async throws {
    let harness = try await ProjectionHarness([CategoryTotalsProjector()])
    try await harness.given(
      Self.defaults + [
        .transactionAdded(expense(1, "100", on: "2024-03-10")),
        .transactionAdded(expense(2, "50.25", on: "2024-03-15", category: Scenario.restaurants)),
        .transactionAdded(expense(3, "20", on: "2024-04-02")),
        .transactionAdded(Self.income(4, "3000", on: "2024-03-01")),
      ])

    try harness.read { reader throws in
      let queries = CategoryQueries(reader)
      let march = try queries.month(month("2024-03"))
      #expect(
        Self.summary(march) == [
          "Food 100.00/0.00 ×1 EUR", "Restaurants 50.25/0.00 ×1 EUR", "Income 0.00/3000.00 ×1 EUR",
        ])
      #expect(march.asKnownAt == reader.head.position)
      #expect(march.rows.first?.parent == nil && march.rows.first?.kind == .expense)
      #expect(
        Self.summary(try queries.year(2024)) == [
          "Food 120.00/0.00 ×2 EUR", "Restaurants 50.25/0.00 ×1 EUR", "Income 0.00/3000.00 ×1 EUR",
        ])
      #expect(try queries.month(month("2024-05")).rows.isEmpty)
      #expect(try queries.categories().categories.map(\.name).prefix(3) == ["Food", "Restaurants", "Transport"])
    }
  }

  @Test(
    "given a split and a transaction in USD, when the month is read, then each split counts for its category and currencies stay apart"
  )
  func splitsAndCurrencies() async throws {
    let harness = try await ProjectionHarness([CategoryTotalsProjector()])
    var dollars = expense(2, "0", on: "2024-03-11")
    dollars.amount = Money(units: 70_000, currency: .usd)
    try await harness.given(
      Self.defaults + [
        .transactionAdded(
          Self.split(1, on: "2024-03-10", [(Scenario.food, "30"), (Scenario.restaurants, "20"), (Scenario.food, "5")])),
        .transactionAdded(dollars),
      ])

    try harness.read { reader throws in
      let rows = Self.summary(try CategoryQueries(reader).month(month("2024-03")))
      #expect(rows == ["Food 35.00/0.00 ×1 EUR", "Restaurants 20.00/0.00 ×1 EUR", "Food 7.00/0.00 ×1 USD"])
    }
  }

  @Test(
    "given amends of amount, category and date and a delete, when totals are read now and as known before, then each answer fits its time"
  )
  func amendsDeletesAndTimeTravel() async throws {
    let harness = try await ProjectionHarness([CategoryTotalsProjector()])
    let before = try await harness.given(
      Self.defaults + [
        .transactionAdded(expense(1, "100", on: "2024-03-10")),
        .transactionAdded(expense(2, "40", on: "2024-03-12")),
        .transactionAdded(expense(3, "7", on: "2024-03-13")),
      ])
    var amount = TransactionAmended(transaction: txID(1))
    amount.amount = eur("90")
    var recategorised = TransactionAmended(transaction: txID(2))
    recategorised.category = Scenario.restaurants
    var moved = TransactionAmended(transaction: txID(3))
    moved.date = day("2024-04-01")
    let afterAmends = try await harness.given(
      .transactionAmended(amount), .transactionAmended(recategorised), .transactionAmended(moved))
    try await harness.given(.transactionDeleted(TransactionDeleted(transaction: txID(1), reason: "duplicate")))

    try harness.read { reader throws in
      let queries = CategoryQueries(reader)
      #expect(Self.summary(try queries.month(month("2024-03"))) == ["Restaurants 40.00/0.00 ×1 EUR"])
      #expect(Self.summary(try queries.month(month("2024-04"))) == ["Food 7.00/0.00 ×1 EUR"])
      #expect(
        Self.summary(try queries.month(month("2024-03"), asKnownAt: afterAmends)) == [
          "Food 90.00/0.00 ×1 EUR", "Restaurants 40.00/0.00 ×1 EUR",
        ])
      let old = try queries.month(month("2024-03"), asKnownAt: before)
      #expect(Self.summary(old) == ["Food 147.00/0.00 ×3 EUR"])
      #expect(old.asKnownAt == before)
      #expect(Self.summary(try queries.year(2024)) == ["Food 7.00/0.00 ×1 EUR", "Restaurants 40.00/0.00 ×1 EUR"])
    }
  }

  @Test(
    "given transactions in an expense period and one amended out of it, when the period is read, then only its transactions count"
  )
  func periodTotals() async throws {
    let harness = try await ProjectionHarness([CategoryTotalsProjector()])
    var first = expense(1, "25", on: "2024-03-02")
    first.period = Self.march
    var second = expense(2, "15", on: "2024-03-03", category: Scenario.bills)
    second.period = Self.march
    let outside = expense(3, "99", on: "2024-03-04")
    var removed = TransactionAmended(transaction: txID(2))
    removed.period = Change(nil)
    let withBoth = try await harness.given(
      Self.defaults + [.transactionAdded(first), .transactionAdded(second), .transactionAdded(outside)])
    try await harness.given(.transactionAmended(removed))

    try harness.read { reader throws in
      let queries = CategoryQueries(reader)
      #expect(Self.summary(try queries.period(Self.march)) == ["Food 25.00/0.00 ×1 EUR"])
      #expect(
        Self.summary(try queries.period(Self.march, asKnownAt: withBoth)) == [
          "Food 25.00/0.00 ×1 EUR", "Bills 15.00/0.00 ×1 EUR",
        ])
      #expect(
        Self.summary(try queries.month(month("2024-03"))) == ["Food 124.00/0.00 ×2 EUR", "Bills 15.00/0.00 ×1 EUR"])
    }
  }

  @Test(
    "given Food and Bills moved under a Household group, when totals are rolled up, then the group includes its children"
  )
  func parentRollUp() async throws {
    let harness = try await ProjectionHarness([CategoryTotalsProjector()])
    let group = CategoryCreated(
      category: Self.household, name: "Household", kind: .expense, budgetType: .variable, icon: "house",
      color: .neutral, sortOrder: 0,
      isCustom: true)
    try await harness.given(
      Self.defaults + [
        .categoryCreated(group),
        .categoryMoved(CategoryMoved(category: Scenario.food, parent: Self.household, sortOrder: 1)),
        .categoryMoved(CategoryMoved(category: Scenario.bills, parent: Self.household, sortOrder: 2)),
        .transactionAdded(expense(1, "100", on: "2024-03-10")),
        .transactionAdded(expense(2, "60", on: "2024-03-11", category: Scenario.bills)),
        .transactionAdded(expense(3, "5", on: "2024-03-12", category: Scenario.restaurants)),
      ])

    try harness.read { reader throws in
      let queries = CategoryQueries(reader)
      let own = try queries.month(month("2024-03"))
      #expect(own.rows.first { $0.name == "Food" }?.parent == Self.household)
      let groups = try queries.rolledUp(.month(month("2024-03")))
      #expect(groups.rolledUp)
      // Sort order: Household 0, Food 1, then Bills and Restaurants (both 2) by name.
      #expect(
        Self.summary(groups) == [
          "Household 160.00/0.00 ×2 EUR", "Food 100.00/0.00 ×1 EUR", "Bills 60.00/0.00 ×1 EUR",
          "Restaurants 5.00/0.00 ×1 EUR",
        ])
      let top = try queries.topSpending(.month(month("2024-03")), currency: .eur, limit: 1, rolledUp: true)
      #expect(top.rows.map(\.name) == ["Household"])
    }
  }

  @Test(
    "given spending in several categories, when the top 2 of a month and of the year are asked, then they come most first"
  )
  func topSpending() async throws {
    let harness = try await ProjectionHarness([CategoryTotalsProjector()])
    try await harness.given(
      Self.defaults + [
        .transactionAdded(expense(1, "100", on: "2024-03-10")),
        .transactionAdded(expense(2, "300", on: "2024-03-11", category: Scenario.bills)),
        .transactionAdded(expense(3, "150", on: "2024-03-12", category: Scenario.restaurants)),
        .transactionAdded(expense(4, "500", on: "2024-01-12")),
        .transactionAdded(Self.income(5, "9000", on: "2024-03-01")),
      ])

    try harness.read { reader throws in
      let queries = CategoryQueries(reader)
      let monthTop = try queries.topSpending(.month(month("2024-03")), currency: .eur, limit: 2)
      #expect(monthTop.rows.map(\.name) == ["Bills", "Restaurants"])
      let yearTop = try queries.topSpending(.year(2024), currency: .eur, limit: 2)
      #expect(yearTop.rows.map(\.name) == ["Food", "Bills"])
      #expect(yearTop.rows.first?.spent == eur("600"))
      #expect(try queries.topSpending(.year(2024), currency: .usd, limit: 2).rows.isEmpty)
    }
  }

  @Test(
    "given spending in two of the last three months, when the average is asked, then the empty month counts as zero")
  func averageMonthlySpending() async throws {
    let harness = try await ProjectionHarness([CategoryTotalsProjector()])
    try await harness.given(
      Self.defaults + [
        .transactionAdded(expense(1, "100", on: "2024-01-10")),
        .transactionAdded(expense(2, "50", on: "2024-03-11")),
        .transactionAdded(expense(3, "10", on: "2023-12-31")),
        .transactionAdded(expense(4, "10", on: "2024-02-01", category: Scenario.bills)),
      ])

    try harness.read { reader throws in
      let report = try CategoryQueries(reader).averageMonthlySpending(months: 3, endingAt: month("2024-03"))
      #expect(report.months == 3)
      #expect(report.rows.map(\.name) == ["Food", "Bills"])
      #expect(report.rows.map(\.total) == [eur("150"), eur("10")])
      #expect(report.rows.map(\.average) == [eur("50"), eur("3.3333")])
    }
  }

  @Test(
    "given events with amends, splits and a delete, when the log is folded afresh and rebuilt, then the tables and answers are the same"
  )
  func totalsSurviveVerifyAndRebuild() async throws {
    let harness = try await ProjectionHarness([CategoryTotalsProjector()])
    var amount = TransactionAmended(transaction: txID(1))
    amount.amount = eur("80")
    var splits = TransactionAmended(transaction: txID(2))
    splits.splits = [
      Split(category: Scenario.food, amount: eur("10")), Split(category: Scenario.bills, amount: eur("30")),
    ]
    var renamed = TransactionAmended(transaction: txID(3))
    renamed.name = "Only the name"
    let early = try await harness.given(
      Self.defaults + [
        .transactionAdded(expense(1, "100", on: "2024-03-10")), .transactionAdded(expense(2, "40", on: "2024-03-11")),
        .transactionAdded(expense(3, "5", on: "2024-02-11")),
        .transactionAdded(Self.income(4, "2000", on: "2024-03-01")),
      ])
    try await harness.given(
      .transactionAmended(amount), .transactionAmended(splits), .transactionAmended(renamed),
      .transactionDeleted(TransactionDeleted(transaction: txID(4), reason: "test")),
      .categoryRenamed(CategoryRenamed(category: Scenario.food, previousName: "Food", name: "Groceries")))

    func totalsAnswers() throws -> [CategoryTotalsReport] {
      try harness.read { reader throws in
        let queries = CategoryQueries(reader)
        return [
          try queries.month(month("2024-03")), try queries.month(month("2024-03"), asKnownAt: early),
          try queries.year(2024),
          try queries.rolledUp(.year(2024)),
        ]
      }
    }
    #expect(try harness.engine.verifyDeep() == [])
    let before = try totalsAnswers()
    #expect(Self.summary(before[0]) == ["Groceries 90.00/0.00 ×2 EUR", "Bills 30.00/0.00 ×1 EUR"])
    try await harness.engine.rebuild([CategoryTotalsProjector.name])
    #expect(try totalsAnswers() == before)
    #expect(try harness.engine.verifyDeep() == [])
  }

  @Test(
    "given a commit whose first events were folded and whose rest a bulk load deferred, when deep verify runs before the catch-up, then it finds no difference, and none after it"
  )
  func verifyWhileBehindInTheMiddleOfACommit() async throws {
    let harness = try await ProjectionHarness([CategoryTotalsProjector()])
    try await harness.given(Self.defaults)
    try await harness.given(
      folded: [.transactionAdded(expense(1, "10", on: "2024-03-10"))],
      thenDeferred: [.transactionAdded(expense(2, "5", on: "2024-03-11"))])
    // The month's row holds the folded expense at the commit's version; a fold of the whole
    // log holds both at that same version. Only the part of the log folded is compared.
    #expect(try harness.engine.verifyDeep() == [])
    #expect(try harness.engine.staleProjectors() == ["category-totals"])
    try await harness.engine.rebuild()
    #expect(try harness.engine.verifyDeep() == [])
    let march = try harness.read { try CategoryQueries($0).month(month("2024-03")) }
    #expect(Self.summary(march) == ["Food 15.00/0.00 ×2 EUR"])
  }
}

@Suite("Projection: category totals' row values")
struct TotalsRowTests {
  @Test(
    "given rows of 24 and 30 bytes, in an array or in a collection that is not contiguous, then Totals reads the same three big-endian words; given 23 bytes, nothing"
  )
  func contiguousAndOtherRowsReadAlike() {
    let totals = Totals(spent: 1_234_5678, received: -42, count: 3)
    for row in [totals.encoded, totals.encoded + [9, 9, 9, 9, 9, 9]] {
      #expect(Totals(row) == totals)
      #expect(Totals(row.lazy.map { $0 }) == totals)  // not contiguous: read through RowReader
      #expect(Totals(row[...]) == totals)
    }
    let short = Array(totals.encoded.dropLast())
    #expect(Totals(short) == nil)
    #expect(Totals(short.lazy.map { $0 }) == nil)
  }
}
