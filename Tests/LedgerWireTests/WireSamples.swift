import Foundation
import Ledger

@testable import LedgerWire

/// One sample of every shape, each optional field set and each array and map holding an
/// element, so that every field the shape can emit is emitted: what ``WireSchemaTests``
/// checks against docs/openapi.yaml.
enum WireSamples {
  /// Each shape's sample, with the name of its schema in the document.
  static let all: [(type: String, schema: String, value: any Encodable & Sendable)] = [
    ("Transaction", "Transaction", transaction),
    ("Account", "Account", account),
    ("Category", "Category", category),
    ("Period", "Period", period),
    ("Balances", "Balances", balances),
    ("Recurrence", "Recurrence", rule),
    ("ScheduleTerms", "ScheduleTerms", terms),
    ("Schedule", "Schedule", schedule),
    ("ScheduleDetail", "ScheduleDetail", detail),
    ("Occurrence", "Occurrence", occurrence),
    ("Bills", "Bills", bills),
    ("Autopay", "AutopayReport", autopay),
    ("Forecast", "Forecast", forecast),
    ("UndoResult", "UndoResult", undo),
    ("History", "History", history),
    ("Warning", "Warning", warning),
    ("Notifications", "Notifications", notifications),
    ("Verify", "Verify", verify),
    ("ProjectionStatus", "Projection", projection),
    ("CategoryTotals", "CategoryTotals", categoryTotals),
    ("ErrorBody", "Error", error),
    ("WriteResult", "WriteResult", writeResult),
    ("BudgetSheet", "BudgetSheet", sheet),
    ("Event", "Event", event),
    ("Cashflow", "Cashflow", cashflow),
    ("TransactionRow", "TransactionRow", transactionRow),
    ("TransactionPage", "TransactionPage", transactionPage),
    ("OutboxEntry", "OutboxEntry", outboxEntry),
    ("SyncStatus", "SyncStatus", syncStatus),
    ("Session", "WebSession", session),
    ("Explanation", "Explanation", explanation),
  ]

  static let id = "0190f1c2-7a3b-7c4d-8e5f-0123456789ab"

  static let transaction = Wire.Transaction(
    id: id, date: "2024-03-05", type: "expense", amount: "42.50", signedAmount: "-42.50", currency: "EUR",
    name: "Market", account: "Checking", accountId: id, category: "Food",
    postings: [.init(category: "Food", categoryId: id, amount: "42.50")], description: "weekly", notes: "cash back",
    period: "Q1", tags: ["groceries"], version: 1, deleted: false)

  static let account = Wire.Account(
    id: id, name: "Checking", type: "checking", currency: "EUR", role: "budget", closed: false,
    openingDate: "2024-01-01", balance: "1000.00", version: 1)

  static let category = Wire.Category(
    id: id, name: "Food", kind: "expense", budgetType: "monthly", parent: "Living", icon: "🛒", color: "#22aa55",
    archived: false, custom: true, transactions: 3, dueDate: "2024-03-15", carryUnspent: true, carryOverspent: false,
    sortOrder: 2, version: 4)

  static let period = Wire.Period(id: id, name: "Q1", start: "2024-01-01", end: "2024-03-31", closed: true, version: 2)

  static let balances = Wire.Balances(
    date: "2024-03-31", position: 12,
    accounts: [.init(accountId: id, account: "Checking", balance: "957.50", currency: "EUR")],
    totals: [.init(currency: "EUR", balance: "957.50")])

  static let rule = Wire.Recurrence(
    every: "month", interval: 1, day: "last", weekday: "2tue", weekend: "after", start: "2024-01-01",
    end: "2024-12-31", count: 12)

  static let terms = Wire.ScheduleTerms(
    name: "Rent", kind: "expense", amount: "950.00", currency: "EUR", recurrence: "every month on day 1",
    account: "Checking", to: "Savings", category: "Housing", payee: "Landlord", notes: "flat",
    splits: [.init(category: "Housing", amount: "950.00")], estimated: false, autopay: true, reminderDays: 3,
    rule: rule)

  static let schedule = Wire.Schedule(
    id: id, name: "Rent", kind: "expense", amount: "950.00", currency: "EUR", recurrence: "every month on day 1",
    account: "Checking", to: "Savings", category: "Housing", payee: "Landlord", notes: "flat", next: "2024-04-01",
    overdue: false, splits: [.init(category: "Housing", amount: "950.00")], estimated: false, autopay: true,
    paused: false, deleted: false, reminderDays: 3, start: "2024-01-01", endedAfter: "2024-12-01", rule: rule)

