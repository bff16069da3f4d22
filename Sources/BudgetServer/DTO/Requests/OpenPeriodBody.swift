/// `POST /periods`.
struct OpenPeriodBody: Decodable, Sendable {
  var name: String
  var start: String
  var end: String?
}
