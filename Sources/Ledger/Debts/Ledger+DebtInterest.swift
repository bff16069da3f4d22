import LedgerDomain
import QueryResults

extension Ledger {
  /// The posting of `month`'s interest (last month's if `nil`) on debt `id`
  /// (docs/goals-and-debts.md): `amount` (a
  /// statement's) or the rule's on what was owed at the month's start, as an expense in the
  /// interest category on the debt's account, dated the month's last day (or `today`, in the
  /// current month). Refused for a month that has not begun, one before the debt, one that
  /// already has interest posted, and when nothing was owed.
  public func debtInterestPosting(
    _ id: DebtID, month: YearMonth?, amount: Money?, today: CivilDate
  ) throws(LedgerError) -> DebtInterestPosting {
    let state = self.state
    guard let month = month ?? (try? today.yearMonth.previous) else {
      throw .rejected(.invalidField(field: "month", reason: "there is no month before \(today.yearMonth)"))
    }
    guard let record = state.debts[id] else {
      throw .rejected(.invalidField(field: "debt", reason: "no debt with id \(id)"))
    }
    func refuse(_ field: String, _ reason: String) -> LedgerError {
      .rejected(.invalidField(field: field, reason: reason))
    }
    guard month <= today.yearMonth else {
      throw refuse("month", "\(month) has not begun; interest is posted for \(today.yearMonth) or earlier")
    }
    let start = record.terms[0].from.yearMonth
    guard month >= start else {
      throw refuse("month", "debt '\(record.name)' starts in \(start); pick a month from then on")
    }
    let date = Swift.min(month.lastDay, today)
    let statement = try debtStatement(id, through: date)
    guard let line = statement.months.last, line.month == month else {
      throw refuse("month", "no statement month \(month) for debt '\(record.name)'")
    }
    if let posted = line.interestCharged {
      throw refuse(
        "month",
        "\(month) already has \(posted.formatted()) \(posted.currency.code) of interest posted on \(record.name)'s account; delete that transaction first to post another"
      )
    }
    if let amount, !amount.isPositive {
      throw refuse("amount", "the interest must be above zero")
    }
    let charge = amount ?? line.expectedInterest
    guard charge.isPositive else {
      throw refuse("month", "nothing was owed on '\(record.name)' at the start of \(month): no interest to post")
    }
    var commands: [LedgerCommand] = []
    let category: CategoryID
    if let existing = Self.interestCategories(in: state).first {
      category = existing
    } else {
      category = .random()
      commands.append(.createCategory(CreateCategory(category: category, name: Self.interestCategoryName)))
    }
    let transaction = TransactionID.random()
    commands.append(
      .addTransaction(
        AddTransaction(
          transaction: transaction, account: record.account, date: date, amount: charge, type: .expense,
          category: category, name: "Interest: \(record.name) \(month)")))
    return DebtInterestPosting(
      charge: charge, month: month, usesRule: amount == nil, transaction: transaction, commands: commands)
  }
}
