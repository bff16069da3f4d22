/// `PATCH /transactions/{id}`: only the fields given change; "" clears description / notes.
struct AmendTransactionBody: Decodable, Sendable {
  var amount: String?
  var name: String?
  var category: String?
  var account: String?
  var type: String?
  var date: String?
  var description: String?
  var notes: String?
  var tags: [String]?
}
