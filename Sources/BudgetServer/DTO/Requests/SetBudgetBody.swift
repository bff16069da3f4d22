/// `PUT /budget/{month}/categories/{ref}`.
struct SetBudgetBody: Decodable, Sendable {
  var amount: String
  /// The amount covers the quarter starting this month (quarterly categories).
  var quarter: Bool?
}
