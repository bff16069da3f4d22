import LedgerDomain

/// Writes live transactions as CSV that ``CSVImporter`` reads back: a signed amount
/// (negative = expense), one row per transaction, splits as `Food:30.00|Restaurants:12.50`.
public enum CSVExporter {
  public static let header = ["date", "account", "payee", "amount", "currency", "category", "description", "notes", "tags", "id"]

  public static func csv(_ state: LedgerState) -> String {
    var lines = [header.joined(separator: ",")]
    let transactions = state.transactions.values.filter { !$0.isDeleted }.map(\.added)
      .sorted { ($0.date, $0.transaction) < ($1.date, $1.transaction) }
    for t in transactions {
      let signed = Money(units: t.type == .expense ? -t.amount.units : t.amount.units, currency: t.amount.currency)
      let categories = t.postings.map { posting in
        let name = state.categories[posting.category]?.name ?? posting.category.description
        return t.splits.isEmpty ? name : "\(name):\(posting.amount.formatted())"
      }.joined(separator: "|")
      let fields = [
        t.date.description, state.accounts[t.account]?.name ?? "", t.name, signed.formatted(), t.amount.currency.code, categories,
        t.description ?? "", t.notes ?? "", t.tags.joined(separator: " "), t.transaction.description,
      ]
      lines.append(fields.map(quote).joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func quote(_ field: String) -> String {
    guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
    return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}

extension String {
  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
