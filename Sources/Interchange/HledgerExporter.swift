import LedgerDomain

/// Writes the ledger as an hledger / Ledger-CLI journal: accounts under `assets:` /
/// `liabilities:`, categories under `expenses:` / `income:` by their kind, opening balances
/// from `equity:opening`, transfers between assets. `hledger balance` on it gives our totals.
///
/// A posting goes to its category's account whichever way the money moved: a refund (money in,
/// booked to an expense category) is `expenses:Food  -20.00`, so that `hledger balance
/// expenses:Food` is the category's spending net of refunds, as the budget reports count it.
///
/// Given `today`, the schedules' open occurrences follow as periodic transactions
/// (``periodicRules(_:today:names:)``), so that `hledger balance --forecast` gives our forecast.
public enum HledgerExporter {
  public static func journal(_ state: LedgerState, today: CivilDate? = nil) -> String {
    var lines: [String] = ["; exported by budget-ledger", ""]
    let accountNames = uniqueNames(state.accounts.map { ($0.key, $0.value.name, $0.key.description) })
    let categoryNames = uniqueNames(state.categories.map { ($0.key, $0.value.name, $0.key.description) })
    func account(_ id: AccountID) -> String {
      guard let record = state.accounts[id], let name = accountNames[id] else { return "assets:unknown" }
      let root = record.type == .creditCard || record.type == .loan ? "liabilities" : "assets"
      return "\(root):\(name)"
    }
    func category(_ id: CategoryID, type: TransactionType) -> String {
      // The category's kind; a category the ledger does not know goes by the money's direction.
      let kind = state.categories[id]?.kind ?? (type == .income ? .income : .expense)
      return "\(kind == .income ? "income" : "expenses"):\(categoryNames[id] ?? "unknown")"
    }
    func amount(_ units: Int64, _ currency: Currency) -> String {
      "\(Money(units: units, currency: currency).formatted()) \(currency.code)"
    }
    var entries: [(date: CivilDate, order: String, text: [String])] = []
    for (id, record) in state.accounts {
      guard let opening = record.openingBalance, !opening.isZero else { continue }
      entries.append(
        (
          record.openingDate, "0" + id.description,
          [
            "\(record.openingDate) Opening balance",
            "    \(account(id))  \(amount(opening.units, opening.currency))",
            "    equity:opening",
          ]
        ))
    }
    for record in state.transactions.values where !record.isDeleted {
      let t = record.added
      var text = ["\(t.date) \(clean(t.name, keep: " "))"]
      for posting in t.postings {
        let signed = t.type == .expense ? posting.amount.units : -posting.amount.units
        text.append("    \(category(posting.category, type: t.type))  \(amount(signed, posting.amount.currency))")
      }
      text.append("    \(account(t.account))")
      entries.append((t.date, "1" + t.transaction.description, text))
    }
    for transfer in state.transferRecords.values {
      entries.append(
        (
          transfer.date, "2" + transfer.transfer.description,
          [
            "\(transfer.date) Transfer",
            "    \(account(transfer.to))  \(amount(transfer.amount.units, transfer.amount.currency))",
            "    \(account(transfer.from))",
          ]
        ))
    }
    for entry in entries.sorted(by: { ($0.date, $0.order) < ($1.date, $1.order) }) {
      lines += entry.text
      lines.append("")
    }
    if let today {
      lines += periodicRules(
        state, today: today, names: JournalNames(account: account, category: category, amount: amount))
    }
    return lines.joined(separator: "\n")
  }

  /// Each entity's name for the journal, cleaned (``clean(_:keep:)``) and unique: two names
  /// that clean alike — `A B` and `A-B`, `Cat:Sub` and `Cat-Sub` — would be one hledger
  /// account, their totals merged, so every one after the first (by name, then id) gets
  /// `-2`, `-3`, ….
  static func uniqueNames<ID: Hashable>(_ entities: [(id: ID, name: String, tiebreak: String)]) -> [ID: String] {
    var names: [ID: String] = [:]
    var taken = Set<String>()
    for entity in entities.sorted(by: { ($0.name, $0.tiebreak) < ($1.name, $1.tiebreak) }) {
      let base = clean(entity.name)
      var name = base
      var suffix = 2
      while !taken.insert(name.lowercased()).inserted {
        name = "\(base)-\(suffix)"
        suffix += 1
      }
      names[entity.id] = name
    }
    return names
  }

  /// Account names without the characters the journal format reserves.
  static func clean(_ name: String, keep: Character = "-") -> String {
    String(name.map { ";:\t".contains($0) || ($0 == " " && keep != " ") ? keep : $0 })
  }
}
