import LedgerDomain

/// One event of every type, with optional fields both set and unset — the same every time (no
/// random ids): the codec's round trip, the frozen bytes and the history's wording are checked
/// against them, so a new kind without a sample fails those tests.
public enum EventSamples {
  /// A fixed period id for the samples.
  public static let period = PeriodID(raw: EntityID(high: 0x9E, low: 1))

  /// One event of every type, with optional fields both set and unset — the same every time
  /// (no random ids): their stored bytes are frozen (``GoldenEventBytesTests``).
  public static var all: [LedgerEvent] {
    let tx = TransactionAdded(
      transaction: txID(1), account: Scenario.checking, date: day("2024-03-10"), amount: eur("42.5"), type: .expense,
      category: nil,
      splits: [
        Split(category: Scenario.food, amount: eur("40"), memo: "veg"),
        Split(category: Scenario.bills, amount: eur("2.5")),
      ],
      name: "Market", description: "weekly", notes: nil, period: PeriodID(raw: EntityID(high: 1, low: 2)),
      importId: "bank#7",
      tags: ["a", "b"])
    var amended = TransactionAmended(transaction: txID(1))
    amended.amount = eur("1")
    amended.description = Change(nil)
    amended.notes = Change("n")
    amended.splits = []
    amended.previous = tx
    return [
      .ledgerCreated(LedgerCreated(name: "Home", baseCurrency: .eur, firstDayOfWeek: 7, fiscalYearStartMonth: 4)),
      .accountOpened(
        AccountOpened(
          account: Scenario.checking, name: "C", type: .creditCard, currency: .jpy,
          openingBalance: Money(units: -5, currency: .jpy), date: day("2024-01-01"))),
      .accountRenamed(AccountRenamed(account: Scenario.checking, previousName: "C", name: "D")),
      .accountClosed(AccountClosed(account: Scenario.checking, date: day("2024-02-29"))),
      .accountReopened(AccountReopened(account: Scenario.checking, reason: "still used ✓")),
      .openingBalanceChanged(
        OpeningBalanceChanged(
          account: Scenario.checking, previous: Money(units: -5, currency: .jpy),
          balance: Money(units: 7, currency: .jpy),
          date: day("2024-01-01"))),
      .accountRoleChanged(AccountRoleChanged(account: Scenario.checking, previous: .budget, role: .tracking)),
      .categoryCreated(DefaultCategories.events()[0]),
      .categoryCreated(
        CategoryCreated(
          category: CategoryID(raw: EntityID(high: 0xCA7, low: 9)), name: "Sub", kind: .expense, budgetType: .quarterly,
          parent: Scenario.food, icon: "x", color: .neutral, sortOrder: -3, isCustom: true)),
      .categoryRenamed(CategoryRenamed(category: Scenario.food, previousName: "Food", name: "Groceries")),
      .categoryMoved(CategoryMoved(category: Scenario.food, parent: nil, sortOrder: 4)),
      .categoryRestyled(CategoryRestyled(category: Scenario.food, icon: "a.b", color: .neutral)),
      .categoryArchived(CategoryArchived(category: Scenario.food)),
      .categoryRestored(CategoryRestored(category: Scenario.food)),
      .categoryDeleted(CategoryDeleted(category: Scenario.food)),
      .periodOpened(PeriodOpened(period: Self.period, name: "P", start: day("2024-03-01"), end: nil)),
      .periodClosed(PeriodClosed(period: Self.period, end: day("2024-03-31"), seal: "ab12")),
      .periodReopened(PeriodReopened(period: Self.period, reason: "why")),
      .budgetSet(BudgetSet(month: month("2024-04"), category: Scenario.food, amount: eur("300"), span: .quarter)),
      .incomePlanned(IncomePlanned(month: nil, year: 2024, source: "Salary", amount: eur("36000"))),
      .budgetMoved(
        BudgetMoved(month: month("2024-03"), from: Scenario.food, to: Scenario.bills, amount: eur("0.0001"))),
      .dueDateSet(DueDateSet(category: Scenario.bills, dueDate: day("2024-03-15"))),
      .dueDateCleared(DueDateCleared(category: Scenario.bills)),
      .rolloverSet(RolloverSet(category: Scenario.food, carryUnspent: true, carryOverspent: false)),
      .rolloverSet(
        RolloverSet(category: Scenario.food, carryUnspent: false, carryOverspent: true, from: month("2024-02"))),
      .transactionAdded(tx),
      .transactionAmended(amended),
      .transactionAmended(TransactionAmended(transaction: txID(2))),
      .transactionDeleted(TransactionDeleted(transaction: txID(1), reason: "dup ✓")),
      .transactionDeleted(TransactionDeleted(transaction: txID(1), reason: "dup", deleted: tx)),
      .transactionRestored(TransactionRestored(transaction: tx, reason: "undo")),
      .transferMade(
        TransferMade(
          transfer: TransferID(raw: EntityID(high: 0x7B, low: 1)), from: Scenario.checking, to: Scenario.savings,
          amount: eur("9"), date: day("2024-03-03"))),
      .transferCancelled(
        TransferCancelled(
          cancelled: TransferMade(
            transfer: TransferID(raw: EntityID(high: 0x7B, low: 2)), from: Scenario.checking, to: Scenario.savings,
            amount: eur("9"), date: day("2024-03-03"), note: "n"),
          reason: "typo ✓")),
    ] + scheduleSamples + debtSamples + goalSamples
  }

