import EventLog
import LedgerDomain
import QueryResults

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
  /// Finds, for each open expense or income occurrence due within a year back and a week
  /// ahead of today, the transactions that look like it (``ScheduleMatching``), and — when
  /// `linking` — links each occurrence that has exactly one candidate fitting no other
  /// occurrence (`matched`), so that a bank statement's import marks the bill paid instead of
  /// duplicating it. The others are suggested.
  public func matchScheduled(
    linking: Bool = true, metadata: EventMetadata = .init()
  ) async throws(LedgerError) -> MatchReport {
    let today = self.today()
    let ahead = (try? today.adding(days: ScheduleMatching.windowDays)) ?? today
    let open = try occurrences(dueFrom: Self.lookbackStart(today), through: ahead, asOf: today).value.filter {
      $0.isOpen && $0.terms.kind != .transfer
    }
    guard !open.isEmpty else { return MatchReport(linked: [], suggested: []) }
    let links = state.scheduleLinks
    var candidates: [[TransactionRow]] = []
    var fits: [TransactionID: Int] = [:]
    for occurrence in open {
      let window = ScheduleMatching.windowDays
      let rows = try transactions(
        .account(occurrence.terms.account), from: (try? occurrence.due.adding(days: -window)) ?? occurrence.due,
        through: (try? occurrence.due.adding(days: window)) ?? occurrence.due, limit: 200
      ).value.rows.filter { row in
        links[row.id.raw] == nil
          && ScheduleMatching.matches(
            account: row.account, type: row.type, amount: row.amount, date: row.date, name: row.name,
            due: occurrence.due, terms: occurrence.terms)
      }
      candidates.append(rows)
      for row in rows { fits[row.id, default: 0] += 1 }
    }
    var report = MatchReport(linked: [], suggested: [])
    var commands: [(MatchReport.Pairing, BatchCommand)] = []
    for (occurrence, rows) in zip(open, candidates) where !rows.isEmpty {
      if rows.count == 1, fits[rows[0].id] == 1 {
        let pairing = MatchReport.Pairing(occurrence: occurrence, transaction: rows[0])
        commands.append(
          (
            pairing,
            BatchCommand(
              .payOccurrence(
                PayOccurrence(
                  schedule: occurrence.schedule, date: occurrence.nominal, payment: .link(rows[0].id),
                  source: .matched)))
          ))
      } else {
        report.suggested += rows.map { MatchReport.Pairing(occurrence: occurrence, transaction: $0) }
      }
    }
    guard linking else {
      report.suggested += commands.map(\.0)
      return report
    }
    let results = try await execute(batch: commands.map(\.1), metadata: metadata)
    for ((pairing, _), result) in zip(commands, results) {
      if case .success = result { report.linked.append(pairing) } else { report.suggested.append(pairing) }
    }
    return report
  }
}