  static let occurrence = Wire.Occurrence(
    schedule: id, name: "Rent", date: "2024-03-01", due: "2024-03-01", status: "paid", amount: "950.00",
    currency: "EUR", kind: "expense", account: "Checking", category: "Housing", estimated: false, autopay: true,
    remind: false, transaction: id, transfer: id, paidOn: "2024-03-01", source: "posted", skipReason: "moved")

  static let detail = Wire.ScheduleDetail(
    position: 12, schedule: schedule, versions: [.init(from: "2024-01-01", terms: terms)], occurrences: [occurrence])

  static let bills = Wire.Bills(
    today: "2024-03-20", days: 14, position: 12, overdue: [occurrence], dueSoon: [occurrence],
    reminders: [occurrence], paidThisMonth: [occurrence],
    suggestions: [
      .init(occurrence: occurrence, transaction: id, name: "Landlord", date: "2024-03-02", amount: "950.00")
    ],
    totals: .init(overdue: ["-950.00 EUR"], dueSoon: ["-950.00 EUR"], paidThisMonth: ["-950.00 EUR"]))

  static let warning = Wire.Warning(code: "account_below_zero", message: "Checking is now -3.00", subject: id)

  static let notifications = Wire.Notifications(
    position: 14,
    items: [
      Wire.Notifications.Item(
        id: "budget:2024-03:\(id):90:1", kind: "budget", month: "2024-03", category: "Food", categoryId: id,
        threshold: "90", message: "Food has used 90 % of its budget for 2024-03 (95.00 of 100.00)", position: 14,
        transaction: id)
    ])

  static let autopay = Wire.Autopay(
    through: "2024-03-20", capped: false, posted: [.init(schedule: "Rent", scheduleId: id, date: "2024-03-01", id: id)],
    alreadyPosted: 1, refused: [.init(schedule: "Gym", scheduleId: id, date: "2024-03-02", reason: "account closed")],
    warnings: [warning])

  static let forecast = Wire.Forecast(
    today: "2024-03-20", through: "2024-06-30", position: 12,
    accounts: [
      .init(
        account: "Checking", currency: "EUR", start: "957.50", months: [.init(month: "2024-03", balance: "7.50")],
        days: [.init(date: "2024-04-01", balance: "7.50")], lowest: .init(date: "2024-04-01", balance: "7.50"))
    ])

  static let undo = Wire.UndoResult(
    kind: "undo", summary: "undid: added transaction 'Market'", details: ["removed transaction 'Market'"],
    positions: [13, 13], events: ["TransactionDeleted": 1], eventCount: 1,
    changes: [.init(count: 1, change: "transaction removed")],
    undone: .init(
      positions: [12, 12], events: ["TransactionAdded": 1], eventCount: 1, actor: "cli",
      recordedAt: "2024-03-20T09:00:00Z",
      command: "import", file: "march.csv"),
    list: [.init(position: 13, type: "TransactionDeleted")], warnings: [warning])

  static let history = Wire.History(
    stream: "transaction-\(id)", position: 12,
    entries: [
      .init(
        position: 12, version: 1, recordedAt: "2024-03-20T09:00:00Z", actor: "cli", event: "TransactionAdded",
        changes: ["added"])
    ])

  static let event = Wire.Event(
    position: 12, recordedAt: "2024-03-20T09:00:00Z", actor: "cli", type: "TransactionAdded",
    stream: "transaction-\(id)", streamVersion: 1, hash: "ab12", correlationId: id)

  static let cashflow = Wire.Cashflow(
    year: 2024, position: 12,
    months: [.init(month: "2024-03", income: "3200.00", expenses: "42.50", net: "3157.50", currency: "EUR")])

  static let transactionRow = Wire.TransactionRow(
    id: id, date: "2024-03-05", kind: "transaction", name: "Market", category: "Food+Household", account: "Checking",
    amount: "-42.50", currency: "EUR", balance: "957.50", tags: ["groceries"], pending: true)

  static let transactionPage = Wire.TransactionPage(
    position: 12, recordedAt: "2024-03-20T09:00:00Z", rows: [transactionRow], nextBefore: "2024-03-05/\(id)")

