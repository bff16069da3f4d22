import EventLog
import LedgerDomain
import QueryResults
import Schedules

/// What matching transactions to scheduled occurrences found.
public struct MatchReport: Sendable, Hashable {
  /// Occurrences linked now: each had exactly one candidate, which fitted no other.
  public var linked: [Pairing]
  /// Occurrences with candidates that could not be told apart: for the user to pay by hand
  /// (`budget schedule pay NAME --transaction ID`).
  public var suggested: [Pairing]

  /// An occurrence and a transaction that may have paid it.
  public struct Pairing: Sendable, Hashable {
    public var occurrence: OccurrenceInfo
    public var transaction: TransactionRow
  }
}

extension Ledger {
  /// Finds, for each open expense or income occurrence due from `from` (a year ago if `nil`)
  /// through `through` (a week ahead if `nil`) — on `account` only, if given — the
  /// transactions that look like it (``ScheduleMatching``), and — when `linking` — links each
  /// occurrence that has exactly one candidate fitting no other occurrence (`matched`), so
  /// that a bank statement's import marks the bill paid instead of duplicating it. The others
  /// are suggested.
  ///
  /// Each account's transactions in the window are read once, in pages, and compared in
  /// memory: by amount for fixed bills, by date for estimated ones. Given the transaction
  /// that was just added (`added`), nothing is read unless it looks like an occurrence: a
  /// transaction that is no bill costs the adding of it nothing more.
  ///
  /// The links are a follow-up of the user's action that brought the transactions in — the
  /// command that recorded `added`, or the action whose correlation id is `action` (an
  /// import's): they are recorded under its correlation id (``Ledger/followUp(of:_:)``), so
  /// that one undo takes back the transaction and the bill it paid.
  public func matchScheduled(
    account: AccountID? = nil, dueFrom from: CivilDate? = nil, through: CivilDate? = nil,
    after added: TransactionAdded? = nil, partOf action: String? = nil, linking: Bool = true,
    metadata: EventMetadata = .init()
  ) async throws(LedgerError) -> MatchReport {
    // A transaction added by hand that fits no schedule's terms pays nothing: answered from
    // the rules' state in memory (the command that added it has it at hand), before anything
    // is read or any occurrence computed.
    if let added {
      let fits = state.schedules.values.contains { schedule in
        !schedule.isDeleted
          && schedule.timeline.versions.contains { version in
            let terms = version.terms
            return terms.kind != .transfer && terms.account == added.account
              && (terms.kind == .income) == (added.type == .income)
              && ScheduleMatching.amountMatches(added.amount, terms) && ScheduleMatching.namesMatch(added.name, terms)
          }
      }
      guard fits else { return MatchReport(linked: [], suggested: []) }
    }
    let today = self.today()
    let window = ScheduleMatching.windowDays
    let from = from ?? Self.lookbackStart(today)
    let through = through ?? ((try? today.adding(days: window)) ?? today)
    let open = try occurrences(dueFrom: from, through: through, asOf: today).value.filter {
      $0.isOpen && $0.terms.kind != .transfer && (account == nil || $0.terms.account == account)
    }
    let looksLikeABill = added.map { added in
      open.contains { occurrence in
        ScheduleMatching.matches(
          account: added.account, type: added.type, amount: added.amount, date: added.date, name: added.name,
          due: occurrence.due, terms: occurrence.terms)
      }
    }
    guard !open.isEmpty, looksLikeABill ?? true else { return MatchReport(linked: [], suggested: []) }
    let links = try query { reader, position in
      try ScheduleQueries(reader, cache: scheduleCache).linkedEntries(asKnownAt: position)
    }.value
    var found: [(index: Int, rows: [TransactionRow])] = []
    var fits: [TransactionID: Int] = [:]
    for (accountID, indices) in Dictionary(grouping: open.indices, by: { open[$0].terms.account }) {
      let dues = indices.map { open[$0].due }
      let rows = try transactionRows(
        of: accountID, from: (try? dues.min()!.adding(days: -window)) ?? dues.min()!,
        through: (try? dues.max()!.adding(days: window)) ?? dues.max()!
      ).filter { !links.contains($0.id.raw) }
      let byAmount = Dictionary(grouping: rows, by: \.amount.units)
      for index in indices {
        let occurrence = open[index]
        let pool = occurrence.terms.estimated ? rows : byAmount[occurrence.terms.amount.units] ?? []
        let fitting = pool.filter { row in
          ScheduleMatching.matches(
            account: row.account, type: row.type, amount: row.amount, date: row.date, name: row.name,
            due: occurrence.due, terms: occurrence.terms)
        }
        found.append((index, fitting))
        for row in fitting { fits[row.id, default: 0] += 1 }
      }
    }
    var report = MatchReport(linked: [], suggested: [])
    var commands: [(MatchReport.Pairing, BatchCommand)] = []
    for (index, rows) in found.sorted(by: { $0.index < $1.index }) where !rows.isEmpty {
      let occurrence = open[index]
      if rows.count == 1, fits[rows[0].id] == 1 {
        let pairing = MatchReport.Pairing(occurrence: occurrence, transaction: rows[0])
        let pay = PayOccurrence(
          schedule: occurrence.schedule, date: occurrence.nominal, payment: .link(rows[0].id), source: .matched)
        commands.append((pairing, BatchCommand(.payOccurrence(pay))))
      } else {
        report.suggested += rows.map { MatchReport.Pairing(occurrence: occurrence, transaction: $0) }
      }
    }
    guard linking else {
      report.suggested += commands.map(\.0)
      return report
    }
    var linkMetadata = metadata
    var action = action
    if action == nil, let added { action = try correlation(ofTransaction: added.transaction) }
    if let action { linkMetadata = Self.followUp(of: action, metadata) }
    let results = try await execute(batch: commands.map(\.1), metadata: linkMetadata)
    for ((pairing, _), result) in zip(commands, results) {
      if case .success = result { report.linked.append(pairing) } else { report.suggested.append(pairing) }
    }
    return report
  }

  /// Every transaction of `account` dated `from...through`, read page by page.
  private func transactionRows(
    of account: AccountID, from: CivilDate, through: CivilDate
  ) throws(LedgerError)
    -> [TransactionRow]
  {
    var rows: [TransactionRow] = []
    var cursor: TransactionCursor?
    repeat {
      let page = try transactions(.account(account), from: from, through: through, before: cursor, limit: 1000).value
      rows += page.rows
      cursor = page.olderCursor
    } while cursor != nil
    return rows
  }
}
