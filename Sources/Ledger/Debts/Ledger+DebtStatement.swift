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
  static func interestCategories(in state: LedgerState) -> [CategoryID] {
    state.categories.filter {
      !$0.value.isDeleted && $0.value.name.lowercased() == interestCategoryName.lowercased()
    }.map(\.key).sorted()
  }

  private func isInterest(_ id: EntityID, among categories: Set<CategoryID>, in state: LedgerState) -> Bool {
    guard !categories.isEmpty, let transaction = state.transactions[TransactionID(raw: id)] else { return false }
    return transaction.added.postings.allSatisfy { categories.contains($0.category) }
  }
}
