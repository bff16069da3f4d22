/// `POST /accounts/{ref}/close`, `POST /periods/{ref}/close`.
struct CloseBody: Decodable, Sendable {
  var date: String?
  var end: String?
  /// Close an account although it still holds money (else 409 `account_not_empty`).
  var force: Bool?
}
