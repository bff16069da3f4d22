/// `PATCH /transfers/{id}`: each field given replaces the transfer's; an empty `note` drops it.
struct AmendTransferBody: Decodable, Sendable {
  var amount: String?
  var from: String?
  var to: String?
  var date: String?
  var note: String?
}
