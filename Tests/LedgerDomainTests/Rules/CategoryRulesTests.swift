import LedgerDomain
import LedgerTesting
import Testing

@Suite("Rules: categories")
struct CategoryRulesTests {
  @Test("given the default categories, when 'FOOD' is created, then the name is taken (case-insensitive)")
  func uniqueNamesIgnoringCase() {
    let error = #expect(throws: DomainError.self) {
      try Scenario.standard().when(.createCategory(CreateCategory(name: "FOOD")))
    }
    #expect(error == .categoryNameTaken(name: "FOOD"))
  }

  @Test("given a new custom category, when created, then it is custom, styled by default, and sorted last")
  func createCustom() throws {
    let id = CategoryID.random()
    let events = try Scenario.standard().when(.createCategory(CreateCategory(category: id, name: "Crypto", budgetType: .quarterly)))

    guard case .categoryCreated(let created) = events.first else { Issue.record("got \(events)"); return }
    #expect(created.isCustom && created.sortOrder == 10 && created.budgetType == .quarterly)
    #expect(created.icon == "tag.fill" && created.color == .neutral)
  }

  @Test("given an archived 'Sport', when a new 'Sport' is created, then it is allowed; restoring the old one is then refused")
  func archivedNamesAreFree() throws {
    var scenario = Scenario.standard()
    let sport = DefaultCategories.id(7)
    try scenario.run(.archiveCategory(sport))

    try scenario.run(.createCategory(CreateCategory(name: "Sport")))
    #expect(throws: DomainError.categoryNameTaken(name: "Sport")) { try scenario.when(.restoreCategory(sport)) }
  }

  @Test("given a category with a transaction, when deleted, then refused with a hint to archive; without, then deleted")
  func deleteOnlyUnused() throws {
    var scenario = Scenario.standard()
    try scenario.run(.addTransaction(expense(1, "12.00")))

    let error = #expect(throws: DomainError.self) { try scenario.when(.deleteCategory(Scenario.food)) }
    #expect(error == .categoryInUse(name: "Food", transactions: 1))
    #expect(error?.description.contains("archive it instead") == true)
    #expect(try scenario.when(.deleteCategory(Scenario.restaurants)) == [.categoryDeleted(CategoryDeleted(category: Scenario.restaurants))])
  }

  @Test("given an archived category, when a transaction uses it, then refused until it is restored")
  func archivedCategoryTakesNoTransactions() throws {
    var scenario = Scenario.standard()
    try scenario.run(.archiveCategory(Scenario.food))

    #expect(throws: DomainError.categoryArchived(name: "Food")) { try scenario.when(.addTransaction(expense(1, "1.00"))) }
    try scenario.run(.restoreCategory(Scenario.food))
    #expect(throws: Never.self) { try scenario.when(.addTransaction(expense(1, "1.00"))) }
  }

  @Test("given groups, when a category is moved under its own child, then the cycle is refused")
  func noCycles() throws {
    var scenario = Scenario.standard()
    let home = CategoryID.random()
    let rent = CategoryID.random()
    try scenario.run(.createCategory(CreateCategory(category: home, name: "Home")))
    try scenario.run(.createCategory(CreateCategory(category: rent, name: "Rent", parent: home)))

    #expect(throws: DomainError.categoryCycle(name: "Home")) { try scenario.when(.moveCategory(home, parent: rent, sortOrder: 1)) }
    #expect(throws: DomainError.categoryCycle(name: "Home")) { try scenario.when(.moveCategory(home, parent: home, sortOrder: 1)) }
  }

  @Test("given a category, when renamed, restyled, due-dated and rolled over, then each event records the change")
  func edits() throws {
    var scenario = Scenario.standard()
    #expect(try scenario.when(.renameCategory(Scenario.food, name: "Groceries")) == [.categoryRenamed(CategoryRenamed(category: Scenario.food, previousName: "Food", name: "Groceries"))])
    let red = try ColorHex(parsing: "#ff0000")
    #expect(try scenario.when(.restyleCategory(Scenario.food, icon: "basket.fill", color: red)) == [.categoryRestyled(CategoryRestyled(category: Scenario.food, icon: "basket.fill", color: red))])
    #expect(throws: DomainError.self) { try scenario.when(.restyleCategory(Scenario.food, icon: "Not An Icon!", color: red)) }
    try scenario.run(.setDueDate(Scenario.bills, day("2024-04-01")))
    #expect(scenario.state.categories[Scenario.bills]?.dueDate == day("2024-04-01"))
    #expect(try scenario.when(.clearDueDate(Scenario.bills)) == [.dueDateCleared(DueDateCleared(category: Scenario.bills))])
    #expect(throws: DomainError.self) { try scenario.when(.setRollover(RolloverSet(category: Scenario.income, carryUnspent: true, carryOverspent: false))) }
  }

  @Test(
    "given rollover, when set without a month, then from the ledger's current month; the same flags again are refused; back-dated they apply earlier, and undo restores what was in force"
  )
  func rolloverFrom() throws {
    var scenario = Scenario.standard(today: day("2024-03-31"))
    let set = RolloverSet(category: Scenario.food, carryUnspent: true, carryOverspent: true)

    #expect(
      try scenario.when(.setRollover(set))
        == [.rolloverSet(RolloverSet(category: Scenario.food, carryUnspent: true, carryOverspent: true, from: month("2024-03")))])
    try scenario.run(.setRollover(set))
    #expect(throws: DomainError.self) { try scenario.when(.setRollover(set)) }
    #expect(Self.flags(scenario, "2024-02") == [false, false])

    var earlier = set
    earlier.from = month("2024-01")
    let before = scenario.state
    let backDated = try scenario.when(.setRollover(earlier))
    scenario.state.apply(backDated)
    #expect(Self.flags(scenario, "2024-02") == [true, true])
    #expect(Self.flags(scenario, "2024-04") == [true, true])

    let undo = try compensation(for: backDated, before: before, today: scenario.today)
    #expect(undo == [.setRollover(RolloverSet(category: Scenario.food, carryUnspent: false, carryOverspent: false, from: month("2024-01")))])
    for command in undo { try scenario.run(command) }
    #expect(Self.flags(scenario, "2024-02") == [false, false])
    #expect(Self.flags(scenario, "2024-03") == [true, true])
  }

  @Test("given rollover from January then changed from March, when both are undone, newest first, then no month carries")
  func rolloverUndoChain() throws {
    var scenario = Scenario.standard(today: day("2024-06-30"))
    var history: [(events: [LedgerEvent], before: LedgerState)] = []
    for (unspent, from) in [(true, "2024-01"), (false, "2024-03")] {
      let before = scenario.state
      let events = try scenario.when(
        .setRollover(RolloverSet(category: Scenario.food, carryUnspent: unspent, carryOverspent: false, from: month(from))))
      scenario.state.apply(events)
      history.append((events, before))
    }
    for (events, before) in history.reversed() {
      for command in try compensation(for: events, before: before, current: scenario.state, today: scenario.today) {
        try scenario.run(command)
      }
    }
    for month in ["2023-12", "2024-01", "2024-02", "2024-03", "2024-05"] {
      #expect(Self.flags(scenario, month) == [false, false], "\(month)")
    }
  }

  /// Food's rollover flags in force in `month`, as [carry unspent, carry overspent].
  static func flags(_ scenario: Scenario, _ month: String) -> [Bool] {
    guard let setting = scenario.state.categories[Scenario.food]?.rollover(in: LedgerTesting.month(month)) else { return [] }
    return [setting.carryUnspent, setting.carryOverspent]
  }

  @Test("given a name with '|', when a category is created or renamed to it, then refused: it separates split parts in CSV")
  func noPipeInNames() {
    let scenario = Scenario.standard()
    #expect(throws: DomainError.self) { try scenario.when(.createCategory(CreateCategory(name: "A|B"))) }
    #expect(throws: DomainError.self) { try scenario.when(.renameCategory(Scenario.food, name: "Food|Drink")) }
  }

  @Test("given names of bad length, when used, then refused with the limit")
  func nameLimits() {
    let error = #expect(throws: DomainError.self) {
      try Scenario.standard().when(.createCategory(CreateCategory(name: String(repeating: "x", count: 51))))
    }
    #expect(error?.description == "category name: has 51 characters; at most 50 are allowed")
  }
}
