import LedgerDomain

/// A small, fast, seeded random number generator: the same seed gives the same commands.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Plausible commands for a ledger set up by ``Scenario/standard(today:)`` plus a savings
/// account: adds (some split, some back-dated), amends, deletes, transfers (some cancelled),
/// opening balances corrected, budgets, renames, periods. Some will be refused by the rules; that is part of the test.
public struct RandomCommands {
  public var generator: SeededGenerator
  private var transactions: [TransactionID] = []
  private var counter: UInt64 = 0

  public init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

  /// The kinds ``RandomCommands`` sends.
  public static let sent: Set<LedgerCommand.Kind> = [
    .addTransaction, .amendTransaction, .deleteTransaction, .restoreTransaction, .makeTransfer, .cancelTransfer,
    .changeOpeningBalance, .setBudget, .renameCategory,
  ]

  /// The kinds it does not send: each is checked by its own rule and read-model tests only
  /// (``RandomCommandsCoverageTests`` holds the two lists to every kind).
  public static let notSent: Set<LedgerCommand.Kind> = [
    .createLedger, .openAccount, .renameAccount, .closeAccount, .reopenAccount, .setAccountRole,
    .createCategory, .moveCategory, .restyleCategory, .archiveCategory, .restoreCategory, .deleteCategory,
    .openPeriod, .closePeriod, .reopenPeriod, .planIncome, .moveBudget, .setDueDate, .clearDueDate, .setRollover,
    .createSchedule, .changeSchedule, .withdrawScheduleChange, .pauseSchedule, .resumeSchedule, .endSchedule,
    .reinstateSchedule, .deleteSchedule, .payOccurrence, .unpayOccurrence, .skipOccurrence, .unskipOccurrence,
    .addDebt, .changeDebtTerms, .withdrawDebtTerms, .removeDebt,
    .addGoal, .changeGoal, .contributeToGoal, .withdrawFromGoal, .removeGoalEntry, .completeGoal, .archiveGoal,
    .reopenGoal,
  ]

  public mutating func next(state: LedgerState) -> LedgerCommand {
    counter += 1
    let categories = state.categories.filter { $0.value.isActive && $0.value.kind == .expense }.map(\.key).sorted()
    let live = transactions.filter { state.transactions[$0].map { !$0.isDeleted } ?? false }
    switch Int.random(in: 0..<100, using: &generator) {
    case 0..<45:
      let id = TransactionID(raw: EntityID(high: 0x7A, low: counter))
      transactions.append(id)
      var added = TransactionAdded(
        transaction: id, account: Bool.random(using: &generator) ? Scenario.checking : Scenario.savings,
        date: randomDate(),
        amount: amount(), type: Int.random(in: 0..<5, using: &generator) == 0 ? .income : .expense,
        category: categories.randomElement(using: &generator),
        name: ["Market", "Rent", "Cinema", "Bus"].randomElement(using: &generator)!)
      if Int.random(in: 0..<6, using: &generator) == 0, categories.count >= 2 {
        let first = Money(units: added.amount.units / 300 * 100, currency: .eur)  // whole cents
        added.splits = [
          Split(category: categories[0], amount: first),
          Split(category: categories[1], amount: Money(units: added.amount.units - first.units, currency: .eur)),
        ]
        added.category = nil
      }
      return .addTransaction(added)
    case 45..<65 where !live.isEmpty:
      var amendment = TransactionAmended(transaction: live.randomElement(using: &generator)!)
      switch Int.random(in: 0..<4, using: &generator) {
      case 0: amendment.amount = amount()
      case 1: amendment.date = randomDate()
      case 2: amendment.category = categories.randomElement(using: &generator)
      default: amendment.type = Bool.random(using: &generator) ? .income : .expense
      }
      return .amendTransaction(amendment, expectedVersion: nil)
    case 65..<72 where !live.isEmpty:
      return .deleteTransaction(live.randomElement(using: &generator)!, reason: "random", expectedVersion: nil)
    case 72..<75 where transactions.contains(where: { state.transactions[$0]?.isDeleted == true }):
      let deleted = transactions.filter { state.transactions[$0]?.isDeleted == true }
      return .restoreTransaction(deleted.randomElement(using: &generator)!, reason: "random", expectedVersion: nil)
    case 75..<83:
      // Now and then a transfer is cancelled instead, or an opening balance corrected.
      let made = state.transferRecords.keys.sorted()
      switch Int.random(in: 0..<6, using: &generator) {
      case 0 where !made.isEmpty:
        return .cancelTransfer(made.randomElement(using: &generator)!, reason: "random")
      case 1:
        return .changeOpeningBalance(
          Bool.random(using: &generator) ? Scenario.checking : Scenario.savings,
          to: Money(units: Int64.random(in: -20_000...50_000, using: &generator) * 100, currency: .eur))
      default:
        return .makeTransfer(
          TransferMade(
            transfer: TransferID(raw: EntityID(high: 0x7B, low: counter)), from: Scenario.checking,
            to: Scenario.savings, amount: amount(), date: randomDate()))
      }
    case 83..<93:
      let month = randomDate().yearMonth
      return .setBudget(
        BudgetSet(
          month: month, category: categories.randomElement(using: &generator) ?? Scenario.food, amount: amount()))
    default:
      return .renameCategory(categories.randomElement(using: &generator) ?? Scenario.food, name: "Cat \(counter)")
    }
  }

  private mutating func randomDate() -> CivilDate {
    (try? CivilDate(daysSinceEpoch: Int.random(in: 19_358...20_088, using: &generator))) ?? .earliest  // 2023–2024
  }

  private mutating func amount() -> Money {
    Money(units: Int64.random(in: 1...50_000, using: &generator) * 100, currency: .eur)  // whole cents
  }
}
