import EventLog
import Foundation
import Ledger
import LedgerDomain

/// The synthetic household ledger every case measures: `transactions` transactions over
/// `years` years (ending on ``today``), 22 categories (the 9 defaults and 13 custom ones), 3
/// accounts, yearly expense periods, a budget for every expense category in every month,
/// planned income, and about 1 % amends and deletes. Everything comes from one seed.
struct DatasetSpec: Codable, Sendable, Hashable {
  /// Bump when the generator changes, so old cached ledgers are not reused.
  static let generatorVersion = 1

  var transactions: Int
  var years = 10
  var seed: UInt64 = 42
  /// Commands per `execute(batch:)`, as `budget import csv` sends them.
  var batchSize = 2_000
  var amendRate = 0.007
  var deleteRate = 0.003
  var generatorVersion = DatasetSpec.generatorVersion
  /// Initial map size of the load, GiB (`nil`: the library default, grown on demand).
  var initialMapGiB: Int?
  /// The kind of text the transactions carry (`nil`: ``DatasetShape/household``).
  var shape: DatasetShape?

  /// The day the data ends; the ledger's "today" during the load.
  static let today = CivilDate(uncheckedYear: 2025, month: 12, day: 31)
  var firstDay: CivilDate { CivilDate(uncheckedYear: Self.today.year - years + 1, month: 1, day: 1) }

  var cacheKey: String {
    "scale-g\(generatorVersion)-n\(transactions)-y\(years)-s\(seed)-b\(batchSize)"
      + (initialMapGiB.map { "-m\($0)" } ?? "")
      + (shape == .bank ? "-bank" : "")
  }
}

extension CivilDate {
  /// For constants known to be valid.
  init(uncheckedYear year: Int, month: Int, day: Int) {
    self = try! CivilDate(year: year, month: month, day: day)
  }
}

/// Fixed entities of the dataset: accounts, custom categories, words and payees.
struct DatasetWorld: Sendable {
  struct Account: Sendable {
    var id: AccountID
    var name: String
    var type: AccountType
    var opening: Int64
    /// Share of expenses paid from it.
    var expenseShare: Double
  }

  struct Category: Sendable {
    var id: CategoryID
    var name: String
    var kind: CategoryKind
    var budgetType: BudgetType
    var isCustom: Bool
    var sortOrder: Int
    /// Relative frequency among expenses (or incomes).
    var weight: Double
    /// Typical amount range, in whole currency units.
    var low: Double
    var high: Double
    var payees: [String]
    /// Monthly budget (units); quarterly categories get three times this per quarter.
    var budget: Int64
  }

  var accounts: [Account]
  var categories: [Category]
  var periods: [(id: PeriodID, name: String, start: CivilDate, end: CivilDate)]
  var vocabulary: [String]
  /// Whether the text is a bank statement's (``DatasetShape/bank``).
  var isBank = false

  var expenseCategories: [Int] { categories.indices.filter { categories[$0].kind == .expense } }
  var incomeCategories: [Int] { categories.indices.filter { categories[$0].kind == .income } }

  static let unit: Int64 = 10_000

  init(spec: DatasetSpec) {
    var random = SeededGenerator(seed: spec.seed ^ 0xC0FFEE)
    func id() -> EntityID { EntityID.random(using: &random) }
    // Words: two or three syllables, all distinct, lower-case ASCII letters only (so that SQL
    // LIKE and the index's word rules agree on what matches).
    let onsets = [
      "b", "c", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "br", "st", "tr", "pl", "gr",
    ]
    let vowels = ["a", "e", "i", "o", "u", "ai", "ou"]
    let codas = ["", "", "", "n", "r", "l", "s", "m", "x"]
    var words = Set<String>()
    var vocabulary: [String] = []
    while vocabulary.count < 3_000 {
      let syllables = 2 + random.below(2)
      var word = ""
      for _ in 0..<syllables {
        word +=
          onsets[random.below(onsets.count)] + vowels[random.below(vowels.count)] + codas[random.below(codas.count)]
      }
      if words.insert(word).inserted { vocabulary.append(word) }
    }
    self.vocabulary = vocabulary
    func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }
    var nextWord = 0
    func payees(_ count: Int) -> [String] {
      (0..<count).map { index in
        defer { nextWord += 2 }
        let first = capitalized(vocabulary[(nextWord * 7 + 11) % vocabulary.count])
        return index % 3 == 0 ? first : first + " " + capitalized(vocabulary[(nextWord * 7 + 12) % vocabulary.count])
      }
    }

