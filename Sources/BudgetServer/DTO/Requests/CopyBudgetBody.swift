/// `POST /budget/{month}/copy`.
struct CopyBudgetBody: Decodable, Sendable {
  var from: String
}