  static let outboxEntry = Wire.OutboxEntry(
    id: 1, state: "conflict", commands: ["amendTransaction"], changes: ["amend 456789ab: amount 25.00"],
    key: "device-1", actor: "cli", created: "2024-03-20T09:00:00Z", positions: [12, 13], code: "stale_version",
    reason: "the transaction changed on the hub")

  static let syncStatus = Wire.SyncStatus(
    device: true, remote: "https://hub.example:8443", head: ChainHead(position: 12, hash: "ab12"),
    working: ChainHead(position: 13, hash: "cd34"), pending: 1, conflicts: 1, entries: [outboxEntry])

  static let session = Wire.Session(
    id: "s-0123", created: "2024-03-20T09:00:00Z", lastUsed: "2024-03-20T09:15:00Z", userAgent: "Firefox",
    address: "127.0.0.1", current: true)

  static let verify = Wire.Verify(ok: true, events: 12, head: "ab12", problems: ["none"])

  static let projection = Wire.ProjectionStatus(
    name: "running-balances", codeVersion: 3, storedVersion: 3, generation: 1, checkpoint: 12, lag: 0,
    rows: ["log": 12])

  static let categoryTotals = Wire.CategoryTotals(
    scope: "2024-03", position: 12,
    rows: [
      .init(
        categoryId: id, category: "Food", kind: "expense", spent: "42.50", received: "0.00", net: "42.50",
        currency: "EUR", count: 1)
    ])

  static let error = Wire.ErrorBody(
    code: "not_found", message: "account 'Chekcing' not found", details: ["field": "account"])

  static let writeResult = Wire.WriteResult(
    id: id, stream: "transaction-\(id)", version: 1, positions: [12, 12], events: ["TransactionAdded"],
    warnings: [warning], duplicate: false, seal: "ab12")

  static let sheet = Wire.BudgetSheet(
    month: "2024-03", title: "March 2024", currency: "EUR", position: 12, recordedAt: "2024-03-20T09:00:00Z",
    plannedIncome: "3200.00", fixed: "950.00", variable: "400.00", quarterly: "0.00", totalBudgeted: "1350.00",
    totalActual: "42.50", remainingToAssign: "1850.00", availableFunds: "957.50", fundsDate: "2024-03-20",
    fundsAccounts: [.init(id: id, name: "Checking", balance: "957.50", currency: "EUR")],
    trackingAccounts: [.init(id: id, name: "Car loan", balance: "-4000.00", currency: "EUR")],
    otherCurrencyFunds: [.init(amount: "197.00", currency: "USD")],
    otherCurrencySpending: [.init(amount: "12.00", currency: "USD")],
    income: [.init(source: "Salary", month: "2024-03", amount: "3200.00", counted: "3200.00")],
    incomeSources: [.init(source: "Salary", counted: "3200.00", yearly: false)],
    lines: [
      .init(
        category: id, name: "Food", budgetType: "variable", assigned: "400.00", carried: "0.00", budgeted: "400.00",
        actual: "42.50", difference: "357.50", usedPercent: "10.62", overBudget: false, alert: 0,
        dueDate: "2024-03-15")
    ],
    dueDates: [.init(category: "Rent", categoryId: id, date: "2024-03-01")],
    goals: [goalLine])

  /// A goal's line on the sheet (a Ledger type, with no initialiser from its fields).
  static let goalLine: BudgetGoalLineReport = {
    let json = #"{"goal": "\#(id)", "name": "Trip", "category": "\#(id)", "monthlyNeed": "120.00", "counted": true}"#
    do { return try JSONDecoder().decode(BudgetGoalLineReport.self, from: Data(json.utf8)) } catch {
      preconditionFailure("\(error)")
    }
  }()

  static let explanation = Wire.Explanation(
    figure: "balance", accountId: id, account: "Checking", categoryId: id, category: "Food", goalId: id, goal: "Trip",
    date: "2024-03-31", month: "2024-03", withBudgets: false, from: "2024-03-01", total: "957.50", currency: "EUR",
    position: 42,
    parts: [
      .init(kind: "opening", id: id, date: "2024-01-01", name: "opening balance", amount: "1000.00"),
      .init(kind: "transaction", id: id, date: "2024-03-05", name: "Market", amount: "-42.50"),
    ], months: 10, monthlyNeed: "95.75")
}
