import LedgerDomain

/// How the journal names accounts, categories and amounts, for the periodic rules.
struct JournalNames {
  var account: (AccountID) -> String
  var category: (CategoryID, TransactionType) -> String
  var amount: (Int64, Currency) -> String
}

extension HledgerExporter {
  /// How far ahead occurrences are written one by one: three years.
  static let explicitHorizonDays = 3 * 366

  /// The schedules as hledger periodic transactions, from tomorrow on — what our forecast
  /// counts. A version of a schedule that recurs every month on a day up to the 28th or on a
  /// weekday of the month, with no weekend shift and nothing paid, skipped or paused ahead,
  /// is one rule (`~ every 5th day of month from …`); any other recurrence — which hledger
  /// 1.25's period expressions cannot say, or say differently — is written as one dated rule
  /// per open occurrence up to three years ahead. Occurrences still open from
  /// before today count tomorrow, as in our forecast.
  static func periodicRules(_ state: LedgerState, today: CivilDate, names: JournalNames) -> [String] {
    guard let tomorrow = try? today.adding(days: 1) else { return [] }
    let horizon = (try? today.adding(days: explicitHorizonDays)) ?? today
    let lookback = (try? today.adding(days: -366)) ?? today
    var lines: [String] = []
    for (id, record) in state.schedules.sorted(by: { ($0.value.name, $0.key) < ($1.value.name, $1.key) })
    where !record.isDeleted {
      let timeline = record.timeline
      func isOpen(_ occurrence: ScheduledOccurrence) -> Bool {
        !occurrence.isPaused && !record.skipped.contains(occurrence.nominal)
          && state.payment(of: id, on: occurrence.nominal) == nil
      }
      var rules: [String] = []
      // Open occurrences due before tomorrow count tomorrow.
      for occurrence in timeline.occurrences(from: lookback, through: today)
      where occurrence.due < tomorrow && isOpen(occurrence) {
        rules += rule(
          "~ \(tomorrow)  \(clean(occurrence.terms.name, keep: " ")) (due \(occurrence.due))", occurrence.terms, names)
      }
      for (index, version) in timeline.versions.enumerated() {
        var last = timeline.endedAfter ?? CivilDate.latest
        if index + 1 < timeline.versions.count, let before = try? timeline.versions[index + 1].from.adding(days: -1) {
          last = min(last, before)
        }
        let lower = max(version.from, tomorrow)
        guard lower <= last else { continue }
        let ahead = timeline.occurrences(from: lower, through: min(last, horizon)).filter { $0.nominal >= version.from }
        let untouched = ahead.allSatisfy(isOpen)
        if untouched, let every = nativePeriod(version.terms.recurrence) {
          let bound = version.terms.recurrence.last.map { min($0.nominal, last) } ?? last
          // hledger's `to` is exclusive; a schedule that never ends has none.
          let to = bound == CivilDate.latest ? "" : (try? bound.adding(days: 1)).map { " to \($0)" } ?? ""
          rules += rule("~ \(every) from \(lower)\(to)  \(clean(version.terms.name, keep: " "))", version.terms, names)
        } else {
          for occurrence in ahead where isOpen(occurrence) && occurrence.due >= tomorrow {
            rules += rule("~ \(occurrence.due)  \(clean(occurrence.terms.name, keep: " "))", occurrence.terms, names)
          }
        }
      }
      if !rules.isEmpty { lines += ["; schedule \(clean(record.name, keep: " ")) (\(id))"] + rules }
    }
    return lines.isEmpty ? [] : ["; scheduled, from \(tomorrow) (hledger balance --forecast)", ""] + lines
  }

  /// A periodic rule's header and postings, then a blank line.
  private static func rule(_ header: String, _ terms: ScheduleTerms, _ names: JournalNames) -> [String] {
    var lines = [header]
    let currency = terms.amount.currency
    switch terms.kind {
    case .transfer:
      if let to = terms.toAccount {
        lines.append("    \(names.account(to))  \(names.amount(terms.amount.units, currency))")
      }
    case .expense, .income:
      let type: TransactionType = terms.kind == .income ? .income : .expense
      let postings =
        terms.splits.isEmpty ? terms.category.map { [Split(category: $0, amount: terms.amount)] } ?? [] : terms.splits
      for posting in postings {
        let signed = type == .expense ? posting.amount.units : -posting.amount.units
        lines.append("    \(names.category(posting.category, type))  \(names.amount(signed, currency))")
      }
    }
    lines.append("    \(names.account(terms.account))")
    lines.append("")
    return lines
  }

  /// hledger's period expression for `recurrence`, when it has one that means the same.
  static func nativePeriod(_ recurrence: Recurrence) -> String? {
    guard recurrence.unit == .month, recurrence.interval == 1, recurrence.weekend == .none else { return nil }
    if let ordinal = recurrence.weekdayOrdinal, let weekday = recurrence.weekday {
      guard (1...5).contains(ordinal), (1...7).contains(weekday) else { return nil }
      let days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
      return "every \(ordinalWord(ordinal)) \(days[weekday - 1]) of month"
    }
    // Days past the 28th are left out: hledger 1.25 places "every 31st day of month from
    // 2026-12-01" on 2026-11-30 and 2026-12-30, not on each month's last day.
    let day = recurrence.dayOfMonth ?? recurrence.start.day
    guard (1...28).contains(day) else { return nil }
    return "every \(ordinalWord(day)) day of month"
  }

  private static func ordinalWord(_ n: Int) -> String {
    let suffix =
      (11...13).contains(n % 100) ? "th" : (n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th")
    return "\(n)\(suffix)"
  }
}
