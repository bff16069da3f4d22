import LedgerDomain

/// Commands of every kind, with optional fields both set and unset — the same every time (no
/// random ids): their sync wire form is frozen against them (``LedgerCommand/Kind`` lists the
/// kinds; a kind without a sample fails that test).
public enum CommandSamples {
  static let schedule = ScheduleID(raw: EntityID(high: 0x5C, low: 1))
  static let goal = GoalID(raw: EntityID(high: 0x60A1, low: 1))
  static let debt = DebtID(raw: EntityID(high: 0xDEB7, low: 1))
  static let period = PeriodID(raw: EntityID(high: 0x9E, low: 1))
  static let transfer = TransferID(raw: EntityID(high: 0x7B, low: 1))
  static let category = CategoryID(raw: EntityID(high: 0xCA7, low: 9))

  /// One command of every kind or more, in ``LedgerCommand/Kind`` order.
  public static var all: [LedgerCommand] {
    ledgerAndAccounts + categoriesAndPeriods + budgets + transactions + schedules + debtsAndGoals
  }

  static var ledgerAndAccounts: [LedgerCommand] {
    [
      .createLedger(CreateLedger(name: "Home", baseCurrency: .eur)),
      .createLedger(CreateLedger(name: "Foyer ✓", baseCurrency: .jpy, firstDayOfWeek: 7, fiscalYearStartMonth: 4)),
      .openAccount(OpenAccount(account: Scenario.checking, name: "Checking", type: .checking, date: day("2024-01-01"))),
      .openAccount(
        OpenAccount(
          account: Scenario.savings, name: "Card", type: .creditCard, currency: .usd,
          openingBalance: Money(units: -1_250_000, currency: .usd), date: day("2024-02-29"))),
      .renameAccount(Scenario.checking, name: "Main"),
      .closeAccount(Scenario.checking, date: day("2024-12-31")),
      .reopenAccount(Scenario.checking, reason: "still used"),
      .changeOpeningBalance(Scenario.checking, to: eur("-12.5")),
      .setAccountRole(Scenario.savings, role: .tracking),
    ]
  }

  static var categoriesAndPeriods: [LedgerCommand] {
    [
      .createCategory(CreateCategory(category: category, name: "Pets")),
      .createCategory(
        CreateCategory(
          category: category, name: "Insurance", kind: .expense, budgetType: .quarterly, parent: Scenario.bills,
          icon: "shield", color: .neutral, sortOrder: -3)),
      .renameCategory(category, name: "Animals"),
      .moveCategory(category, parent: Scenario.food, sortOrder: 2),
      .moveCategory(category, parent: nil, sortOrder: 0),
      .restyleCategory(category, icon: "paw", color: ColorHex(red: 0x12, green: 0xAB, blue: 0xEF)),
      .archiveCategory(category),
      .restoreCategory(category),
      .deleteCategory(category),
      .openPeriod(OpenPeriod(period: period, name: "March", start: day("2024-03-01"), end: day("2024-03-31"))),
      .openPeriod(OpenPeriod(period: period, name: "Open-ended", start: day("2024-04-01"))),
      .closePeriod(period, end: day("2024-03-31")),
      .closePeriod(period, end: nil),
      .reopenPeriod(period, reason: "late receipt"),
    ]
  }

  static var budgets: [LedgerCommand] {
    [
      .setBudget(SetBudget(month: month("2024-04"), category: Scenario.food, amount: eur("300"))),
      .setBudget(SetBudget(month: month("2024-04"), category: category, amount: eur("360"), span: .quarter)),
      .planIncome(PlanIncome(month: month("2024-03"), year: 2024, source: "Salary", amount: eur("3200"))),
      .planIncome(PlanIncome(month: nil, year: 2024, source: "Bonus", amount: eur("1000"))),
      .moveBudget(MoveBudget(month: month("2024-03"), from: Scenario.food, to: Scenario.bills, amount: eur("25"))),
      .setDueDate(Scenario.bills, day("2024-03-15")),
      .clearDueDate(Scenario.bills),
      .setRollover(SetRollover(category: Scenario.food, carryUnspent: true, carryOverspent: false)),
      .setRollover(
        SetRollover(category: Scenario.food, carryUnspent: false, carryOverspent: true, from: month("2024-02"))),
    ]
  }

  static var transactions: [LedgerCommand] {
    var amendment = AmendTransaction(transaction: txID(1))
    amendment.amount = eur("12.5")
    amendment.name = "Market"
    var everything = AmendTransaction(transaction: txID(2))
    everything.account = Scenario.savings
    everything.date = day("2024-03-02")
    everything.type = .income
    everything.splits = [
      Split(category: Scenario.food, amount: eur("5")), Split(category: Scenario.bills, amount: eur("7.5")),
    ]
    everything.description = Change(nil)
    everything.notes = Change("kept")
    everything.period = Change(period)
    everything.tags = []
    var recategorised = AmendTransaction(transaction: txID(3))
    recategorised.category = Scenario.bills
    recategorised.period = Change(nil)
    recategorised.tags = ["work", "trip"]
    return [
      .addTransaction(AddTransaction(expense(1, "42.50", name: "Lunch"))),
      .addTransaction(
        AddTransaction(
          transaction: txID(2), account: Scenario.checking, date: day("2024-03-10"), amount: eur("42.5"),
          type: .expense,
          category: nil,
          splits: [
            Split(category: Scenario.food, amount: eur("40"), memo: "veg"),
            Split(category: Scenario.bills, amount: eur("2.5")),
          ],
          name: "Market", description: "weekly", notes: "cash ✓", period: period, importId: "bank#7", tags: ["a", "b"])),
      .amendTransaction(amendment, expectedVersion: 2),
      .amendTransaction(amendment, expectedVersion: nil),
      .amendTransaction(everything, expectedVersion: nil),
      .amendTransaction(recategorised, expectedVersion: 1),
      .deleteTransaction(txID(1), reason: "duplicate", expectedVersion: 3),
      .deleteTransaction(txID(1), reason: "duplicate", expectedVersion: nil),
      .restoreTransaction(txID(1), reason: "undo", expectedVersion: nil),
      .makeTransfer(
        MakeTransfer(
          transfer: transfer, from: Scenario.checking, to: Scenario.savings, amount: eur("9"), date: day("2024-03-03"))),
      .makeTransfer(
        MakeTransfer(
          transfer: transfer, from: Scenario.checking, to: Scenario.savings, amount: eur("9"), date: day("2024-03-03"),
          note: "rent share")),
      .cancelTransfer(transfer, reason: "typo"),
    ]
  }