    accounts = [
      Account(
        id: AccountID(raw: id()), name: "Checking", type: .checking, opening: 2_500 * Self.unit, expenseShare: 0.45),
      Account(
        id: AccountID(raw: id()), name: "Savings", type: .savings, opening: 10_000 * Self.unit, expenseShare: 0.10),
      Account(
        id: AccountID(raw: id()), name: "Credit card", type: .creditCard, opening: -320 * Self.unit, expenseShare: 0.45),
    ]
    // The 9 defaults (ids and names fixed by LedgerDomain), then 13 custom categories.
    typealias Shape = (weight: Double, low: Double, high: Double, budget: Int64)
    let defaults: [String: Shape] = [
      "Food": (25, 3, 180, 600), "Restaurants": (12, 8, 120, 250), "Transport": (10, 2, 90, 150),
      "Shopping": (10, 5, 400, 300), "Entertainment": (5, 5, 80, 100), "Health": (3, 10, 250, 80),
      "Sport": (3, 10, 120, 60), "Bills": (4, 20, 200, 250), "Income": (70, 1_500, 4_000, 0),
    ]
    var categories: [Category] = []
    for event in DefaultCategories.events() {
      let shape = defaults[event.name] ?? (1, 5, 50, 50)
      categories.append(
        Category(
          id: event.category, name: event.name, kind: event.kind, budgetType: event.budgetType, isCustom: false,
          sortOrder: event.sortOrder, weight: shape.weight, low: shape.low, high: shape.high, payees: [],
          budget: shape.budget * Self.unit))
    }
    let custom: [(String, CategoryKind, BudgetType, Shape)] = [
      ("Rent", .expense, .fixed, (0.5, 1_100, 1_100, 1_100)), ("Utilities", .expense, .fixed, (2, 30, 180, 150)),
      ("Internet", .expense, .fixed, (0.5, 40, 40, 40)), ("Insurance", .expense, .quarterly, (0.5, 90, 400, 120)),
      ("Car maintenance", .expense, .quarterly, (1, 40, 900, 100)), ("Childcare", .expense, .fixed, (2, 20, 400, 400)),
      ("Savings goal", .expense, .fixed, (0.5, 100, 800, 500)), ("Gifts", .expense, .variable, (3, 10, 150, 80)),
      ("Travel", .expense, .variable, (3, 20, 900, 200)), ("Education", .expense, .variable, (2, 10, 300, 60)),
      ("Pets", .expense, .variable, (3, 5, 120, 70)), ("Home", .expense, .variable, (5, 5, 500, 150)),
      ("Freelance", .income, .fixed, (30, 200, 2_500, 0)),
    ]
    for (offset, entry) in custom.enumerated() {
      categories.append(
        Category(
          id: CategoryID(raw: id()), name: entry.0, kind: entry.1, budgetType: entry.2, isCustom: true,
          sortOrder: 100 + offset,
          weight: entry.3.weight, low: entry.3.low, high: entry.3.high, payees: [], budget: entry.3.budget * Self.unit))
    }
    for index in categories.indices {
      categories[index].payees = payees(categories[index].kind == .income ? 6 : 24)
    }
    self.categories = categories
    periods = (spec.firstDay.year...DatasetSpec.today.year).map { year in
      (
        PeriodID(raw: id()), "\(year)", CivilDate(uncheckedYear: year, month: 1, day: 1),
        CivilDate(uncheckedYear: year, month: 12, day: 31)
      )
    }
    if spec.shape == .bank { makeBankLike(seed: spec.seed) }
  }

  /// The commands that set the ledger up: create, accounts, custom categories, periods.
  func setupCommands() -> [LedgerCommand] {
    var commands: [LedgerCommand] = [.createLedger(CreateLedger(name: "Scale benchmark household", baseCurrency: .eur))]
    let first = periods[0].start
    for account in accounts {
      commands.append(
        .openAccount(
          OpenAccount(
            account: account.id, name: account.name, type: account.type,
            openingBalance: Money(units: account.opening, currency: .eur),
            date: first)))
    }
    for category in categories where category.isCustom {
      commands.append(
        .createCategory(
          CreateCategory(
            category: category.id, name: category.name, kind: category.kind, budgetType: category.budgetType,
            sortOrder: category.sortOrder)))
    }
    for period in periods {
      commands.append(
        .openPeriod(OpenPeriod(period: period.id, name: period.name, start: period.start, end: period.end)))
    }
    return commands
  }
}

