import LedgerDomain
import QueryResults

extension Ledger {
  /// The name of the category whose transactions on a debt's account are its interest
  /// charges (`budget debt interest` creates it when missing).
  public static let interestCategoryName = "Interest"

  /// A debt's statement (``DebtStatement``), month by month from the month its first terms
  /// apply through `date`'s month, read from its account's log as known now: what was owed,
  /// the interest charged, each month's payments split into interest and principal, and
  /// whether the minimum was met.
  public func debtStatement(_ id: DebtID, through date: CivilDate) throws(LedgerError) -> DebtStatement {
    let state = self.state
    guard let record = state.debts[id] else {
      throw .rejected(.invalidField(field: "debt", reason: "no debt with id \(id)"))
    }
    let start = record.terms[0].from
    let first = start.yearMonth
    let last = date.yearMonth
    let interestCategories = Set(Self.interestCategories(in: state))
    let currency = state.accounts[record.account]?.currency ?? baseCurrency

    // The account's rows from `first`'s first day through `date`, and its balance before them.
    var rows: [LogRow] = []
    var before: Money?
    var cursor: LogCursor?
    pages: repeat {
      let page = try transactionLog(account: record.account, before: cursor, limit: 500).value
      for row in page.rows where row.date <= date {
        guard row.date >= first.firstDay else {
          before = row.balance
          break pages
        }
        rows.append(row)
      }
      cursor = page.olderCursor
    } while cursor != nil

    var openingOwed = -(before?.units ?? 0)
    var flows: [YearMonth: (payments: Int64, interest: Int64?, charges: Int64)] = [:]
    for row in rows {
      if row.kind == .opening {
        openingOwed -= row.amount.units
        continue
      }
      var flow = flows[row.date.yearMonth] ?? (0, nil, 0)
      if row.amount.units > 0 {
        flow.payments += row.amount.units
      } else if row.kind == .transaction, isInterest(row.id, among: interestCategories, in: state) {
        flow.interest = (flow.interest ?? 0) - row.amount.units
      } else {
        flow.charges -= row.amount.units
      }
      flows[row.date.yearMonth] = flow
    }
    var months: [DebtStatement.Flows] = []
    var month = first
    while month <= last {
      let flow = flows[month] ?? (0, nil, 0)
      months.append(
        DebtStatement.Flows(
          month: month, payments: Money(units: flow.payments, currency: currency),
          interest: flow.interest.map { Money(units: $0, currency: currency) },
          charges: Money(units: flow.charges, currency: currency)))
      guard let next = try? month.adding(months: 1) else { break }
      month = next
    }
    return DebtStatement.make(
      openingOwed: Money(units: openingOwed, currency: currency), flows: months,
      terms: { record.terms(on: $0.firstDay) }, asOf: date)
  }

  /// The live categories named ``interestCategoryName`` (in any case).
  private static func interestCategories(in state: LedgerState) -> [CategoryID] {
    state.categories.filter {
      !$0.value.isDeleted && $0.value.name.lowercased() == interestCategoryName.lowercased()
    }.map(\.key).sorted()
  }

  private func isInterest(_ id: EntityID, among categories: Set<CategoryID>, in state: LedgerState) -> Bool {
    guard !categories.isEmpty, let transaction = state.transactions[TransactionID(raw: id)] else { return false }
    return transaction.added.postings.allSatisfy { categories.contains($0.category) }
  }
}

/// What posting a month's interest on a debt takes: the charge, and the commands to run
/// together (the interest category first, when the ledger has none).
public struct DebtInterestPosting: Sendable {
  public var charge: Money
  public var month: YearMonth
  public var usesRule: Bool
  public var transaction: TransactionID
  public var commands: [LedgerCommand]
}

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
        TransactionAdded(
          transaction: transaction, account: record.account, date: date, amount: charge, type: .expense,
          category: category, name: "Interest: \(record.name) \(month)")))
    return DebtInterestPosting(
      charge: charge, month: month, usesRule: amount == nil, transaction: transaction, commands: commands)
  }
}
