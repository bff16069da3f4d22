import EventLog
import LedgerDomain

/// The sample ledger of `budget demo`: three months up to today, with budgets, income,
/// transactions (one split, one amended, one deleted), a transfer, a closed period, and the
/// household's schedules — rent on autopay, wages, a monthly saving, an estimated power bill,
/// broadband due in five days and a gym fee three days overdue — and two savings goals.
struct DemoLedger {
  let ledger: Ledger
  let today: CivilDate
  let metadata: EventMetadata
  /// What each command recorded, in order.
  private(set) var outcomes: [CommandOutcome] = []

  init(ledger: Ledger, today: CivilDate, metadata: EventMetadata) {
    self.ledger = ledger
    self.today = today
    self.metadata = metadata
  }

  mutating func create() async throws {
    let eur = Currency.eur
    func money(_ text: String) throws -> Money { try Money(parsing: text, currency: eur) }
    try await run(.createLedger(CreateLedger(name: "Demo household", baseCurrency: eur)))
    let ledger = self.ledger
    let state = { ledger.state }
    let checking = AccountID.random(), savings = AccountID.random(), card = AccountID.random()
    let months = [try today.yearMonth.adding(months: -2), try today.yearMonth.adding(months: -1), today.yearMonth]
    let start = months[0].firstDay
    try await run(
      .openAccount(
        OpenAccount(
          account: checking, name: "Checking", type: .checking, openingBalance: try money("2500"), date: start)))
    try await run(
      .openAccount(
        OpenAccount(account: savings, name: "Savings", type: .savings, openingBalance: try money("5000"), date: start)))
    try await run(
      .openAccount(
        OpenAccount(
          account: card, name: "Credit card", type: .creditCard, openingBalance: try money("-320"), date: start)))
    let rent = CategoryID.random(), insurance = CategoryID.random(), saving = CategoryID.random()
    try await run(.createCategory(CreateCategory(category: rent, name: "Rent", budgetType: .fixed, icon: "house.fill")))
    try await run(
      .createCategory(
        CreateCategory(category: insurance, name: "Insurance", budgetType: .quarterly, icon: "shield.fill")))
    try await run(
      .createCategory(CreateCategory(category: saving, name: "Savings goal", budgetType: .fixed, icon: "banknote")))
    let food = try state().category(named: "Food").id, restaurants = try state().category(named: "Restaurants").id
    let transport = try state().category(named: "Transport").id, bills = try state().category(named: "Bills").id
    let income = try state().category(named: "Income").id
    try await run(
      .setRollover(SetRollover(category: food, carryUnspent: true, carryOverspent: true, from: months[0])))
    try await run(.setDueDate(rent, months[2].firstDay))
    var counter = 0
    for month in months {
      try await run(
        .planIncome(PlanIncome(month: month, year: month.year, source: "Salary", amount: try money("3200"))))
      for (category, amount) in [
        (rent, "1100"), (food, "450"), (restaurants, "150"), (transport, "120"), (bills, "210"), (saving, "1170"),
      ] {
        try await run(.setBudget(SetBudget(month: month, category: category, amount: try money(amount))))
      }
      for (index, (name, category, amount, account)) in [
        ("Salary", income, "3200", checking), ("Rent", rent, "1100", checking), ("Market", food, "86.40", card),
        ("Bakery", food, "12.90", card), ("Bus pass", transport, "49.00", checking),
        ("Electricity", bills, "74.25", checking),
        ("Pizza night", restaurants, "38.50", card), ("Market", food, "102.15", card),
        ("Phone", bills, "29.99", checking),
      ].enumerated() {
        let date = min(try month.firstDay.adding(days: index * 3), today)
        counter += 1
        try await run(
          .addTransaction(
            AddTransaction(
              transaction: .random(), account: account, date: date, amount: try money(amount),
              type: category == income ? .income : .expense,
              category: category, name: name, tags: counter % 4 == 0 ? ["weekly"] : [])))
      }
    }
    try await run(
      .setBudget(
        SetBudget(
          month: YearMonth(year: months[0].year, month: (months[0].quarter - 1) * 3 + 1), category: insurance,
          amount: try money("360"), span: .quarter)))
    try await run(
      .makeTransfer(
        MakeTransfer(
          transfer: .random(), from: checking, to: savings, amount: try money("400"), date: months[1].lastDay)))
    try await run(
      .makeTransfer(
        MakeTransfer(transfer: .random(), from: checking, to: card, amount: try money("300"), date: months[1].lastDay)))
    let split = TransactionID.random()
    try await run(
      .addTransaction(
        AddTransaction(
          transaction: split, account: card, date: today, amount: try money("64.80"), type: .expense, category: nil,
          splits: [
            Split(category: food, amount: try money("41.30")),
            Split(category: restaurants, amount: try money("23.50"), memo: "coffee"),
          ],
          name: "Supermarket + café", notes: "split example")))
    var amendment = AmendTransaction(transaction: split)
    amendment.description = Change("corrected receipt")
    try await run(.amendTransaction(amendment, expectedVersion: 1))
    let mistake = TransactionID.random()
    try await run(
      .addTransaction(
        AddTransaction(
          transaction: mistake, account: checking, date: today, amount: try money("9.99"), type: .expense,
          category: bills, name: "Duplicate charge")))
    try await run(.deleteTransaction(mistake, reason: "charged twice by mistake", expectedVersion: 1))
    try await addSchedules(
      checking: checking, savings: savings, rent: rent, bills: bills, sport: try state().category(named: "Sport").id,
      income: income)
    let first = PeriodID.random()
    try await run(
      .openPeriod(OpenPeriod(period: first, name: months[0].title, start: months[0].firstDay, end: months[0].lastDay)))
    try await run(.closePeriod(first, end: nil))
    try await addDebts(card: card, from: months[2].firstDay)
    try await addGoals(checking: checking, savings: savings, saving: saving, start: start)
  }

