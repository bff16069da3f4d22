import Ledger
import LedgerDomain
import QueryResults

/// The sheet's available-funds line: the figure, its day, and what makes it up — the budget
/// accounts in the base currency with their balances — then what it leaves out: budget
/// accounts in other currencies (never added to another currency) and the tracking accounts.
///
/// `Available funds     2,065.01 on 2026-12-06 (Checking 1,265.01, Savings 800.00; tracking
/// accounts not counted: Car loan)`
func availableFundsLine(_ sheet: BudgetSheet) -> String {
  let base = sheet.availableFunds.currency.code
  var parts: [String] = []
  if !sheet.fundsAccounts.isEmpty {
    parts.append(sheet.fundsAccounts.map { "\($0.name) \(show($0.balance))" }.joined(separator: ", "))
  }
  var figure = "Available funds     \(show(sheet.availableFunds))"
  if !sheet.otherCurrencyFunds.isEmpty {
    // Amounts in different currencies are never added: say what the figure leaves out.
    figure += " \(base)"
    let others = sheet.otherCurrencyFunds.map { "\(show($0)) \($0.currency.code)" }.joined(separator: ", ")
    parts.append("\(base) accounts only; not added in: \(others)")
  }
  if !sheet.trackingAccounts.isEmpty {
    parts.append("tracking accounts not counted: " + sheet.trackingAccounts.map(\.name).joined(separator: ", "))
  }
  figure += " on \(sheet.fundsDate)"
  return parts.isEmpty ? figure : "\(figure) (\(parts.joined(separator: "; ")))"
}
