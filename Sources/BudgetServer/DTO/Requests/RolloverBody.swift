/// `PUT /categories/{ref}/rollover`.
struct RolloverBody: Decodable, Sendable {
  var unspent: Bool?
  var overspent: Bool?
}
