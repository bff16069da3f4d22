import LedgerDomain

/// The ledger's settings.
struct LedgerDTO: Codable, Sendable {
  var created: Bool
  var name: String?
  var currency: String?
  var position: UInt64
  var today: String
  var firstDayOfWeek: Int?
  var fiscalYearStartMonth: Int?
}
