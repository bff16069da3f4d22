import LedgerDomain

extension HistoryFold {
  mutating func scheduleEvent(_ event: LedgerEvent, at position: UInt64) throws -> [String] {
    switch event {
    case .scheduleCreated(let e):
      schedule = e.terms
      return ["created \(e.terms.kind.rawValue) schedule \(Wording.quoted(e.terms.name))"]
        + (try termLines(e.terms, at: position))
    case .scheduleChanged(let e):
      let old = schedule
      schedule = e.terms
      var lines = ["changed from \(e.from)"]
      if let old {
        if old.name != e.terms.name {
          lines.append(Wording.change("name", Wording.quoted(old.name), Wording.quoted(e.terms.name)))
        }
        if old.amount != e.terms.amount {
          lines.append(Wording.change("amount", old.amount.description, e.terms.amount.description))
        }
        if old.recurrence != e.terms.recurrence {
          lines.append(Wording.change("recurrence", old.recurrence.summary, e.terms.recurrence.summary))
        }
        if old.account != e.terms.account || old.category != e.terms.category || old.splits != e.terms.splits
          || old.toAccount != e.terms.toAccount || old.autopay != e.terms.autopay
          || old.reminderDays != e.terms.reminderDays || old.estimated != e.terms.estimated
          || old.payee != e.terms.payee || old.notes != e.terms.notes || old.kind != e.terms.kind
        {
          lines += try termLines(e.terms, at: position).filter { !$0.hasPrefix("amount") && !$0.hasPrefix("every") }
        }
      } else {
        lines += try termLines(e.terms, at: position)
      }
      return lines
    case .scheduleChangeWithdrawn(let e):
      if let restored = e.restored { schedule = restored }
      return ["change from \(e.from) withdrawn"]
    case .schedulePaused(let e): return ["paused from \(e.from)"]
    case .scheduleResumed(let e): return ["resumed on \(e.on)"]
    case .scheduleEnded(let e):
      return ["ended after \(e.after)" + (e.previous.map { " (was after \($0))" } ?? "")]
    case .scheduleReinstated(let e):
      return [e.endedAfter.map { "end set back to after \($0)" } ?? "end withdrawn: recurs again"]
    case .scheduleDeleted(let e): return ["deleted: \(e.reason)"]
    case .scheduleOccurrencePaid(let e):
      let entry = e.transaction.map { "transaction \($0)" } ?? e.transfer.map { "transfer \($0)" } ?? Wording.none
      return ["occurrence of \(e.date) paid (\(e.source.rawValue)) by \(entry)"]
    case .scheduleOccurrenceUnpaid(let e): return ["occurrence of \(e.date) unlinked from its payment"]
    case .scheduleOccurrenceSkipped(let e):
      return ["occurrence of \(e.date) skipped" + (e.reason.map { ": \($0)" } ?? "")]
    case .scheduleOccurrenceUnskipped(let e): return ["occurrence of \(e.date) no longer skipped"]
    default:
      return []
    }
  }

  private mutating func termLines(_ terms: ScheduleTerms, at position: UInt64) throws -> [String] {
    var lines = [
      "amount \(terms.amount)\(terms.estimated ? " (estimated)" : "")", terms.recurrence.summary,
      "account \(try names.label(terms.account, at: position))",
    ]
    if let to = terms.toAccount { lines.append("to \(try names.label(to, at: position))") }
    if let category = terms.category { lines.append("category \(try names.label(category, at: position))") }
    for split in terms.splits {
      lines.append("split \(split.amount) to \(try names.label(split.category, at: position))")
    }
    if let payee = terms.payee { lines.append("payee \(Wording.quoted(payee))") }
    lines.append("autopay \(Wording.yesNo(terms.autopay)), reminder \(terms.reminderDays) days before")
    if let notes = terms.notes { lines.append("notes \(Wording.quoted(notes))") }
    return lines
  }
}
