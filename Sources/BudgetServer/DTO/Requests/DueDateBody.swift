/// `PUT /categories/{ref}/due-date`.
struct DueDateBody: Decodable, Sendable {
  var date: String
}
