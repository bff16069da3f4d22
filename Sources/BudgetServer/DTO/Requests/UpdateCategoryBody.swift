/// `PATCH /categories/{ref}`: any of rename, move (parent / order) and restyle.
struct UpdateCategoryBody: Decodable, Sendable {
  var name: String?
  var parent: String?
  /// `true` moves the category to the top level.
  var topLevel: Bool?
  var order: Int?
  var icon: String?
  var color: String?
}