/// Produces the load's commands in order, batch by batch: at each month's start the month's
/// budgets and planned income, then the transactions in date order, with amends and deletes
/// of earlier transactions mixed in.
struct CommandStream {
  let spec: DatasetSpec
  let world: DatasetWorld
  private var random: SeededGenerator
  private var next = 0
  private var month: YearMonth?
  private let totalDays: Int
  private var pending: [(BatchCommand, CivilDate)] = []
  /// Added transactions: id, date, category index, and whether deleted.
  private(set) var added: [(id: TransactionID, date: CivilDate, category: Int, deleted: Bool)] = []
  private(set) var counts = (adds: 0, amends: 0, deletes: 0, budgets: 0, income: 0)
  private let expenseIndices: [Int]
  private let expenseWeights: [Double]
  private let incomeIndices: [Int]
  private let incomeWeights: [Double]

  init(spec: DatasetSpec, world: DatasetWorld) {
    self.spec = spec
    self.world = world
    random = SeededGenerator(seed: spec.seed)
    totalDays = spec.firstDay.days(until: DatasetSpec.today) + 1
    added.reserveCapacity(spec.transactions)
    expenseIndices = world.expenseCategories
    expenseWeights = Self.cumulative(expenseIndices.map { world.categories[$0].weight })
    incomeIndices = world.incomeCategories
    incomeWeights = Self.cumulative(incomeIndices.map { world.categories[$0].weight })
  }

  private static func cumulative(_ weights: [Double]) -> [Double] {
    let total = weights.reduce(0, +)
    var sum = 0.0
    return weights.map {
      sum += $0 / total; return sum
    }
  }

  private mutating func pick(_ indices: [Int], _ cumulative: [Double]) -> Int {
    let u = random.unit()
    return indices[cumulative.firstIndex { u < $0 } ?? (indices.count - 1)]
  }

  /// The next batch of up to `spec.batchSize` commands and the latest date in it; `nil` at the end.
  mutating func nextBatch() -> (commands: [BatchCommand], lastDate: CivilDate)? {
    while pending.count < spec.batchSize && next < spec.transactions { produceOne() }
    guard !pending.isEmpty else { return nil }
    let take = min(spec.batchSize, pending.count)
    let batch = Array(pending.prefix(take))
    pending.removeFirst(take)
    return (batch.map(\.0), batch.map(\.1).max() ?? DatasetSpec.today)
  }

  private mutating func amount(_ category: Int) -> Int64 {
    let c = world.categories[category]
    let value = c.low == c.high ? c.low : c.low * pow(c.high / c.low, random.unit())
    return max(1, Int64((value * 100).rounded())) * (DatasetWorld.unit / 100)
  }

  private mutating func description() -> String? {
    guard random.chance(0.25) else { return nil }
    let count = 2 + random.below(3)
    let vocabulary = world.vocabulary
    return (0..<count).map { _ in vocabulary[Int(Double(vocabulary.count) * pow(random.unit(), 2.5))] }
      .joined(separator: " ")
  }

