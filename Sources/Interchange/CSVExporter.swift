import LedgerDomain

/// Writes every movement of money as CSV, the accounts' register: live transactions as
/// ``CSVImporter`` reads them back — a signed amount (negative = expense), one row per
/// transaction, splits as `Food:30.00|Restaurants:12.50` — plus accounts' opening balances and
/// both legs of each transfer, so that adding up `amount` per account gives the balances the
/// reports show. The last column, `kind`, tells them apart: `transaction`, `opening` or
/// `transfer`; importing such a file adds its transactions and refuses the other rows, which
/// are not income or spending (``CSVImporter``). Text cells are escaped so that a spreadsheet
/// does not run them as formulas (``SpreadsheetFormulaEscaping``).
public enum CSVExporter {
  public static let header = [
    "date", "account", "payee", "amount", "currency", "category", "description", "notes", "tags", "id", "kind",
  ]

  /// What a row records (the `kind` column).
  public enum Kind: String, Sendable, CaseIterable {
    case transaction, opening, transfer
  }

  /// The columns that hold text a person typed (names, memos, tags), which a spreadsheet
  /// could take for a formula; the others hold dates, amounts, codes and ids.
  public static let textColumns: Set<String> = ["account", "payee", "category", "description", "notes", "tags"]

  /// The register as CSV. Text cells a spreadsheet would run as formulas (`=…`, `+…`, `-…`,
  /// `@…`) are written with a leading `'` (``SpreadsheetFormulaEscaping``); ``CSVImporter``
  /// takes it off again.
  public static func csv(_ state: LedgerState) -> String {
    let isText = header.map(textColumns.contains)
    var lines = [header.joined(separator: ",")]
    for row in rows(state) {
      let cells = zip(row.fields, isText).map { field, isText in
        quote(isText ? SpreadsheetFormulaEscaping.escaped(field) : field)
      }
      lines.append(cells.joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One line of the export, with what orders it: by date, a day's opening balances first,
  /// then by id (a transfer's outgoing leg, rank 1, before its incoming one, rank 2).
  private struct Row {
    var date: CivilDate
    var rank: Int
    var id: EntityID
    var fields: [String]
  }

  private static func rows(_ state: LedgerState) -> [Row] {
    func accountName(_ id: AccountID) -> String { state.accounts[id]?.name ?? id.description }
    var rows: [Row] = []
    rows.reserveCapacity(state.transactions.count + state.accounts.count + 2 * state.transferRecords.count)
    for (id, account) in state.accounts {
      guard let opening = account.openingBalance, !opening.isZero else { continue }
      rows.append(
        Row(
          date: account.openingDate, rank: 0, id: id.raw,
          fields: [
            account.openingDate.description, account.name, "Opening balance", opening.formatted(),
            opening.currency.code, "", "", "", "", id.description, Kind.opening.rawValue,
          ]))
    }
    for record in state.transactions.values where !record.isDeleted {
      let t = record.added
      let signed = Money(units: t.type == .expense ? -t.amount.units : t.amount.units, currency: t.amount.currency)
      let categories = t.postings.map { posting in
        let name = state.categories[posting.category]?.name ?? posting.category.description
        return t.splits.isEmpty ? name : "\(name):\(posting.amount.formatted())"
      }.joined(separator: "|")
      rows.append(
        Row(
          date: t.date, rank: 1, id: t.transaction.raw,
          fields: [
            t.date.description, accountName(t.account), t.name, signed.formatted(), t.amount.currency.code, categories,
            t.description ?? "", t.notes ?? "", t.tags.joined(separator: " "), t.transaction.description,
            Kind.transaction.rawValue,
          ]))
    }
    for transfer in state.transferRecords.values {
      let legs = [
        (transfer.from, "Transfer to " + accountName(transfer.to), -transfer.amount.units),
        (transfer.to, "Transfer from " + accountName(transfer.from), transfer.amount.units),
      ]
      for (leg, (account, payee, units)) in legs.enumerated() {
        rows.append(
          Row(
            date: transfer.date, rank: 1 + leg, id: transfer.transfer.raw,
            fields: [
              transfer.date.description, accountName(account), payee,
              Money(units: units, currency: transfer.amount.currency).formatted(), transfer.amount.currency.code, "",
              transfer.note ?? "", "", "", transfer.transfer.description, Kind.transfer.rawValue,
            ]))
      }
    }
    return rows.sorted { ($0.date, min($0.rank, 1), $0.id, $0.rank) < ($1.date, min($1.rank, 1), $1.id, $1.rank) }
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