  /// Three debts for the payoff plans: the credit card, a car loan and a small loan from
  /// family at no interest (snowball pays it first, avalanche the card). The loans' accounts
  /// come last, so that every other figure of the demo stays as it was.
  private mutating func addDebts(card: AccountID, from start: CivilDate) async throws {
    func money(_ text: String) throws -> Money { try Money(parsing: text, currency: .eur) }
    func rate(_ text: String) throws -> AnnualRate { try AnnualRate(parsing: text) }
    let car = AccountID.random(), family = AccountID.random()
    for (account, name, opening) in [(car, "Car loan", "-6400"), (family, "Family loan", "-500")] {
      try await run(
        .openAccount(
          OpenAccount(account: account, name: name, type: .loan, openingBalance: try money(opening), date: start)))
    }
    let debts: [(String, DebtKind, AccountID, DebtTerms)] = [
      ("Credit card", .creditCard, card, DebtTerms(apr: try rate("19.99"), minimum: try money("35"), dueDay: 15)),
      ("Car loan", .autoLoan, car, DebtTerms(apr: try rate("6.9"), minimum: try money("190"), termMonths: 60)),
      ("Family loan", .personalLoan, family, DebtTerms(apr: try rate("0"), minimum: try money("25"))),
    ]
    for (name, kind, account, terms) in debts {
      try await run(
        .addDebt(AddDebt(debt: .random(), name: name, debtKind: kind, account: account, terms: terms, from: start)))
    }
  }

  /// An emergency fund in the savings account, and a holiday saved in the "Savings goal"
  /// category, its monthly need on the budget sheet beside the budget set there.
  private mutating func addGoals(
    checking: AccountID, savings: AccountID, saving: CategoryID, start: CivilDate
  ) async throws {
    func money(_ text: String) throws -> Money { try Money(parsing: text, currency: .eur) }
    let holiday = GoalID.random()
    let inTwoYears = try today.yearMonth.adding(months: 24).lastDay
    try await run(
      .addGoal(
        AddGoal(
          goal: .random(),
          settings: GoalSettings(
            name: "Emergency fund", goalKind: .emergency, target: try money("10000"), targetDate: inTwoYears),
          startDate: start, funding: .account(savings))))
    try await run(
      .addGoal(
        AddGoal(
          goal: holiday,
          settings: GoalSettings(
            name: "Holiday", goalKind: .vacation, target: try money("3000"),
            targetDate: try today.yearMonth.adding(months: 9).lastDay, onBudgetSheet: true, note: "Lisbon in spring"),
          startDate: start, funding: .category(saving))))
    // Last month's bonus, put aside for the holiday: an expense booked to the category.
    try await run(
      .contributeToGoal(
        GoalMovement(
          goal: holiday, entry: .random(),
          payment: .record(
            id: .random(), account: checking, date: try today.yearMonth.adding(months: -1).firstDay,
            amount: try money("250")),
          source: .windfall, note: "part of the bonus")))
  }

  /// Bills and income from next month on, one bill due soon and one overdue.
  private mutating func addSchedules(
    checking: AccountID, savings: AccountID, rent: CategoryID, bills: CategoryID, sport: CategoryID, income: CategoryID
  ) async throws {
    func money(_ text: String) throws -> Money { try Money(parsing: text, currency: .eur) }
    let next = try today.yearMonth.adding(months: 1).firstDay
    func monthly(_ day: Int?, from start: CivilDate, weekend: Recurrence.WeekendShift = .none) -> Recurrence {
      Recurrence(unit: .month, dayOfMonth: day, weekend: weekend, start: start)
    }
    let schedules: [ScheduleTerms] = [
      ScheduleTerms(
        name: "Rent", payee: "Landlord", kind: .expense, amount: try money("1100"), account: checking, category: rent,
        recurrence: monthly(1, from: next), autopay: true),
      ScheduleTerms(
        name: "Wages", payee: "Salary", kind: .income, amount: try money("3200"), account: checking, category: income,
        recurrence: monthly(0, from: next)),
      ScheduleTerms(
        name: "Monthly saving", kind: .transfer, amount: try money("300"), account: checking, toAccount: savings,
        recurrence: monthly(2, from: next, weekend: .before), autopay: true),
      ScheduleTerms(
        name: "Electricity", payee: "Electricity", kind: .expense, amount: try money("75"), estimated: true,
        account: checking, category: bills, recurrence: monthly(28, from: next, weekend: .after)),
      ScheduleTerms(
        name: "Broadband", kind: .expense, amount: try money("39.99"), account: checking, category: bills,
        recurrence: monthly(nil, from: try today.adding(days: 5)), reminderDays: 7),
      ScheduleTerms(
        name: "Gym", kind: .expense, amount: try money("25"), account: checking, category: sport,
        recurrence: monthly(nil, from: try today.adding(days: -3))),
    ]
    for terms in schedules { try await run(.createSchedule(.random(), terms: terms)) }
  }

  private mutating func run(_ command: LedgerCommand) async throws {
    outcomes.append(try await ledger.execute(command, metadata: metadata))
  }
}