  private mutating func produceOne() {
    let index = next
    next += 1
    let date = (try? spec.firstDay.adding(days: index * totalDays / spec.transactions)) ?? DatasetSpec.today
    if month != date.yearMonth {
      month = date.yearMonth
      emitBudgets(for: date.yearMonth)
    }
    let isIncome = random.chance(0.03)
    let category = isIncome ? pick(incomeIndices, incomeWeights) : pick(expenseIndices, expenseWeights)
    let account: AccountID
    if isIncome {
      account = world.accounts[0].id
    } else {
      let u = random.unit()
      account =
        u < world.accounts[0].expenseShare
        ? world.accounts[0].id
        : u < world.accounts[0].expenseShare + world.accounts[1].expenseShare
          ? world.accounts[1].id : world.accounts[2].id
    }
    let payees = world.categories[category].payees
    let id = TransactionID(raw: EntityID.random(using: &random))
    let key = "scale-\(spec.seed)-\(index)"
    let units = amount(category)
    var name = payees[random.below(payees.count)]
    let description: String?
    if world.isBank {
      let text = world.bankText(
        category: category, account: account, payee: name, reference: 100_000 + random.below(900_000))
      (name, description) = (text.name, text.description)
    } else {
      description = self.description()
    }
    let event = AddTransaction(
      transaction: id, account: account, date: date, amount: Money(units: units, currency: .eur),
      type: isIncome ? .income : .expense, category: world.categories[category].id, name: name,
      description: description, period: world.periods[date.year - spec.firstDay.year].id, importId: key)
    pending.append((BatchCommand(.addTransaction(event), idempotencyKey: try? IdempotencyKey(key)), date))
    added.append((id, date, category, false))
    counts.adds += 1
    if random.chance(spec.amendRate) { emitAmend(today: date) }
    if random.chance(spec.deleteRate) { emitDelete(today: date) }
  }

  private mutating func emitBudgets(for month: YearMonth) {
    for index in expenseIndices {
      let category = world.categories[index]
      let jitter = Int64(random.below(21)) - 10  // ±10 %
      switch category.budgetType {
      case .quarterly:
        guard (month.month - 1) % 3 == 0 else { continue }
        let units = category.budget * 3 * (100 + jitter) / 100
        pending.append(
          (
            BatchCommand(
              .setBudget(
                SetBudget(
                  month: month, category: category.id, amount: Money(units: units, currency: .eur), span: .quarter))),
            month.firstDay
          ))
      default:
        let units = category.budget * (100 + jitter) / 100
        pending.append(
          (
            BatchCommand(
              .setBudget(SetBudget(month: month, category: category.id, amount: Money(units: units, currency: .eur)))),
            month.firstDay
          ))
      }
      counts.budgets += 1
    }
    let salary = (3_200 + Int64(random.below(800))) * DatasetWorld.unit
    pending.append(
      (
        BatchCommand(
          .planIncome(
            PlanIncome(month: month, year: month.year, source: "Salary", amount: Money(units: salary, currency: .eur)))),
        month.firstDay
      ))
    counts.income += 1
  }

  /// An earlier live transaction: 70 % from the last 2,000, 30 % from all of history.
  private mutating func target() -> Int? {
    for _ in 0..<4 {
      let candidate =
        random.chance(0.7) ? max(0, added.count - 1 - random.below(min(2_000, added.count))) : random.below(added.count)
      if !added[candidate].deleted { return candidate }
    }
    return nil
  }

  private mutating func emitAmend(today: CivilDate) {
    guard let index = target() else { return }
    let old = added[index]
    var amendment = AmendTransaction(transaction: old.id)
    let category = world.categories[old.category]
    switch random.below(3) {
    case 0:
      amendment.amount = Money(units: amount(old.category) + DatasetWorld.unit / 100, currency: .eur)
    case 1:
      amendment.name = category.payees[random.below(category.payees.count)] + " corrected"
    default:
      if category.kind == .expense {
        var other = old.category
        while other == old.category { other = pick(expenseIndices, expenseWeights) }
        amendment.category = world.categories[other].id
        added[index].category = other
      } else {
        amendment.amount = Money(units: amount(old.category) + DatasetWorld.unit / 100, currency: .eur)
      }
    }
    pending.append((BatchCommand(.amendTransaction(amendment, expectedVersion: nil)), today))
    counts.amends += 1
  }

  private mutating func emitDelete(today: CivilDate) {
    guard let index = target() else { return }
    added[index].deleted = true
    pending.append(
      (BatchCommand(.deleteTransaction(added[index].id, reason: "duplicate", expectedVersion: nil)), today))
    counts.deletes += 1
  }
}
