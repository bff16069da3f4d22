/// `POST /periods/{ref}/reopen`.
struct ReopenBody: Decodable, Sendable {
  var reason: String
}