  static var rent: ScheduleTerms {
    ScheduleTerms(
      name: "Rent", payee: "Landlord", kind: .expense, amount: eur("950"), estimated: false, account: Scenario.checking,
      category: Scenario.bills,
      recurrence: Recurrence(unit: .month, interval: 1, dayOfMonth: 1, weekend: .after, start: day("2024-01-01")),
      autopay: true, reminderDays: 3)
  }

  static var schedules: [LedgerCommand] {
    let saving = ScheduleTerms(
      name: "Saving", kind: .transfer, amount: eur("100"), estimated: true, account: Scenario.checking,
      toAccount: Scenario.savings,
      recurrence: Recurrence(
        unit: .month, interval: 3, weekdayOrdinal: -1, weekday: 5, weekend: .before, start: day("2024-02-01"),
        endDate: day("2025-12-31")),
      reminderDays: 0)
    return [
      .createSchedule(schedule, terms: rent),
      .changeSchedule(schedule, from: day("2024-06-01"), terms: saving),
      .withdrawScheduleChange(schedule, from: day("2024-06-01")),
      .pauseSchedule(schedule, from: day("2024-07-01")),
      .resumeSchedule(schedule, on: day("2024-08-01")),
      .endSchedule(schedule, after: day("2024-12-31")),
      .reinstateSchedule(schedule, endedAfter: day("2025-06-30")),
      .reinstateSchedule(schedule, endedAfter: nil),
      .deleteSchedule(schedule, reason: "moved out"),
      .payOccurrence(
        PayOccurrence(
          schedule: schedule, date: day("2024-03-01"),
          payment: .record(id: EntityID(high: 0x7000, low: 9), date: nil, amount: eur("950")), source: .entered)),
      .payOccurrence(
        PayOccurrence(
          schedule: schedule, date: day("2024-04-01"),
          payment: .record(id: EntityID(high: 0x7000, low: 10), date: day("2024-04-02"), amount: nil), source: .posted)),
      .payOccurrence(
        PayOccurrence(schedule: schedule, date: day("2024-05-01"), payment: .link(txID(11)), source: .matched)),
      .payOccurrence(
        PayOccurrence(schedule: schedule, date: day("2024-06-01"), payment: .linkTransfer(transfer), source: .entered)),
      .unpayOccurrence(schedule, date: day("2024-03-01")),
      .skipOccurrence(schedule, date: day("2024-04-01"), reason: "away"),
      .skipOccurrence(schedule, date: day("2024-05-01"), reason: nil),
      .unskipOccurrence(schedule, date: day("2024-04-01")),
    ]
  }

  static var debtsAndGoals: [LedgerCommand] {
    let terms = DebtTerms(apr: AnnualRate(tenThousandthsOfPercent: 199_900), minimum: eur("50"), dueDay: 15)
    let loan = DebtTerms(apr: AnnualRate(tenThousandthsOfPercent: 49_900), minimum: eur("210"), termMonths: 48)
    let trip = GoalSettings(
      name: "Trip", goalKind: .vacation, target: eur("2400"), targetDate: day("2024-12-31"), onBudgetSheet: true)
    return [
      .addDebt(
        AddDebt(
          debt: debt, name: "Visa", debtKind: .creditCard, account: Scenario.savings, terms: terms,
          from: day("2024-03-01"))),
      .changeDebtTerms(debt, from: day("2024-06-01"), terms: loan),
      .withdrawDebtTerms(debt, from: day("2024-06-01")),
      .removeDebt(debt, reason: "paid off"),
      .addGoal(AddGoal(goal: goal, settings: trip, startDate: day("2024-03-01"), funding: .account(Scenario.savings))),
      .addGoal(
        AddGoal(
          goal: goal,
          settings: GoalSettings(name: "Rainy day", goalKind: .emergency, target: eur("1000"), note: "3 months"),
          startDate: day("2024-01-01"), funding: .category(Scenario.bills))),
      .changeGoal(goal, settings: trip),
      .contributeToGoal(
        GoalMovement(
          goal: goal, entry: EntityID(high: 0xE, low: 1),
          payment: .record(
            id: EntityID(high: 0x7000, low: 10), account: Scenario.checking, date: day("2024-03-20"), amount: eur("300")
          ),
          source: .windfall, note: "bonus")),
      .contributeToGoal(GoalMovement(goal: goal, entry: EntityID(high: 0xE, low: 2), payment: .link(txID(12)))),
      .withdrawFromGoal(
        GoalMovement(
          goal: goal, entry: EntityID(high: 0xE, low: 3), payment: .linkTransfer(transfer), source: .recurring)),
      .removeGoalEntry(goal, entry: EntityID(high: 0xE, low: 3)),
      .completeGoal(goal, date: day("2024-11-30")),
      .archiveGoal(goal, date: day("2024-12-01")),
      .reopenGoal(goal),
    ]
  }
}
