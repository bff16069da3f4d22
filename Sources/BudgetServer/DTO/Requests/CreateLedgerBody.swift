/// `POST /ledger`.
struct CreateLedgerBody: Decodable, Sendable {
  var name: String?
  var currency: String?
  var firstDayOfWeek: Int?
  var fiscalYearStartMonth: Int?
}
