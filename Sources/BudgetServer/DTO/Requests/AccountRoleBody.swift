/// Body of `POST /accounts/{ref}/role` (`budget account set NAME --role`).
struct AccountRoleBody: Decodable, Sendable {
  /// `budget` (the balance counts in the available funds) or `tracking` (it does not).
  var role: String
}