  /// A fixed schedule id for the samples.
  public static let schedule = ScheduleID(raw: EntityID(high: 0x5C, low: 1))

  /// One event of every schedule type.
  public static var scheduleSamples: [LedgerEvent] {
    let rent = ScheduleTerms(
      name: "Rent", payee: "Landlord", kind: .expense, amount: eur("950"), estimated: false, account: Scenario.checking,
      category: Scenario.bills,
      recurrence: Recurrence(
        unit: .month, interval: 1, dayOfMonth: 31, weekend: .after, start: day("2024-01-31"), count: 12),
      autopay: true, reminderDays: 5, notes: "flat ✓")
    let saving = ScheduleTerms(
      name: "Saving", kind: .transfer, amount: eur("100"), estimated: true, account: Scenario.checking,
      toAccount: Scenario.savings,
      recurrence: Recurrence(
        unit: .month, interval: 3, weekdayOrdinal: -1, weekday: 5, weekend: .before, start: day("2024-02-01"),
        endDate: day("2025-12-31")),
      reminderDays: 0)
    let paid = ScheduleOccurrencePaid(
      schedule: schedule, date: day("2024-03-31"), transaction: txID(9), source: .posted, amount: eur("950"),
      paidOn: day("2024-04-01"))
    return [
      .scheduleCreated(ScheduleCreated(schedule: schedule, terms: rent)),
      .scheduleChanged(ScheduleChanged(schedule: schedule, from: day("2024-06-30"), terms: saving, replaced: rent)),
      .scheduleChangeWithdrawn(ScheduleChangeWithdrawn(schedule: schedule, from: day("2024-06-30"), restored: nil)),
      .schedulePaused(SchedulePaused(schedule: schedule, from: day("2024-07-01"))),
      .scheduleResumed(ScheduleResumed(schedule: schedule, on: day("2024-08-01"))),
      .scheduleEnded(ScheduleEnded(schedule: schedule, after: day("2024-12-31"), previous: nil)),
      .scheduleReinstated(ScheduleReinstated(schedule: schedule, endedAfter: day("2025-06-30"))),
      .scheduleDeleted(ScheduleDeleted(schedule: schedule, reason: "moved out")),
      .scheduleOccurrencePaid(paid),
      .scheduleOccurrenceUnpaid(ScheduleOccurrenceUnpaid(schedule: schedule, date: day("2024-03-31"), paid: paid)),
      .scheduleOccurrenceSkipped(
        ScheduleOccurrenceSkipped(schedule: schedule, date: day("2024-04-30"), reason: "away")),
      .scheduleOccurrenceUnskipped(ScheduleOccurrenceUnskipped(schedule: schedule, date: day("2024-04-30"))),
    ]
  }

  /// One of each debt event.
  public static var debtSamples: [LedgerEvent] {
    let debt = DebtID(raw: EntityID(high: 0x01a2_1dc2_0505_752f, low: 0xa0c7_79ed_31c6_b123))
    let terms = DebtTerms(
      apr: AnnualRate(tenThousandthsOfPercent: 199_900), minimum: eur("50"), dueDay: 15, termMonths: nil)
    let raised = DebtTerms(
      apr: AnnualRate(tenThousandthsOfPercent: 249_900), minimum: eur("60"), dueDay: 15, termMonths: 48)
    return [
      .debtAdded(
        DebtAdded(
          debt: debt, name: "Visa", debtKind: .creditCard, account: Scenario.checking, terms: terms,
          from: day("2024-03-01"))),
      .debtTermsChanged(DebtTermsChanged(debt: debt, from: day("2024-06-01"), terms: raised, replaced: terms)),
      .debtTermsWithdrawn(DebtTermsWithdrawn(debt: debt, from: day("2024-06-01"))),
      .debtRemoved(DebtRemoved(debt: debt, reason: "paid off")),
    ]
  }

