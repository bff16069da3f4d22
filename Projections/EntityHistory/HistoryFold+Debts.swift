import LedgerDomain

extension HistoryFold {
  /// A debt event in words.
  func debtEvent(_ event: LedgerEvent) -> [String] {
    switch event {
    case .debtAdded(let e):
      ["added \(e.debtKind.rawValue) debt \(Wording.quoted(e.name))"] + Self.termLines(e.terms, from: e.from)
    case .debtTermsChanged(let e):
      ["terms changed from \(e.from)"] + Self.termLines(e.terms, from: e.from)
    case .debtTermsWithdrawn(let e): ["change of terms from \(e.from) taken back"]
    case .debtRemoved(let e): ["removed: \(e.reason)"]
    default: []
    }
  }

  static func termLines(_ terms: DebtTerms, from: CivilDate) -> [String] {
    var lines = ["APR \(terms.apr) %, minimum \(terms.minimum) a month"]
    if let day = terms.dueDay { lines.append("due on day \(day)") }
    if let months = terms.termMonths { lines.append("term \(months) months") }
    return lines
  }
}
