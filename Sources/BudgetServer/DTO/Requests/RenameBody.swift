/// `PATCH /accounts/{ref}`.
struct RenameBody: Decodable, Sendable {
  var name: String
}