  /// One of each goal event: one funded by an account, one by a category.
  public static var goalSamples: [LedgerEvent] {
    let goal = GoalID(raw: EntityID(high: 0x0190_2b3c_4d5e_6f70, low: 0x8192_a3b4_c5d6_e7f8))
    let other = GoalID(raw: EntityID(high: 0x0190_2b3c_4d5e_6f70, low: 0x8192_a3b4_c5d6_e7f9))
    let trip = GoalSettings(
      name: "Lisbon ✈", goalKind: .vacation, target: eur("2400"), targetDate: day("2025-06-30"), onBudgetSheet: true,
      note: "flights and hotel")
    var later = trip
    later.target = eur("3000.50")
    later.targetDate = nil
    later.onBudgetSheet = false
    later.note = nil
    return [
      .goalAdded(
        GoalAdded(goal: goal, settings: trip, startDate: day("2024-03-01"), funding: .account(Scenario.savings))),
      .goalAdded(
        GoalAdded(
          goal: other, settings: GoalSettings(name: "Rainy day", goalKind: .emergency, target: eur("1000")),
          startDate: day("2024-01-01"), funding: .category(Scenario.bills))),
      .goalChanged(GoalChanged(goal: goal, settings: later, previous: trip)),
      .goalContributed(
        GoalContributed(
          goal: goal, contribution: EntityID(high: 0x6C, low: 1), date: day("2024-03-15"), amount: eur("250"),
          source: .windfall, transfer: TransferID(raw: EntityID(high: 0x7B, low: 1)), note: "bonus")),
      .goalContributed(
        GoalContributed(
          goal: other, contribution: EntityID(high: 0x6C, low: 2), date: day("2024-03-16"), amount: eur("40.25"),
          source: .recurring, transaction: txID(2))),
      .goalContributionWithdrawn(
        GoalContributionWithdrawn(
          goal: goal, withdrawal: EntityID(high: 0x6C, low: 3), date: day("2024-04-02"), amount: eur("75.10"),
          transfer: TransferID(raw: EntityID(high: 0x7B, low: 2)), note: "deposit back")),
      .goalEntryRemoved(GoalEntryRemoved(goal: goal, entry: EntityID(high: 0x6C, low: 3))),
      .goalCompleted(GoalCompleted(goal: other, date: day("2024-05-01"))),
      .goalReopened(GoalReopened(goal: other, wasArchived: false, since: day("2024-05-01"))),
      .goalArchived(GoalArchived(goal: other, date: day("2024-05-02"))),
    ]
  }

  /// The read models (by name) that fold each kind of event; every other read model leaves it
  /// alone (``ReadModelCoverageTests`` holds the read models to it).
  /// A kind no read model folds is listed with `[]`: the choice is written down. A read
  /// model may fold a kind only in some states (the schedules fold an amended transaction
  /// only when it paid a bill).
  public static let foldedBy: [EventKind: Set<String>] = [
    .ledgerCreated: ["notifications"],
    .accountOpened: ["running-balances"],
    .accountRenamed: ["running-balances"],
    .accountClosed: [],
    .accountReopened: [],
    .openingBalanceChanged: ["running-balances"],
    .accountRoleChanged: ["running-balances"],
    .categoryCreated: ["category-totals", "budget-vs-actual"],
    .categoryRenamed: ["category-totals", "budget-vs-actual"],
    .categoryMoved: ["category-totals", "budget-vs-actual"],
    .categoryRestyled: ["category-totals", "budget-vs-actual"],
    .categoryArchived: ["category-totals", "budget-vs-actual"],
    .categoryRestored: ["category-totals", "budget-vs-actual"],
    .categoryDeleted: ["category-totals", "budget-vs-actual"],
    .periodOpened: [],
    .periodClosed: [],
    .periodReopened: [],
    .budgetSet: ["budget-vs-actual", "notifications"],
    .incomePlanned: ["budget-vs-actual"],
    .budgetMoved: ["budget-vs-actual", "notifications"],
    .dueDateSet: ["budget-vs-actual"],
    .dueDateCleared: ["budget-vs-actual"],
    .rolloverSet: ["budget-vs-actual", "notifications"],
    .transactionAdded: [
      "running-balances", "category-totals", "budget-vs-actual", "transaction-index", "notifications",
    ],
    .transactionAmended: [
      "running-balances", "category-totals", "budget-vs-actual", "transaction-index", "schedules", "notifications",
    ],
    .transactionDeleted: [
      "running-balances", "category-totals", "budget-vs-actual", "transaction-index", "schedules", "notifications",
    ],
    .transactionRestored: [
      "running-balances", "category-totals", "budget-vs-actual", "transaction-index", "schedules", "notifications",
    ],
    .transferMade: ["running-balances"],
    .transferCancelled: ["running-balances", "schedules"],
    .scheduleCreated: ["schedules"],
    .scheduleChanged: ["schedules"],
    .scheduleChangeWithdrawn: ["schedules"],
    .schedulePaused: ["schedules"],
    .scheduleResumed: ["schedules"],
    .scheduleEnded: ["schedules"],
    .scheduleReinstated: ["schedules"],
    .scheduleDeleted: ["schedules"],
    .scheduleOccurrencePaid: ["schedules"],
    .scheduleOccurrenceUnpaid: ["schedules"],
    .scheduleOccurrenceSkipped: ["schedules"],
    .scheduleOccurrenceUnskipped: ["schedules"],
    .debtAdded: [],
    .debtTermsChanged: [],
    .debtTermsWithdrawn: [],
    .debtRemoved: [],
    .goalAdded: [],
    .goalChanged: [],
    .goalContributed: [],
    .goalContributionWithdrawn: [],
    .goalEntryRemoved: [],
    .goalCompleted: [],
    .goalArchived: [],
    .goalReopened: [],
  ]
}
