/// `PUT /budget/{month}/income/{source}` and `PUT /budget/years/{year}/income/{source}`.
struct IncomeBody: Decodable, Sendable {
  var amount: String
}
