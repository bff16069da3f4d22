/// `POST /accounts`.
struct OpenAccountBody: Decodable, Sendable {
  var name: String
  var type: String?
  var currency: String?
  var opening: String?
  var date: String?
}
