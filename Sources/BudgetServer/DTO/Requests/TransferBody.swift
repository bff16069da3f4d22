/// `POST /transfers`.
struct TransferBody: Decodable, Sendable {
  var amount: String
  var from: String
  var to: String
  var date: String?
  var note: String?
}
