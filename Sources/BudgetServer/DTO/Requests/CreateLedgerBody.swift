/// `POST /ledger`: the ledger's settings and, for a first run in one step, its first accounts
/// and which categories it starts with.
struct CreateLedgerBody: Decodable, Sendable {
  var name: String?
  var currency: String?
  var firstDayOfWeek: Int?
  var fiscalYearStartMonth: Int?
  /// Accounts to open with the ledger (each in the base currency unless it says otherwise).
  var accounts: [OpenAccountBody]?
  /// `default` (the default expense categories and Income), `workbook` (the zero-based
  /// workbook's fixed, variable and quarterly categories, and Income) or `income-only` (Income
  /// alone: the person adds their own).
  var categories: String?
  /// `true`: the sample ledger instead (``Ledger/createDemo(today:metadata:)``), with nothing
  /// else in the body.
  var demo: Bool?
}
