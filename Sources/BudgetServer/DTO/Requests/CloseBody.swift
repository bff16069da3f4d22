/// `POST /accounts/{ref}/close`, `POST /periods/{ref}/close`.
struct CloseBody: Decodable, Sendable {
  var date: String?
  var end: String?
}
