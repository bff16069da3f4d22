/// `POST /categories`.
struct CreateCategoryBody: Decodable, Sendable {
  var name: String
  var kind: String?
  var budgetType: String?
  var parent: String?
  var icon: String?
  var color: String?
}
