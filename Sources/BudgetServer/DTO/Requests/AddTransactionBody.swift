/// `POST /transactions`.
struct AddTransactionBody: Decodable, Sendable {
  var amount: String
  var name: String
  var category: String?
  var splits: [SplitBody]?
  var account: String?
  var type: String?
  var date: String?
  var description: String?
  var notes: String?
  var tags: [String]?
  var period: String?
}
