/// Body of `POST /accounts/{ref}/opening` (`budget account opening`).
struct OpeningBalanceBody: Decodable, Sendable {
  /// The opening balance, signed (a card owes: "-250.00"), in the account's currency.
  var balance: String
}
