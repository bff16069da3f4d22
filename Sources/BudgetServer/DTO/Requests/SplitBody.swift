/// A part of a split transaction.
struct SplitBody: Decodable, Sendable {
  var category: String
  var amount: String
  var memo: String?
}
