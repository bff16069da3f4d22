import LedgerDomain

/// Writes the ledger as an hledger / Ledger-CLI journal: accounts under `assets:` /
/// `liabilities:`, categories under `expenses:` / `income:`, opening balances from
/// `equity:opening`, transfers between assets. `hledger balance` on it gives our totals.
public enum HledgerExporter {
  public static func journal(_ state: LedgerState) -> String {
    var lines: [String] = ["; exported by budget-ledger", ""]
    func account(_ id: AccountID) -> String {
      guard let record = state.accounts[id] else { return "assets:unknown" }
      let root = record.type == .creditCard || record.type == .loan ? "liabilities" : "assets"
      return "\(root):\(clean(record.name))"
    }
    func category(_ id: CategoryID, type: TransactionType) -> String {
      let name = state.categories[id].map { clean($0.name) } ?? "unknown"
      return "\(type == .income ? "income" : "expenses"):\(name)"
    }
    func amount(_ units: Int64, _ currency: Currency) -> String {
      "\(Money(units: units, currency: currency).formatted()) \(currency.code)"
    }
    var entries: [(date: CivilDate, order: String, text: [String])] = []
    for (id, record) in state.accounts {
      guard let opening = record.openingBalance, !opening.isZero else { continue }
      entries.append((record.openingDate, "0" + id.description, [
        "\(record.openingDate) Opening balance",
        "    \(account(id))  \(amount(opening.units, opening.currency))",
        "    equity:opening",
      ]))
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
      entries.append((transfer.date, "2" + transfer.transfer.description, [
        "\(transfer.date) Transfer",
        "    \(account(transfer.to))  \(amount(transfer.amount.units, transfer.amount.currency))",
        "    \(account(transfer.from))",
      ]))
    }
    for entry in entries.sorted(by: { ($0.date, $0.order) < ($1.date, $1.order) }) {
      lines += entry.text
      lines.append("")
    }
    return lines.joined(separator: "\n")
  }

  /// Account names without the characters the journal format reserves.
  static func clean(_ name: String, keep: Character = "-") -> String {
    String(name.map { ";:\t".contains($0) || ($0 == " " && keep != " ") ? keep : $0 })
  }
}
