import LedgerDomain

extension HistoryFold {
  mutating func added(_ e: TransactionAdded, at position: UInt64) throws -> [String] {
    transaction = e
    var lines = [
      "added \(e.type.rawValue) of \(e.amount) on \(e.date)", "name \(Wording.quoted(e.name))",
      "account \(try names.label(e.account, at: position))", try booking(e, at: position),
    ]
    if let description = e.description { lines.append("description \(Wording.quoted(description))") }
    if let notes = e.notes { lines.append("notes \(Wording.quoted(notes))") }
    if let period = e.period { lines.append("period \(try names.label(period, at: position))") }
    if !e.tags.isEmpty { lines.append("tags \(Wording.tags(e.tags))") }
    if let importId = e.importId { lines.append("import id \(importId)") }
    return lines
  }

  /// Each changed field as `field old → new`, the old value taken from the fold.
  mutating func amended(_ e: TransactionAmended, at position: UInt64) throws -> [String] {
    let old = transaction
    var lines: [String] = []
    if let account = e.account {
      lines.append(
        Wording.change(
          "account", try old.map { try names.label($0.account, at: position) } ?? Wording.none,
          try names.label(account, at: position)))
    }
    if let date = e.date { lines.append(Wording.change("date", Wording.text(old?.date), date.description)) }
    if let amount = e.amount { lines.append(Wording.change("amount", Wording.text(old?.amount), amount.description)) }
    if let type = e.type { lines.append(Wording.change("type", Wording.text(old?.type.rawValue), type.rawValue)) }
    if e.category != nil || e.splits != nil, var new = old {
      new.apply(e)
      if let from = old?.category, let to = new.category {
        lines.append(Wording.change("category", try names.label(from, at: position), try names.label(to, at: position)))
      } else {
        lines.append("\(try booking(old!, at: position)) → \(try booking(new, at: position))")
      }
    }
    if let name = e.name { lines.append(Wording.change("name", Wording.quoted(old?.name), Wording.quoted(name))) }
    if let description = e.description {
      lines.append(Wording.change("description", Wording.quoted(old?.description), Wording.quoted(description.value)))
    }
    if let notes = e.notes {
      lines.append(Wording.change("notes", Wording.quoted(old?.notes), Wording.quoted(notes.value)))
    }
    if let period = e.period {
      let from = try old?.period.map { try names.label($0, at: position) } ?? Wording.none
      let to = try period.value.map { try names.label($0, at: position) } ?? Wording.none
      lines.append(Wording.change("period", from, to))
    }
    if let tags = e.tags { lines.append(Wording.change("tags", Wording.tags(old?.tags), Wording.tags(tags))) }
    transaction?.apply(e)
    // Recorded with no field changed (a client that sent its unchanged values): still a line.
    return lines.isEmpty ? ["amended, no field changed"] : lines
  }

  mutating func transfer(_ e: TransferMade, at position: UInt64) throws -> [String] {
    var lines = [
      "transfer of \(e.amount) on \(e.date) from \(try names.label(e.from, at: position)) to \(try names.label(e.to, at: position))"
    ]
    if let note = e.note { lines.append("note \(Wording.quoted(note))") }
    return lines
  }

  /// Where a transaction's amount is booked: `category "Food"` or
  /// `splits "Food" 30.00 EUR, "Bills" 12.50 EUR`.
  mutating func booking(_ row: TransactionAdded, at position: UInt64) throws -> String {
    if !row.splits.isEmpty {
      let parts = try row.splits.map { "\(try names.label($0.category, at: position)) \($0.amount)" }
      return "splits " + parts.joined(separator: ", ")
    }
    return "category " + (try row.category.map { try names.label($0, at: position) } ?? Wording.none)
  }
}
