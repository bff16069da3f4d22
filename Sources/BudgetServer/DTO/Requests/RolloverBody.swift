/// `PUT /categories/{ref}/rollover`.
struct RolloverBody: Decodable, Sendable {
  var unspent: Bool?
  var overspent: Bool?
  /// The first month whose leftover carries, `YYYY-MM` (default: this month).
  var from: String?
}
