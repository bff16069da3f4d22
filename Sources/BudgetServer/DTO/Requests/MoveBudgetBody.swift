/// `POST /budget/{month}/moves`.
struct MoveBudgetBody: Decodable, Sendable {
  var amount: String
  var from: String
  var to: String
}
