/// `POST /debts`.
struct DebtBody: Decodable {
  var name: String
  var account: String
  var kind: String?
  var apr: String?
  var minimum: String?
  var dueDay: Int?
  var term: Int?
  var from: String?

  var terms: DebtTermsBody { DebtTermsBody(apr: apr, minimum: minimum, dueDay: dueDay, term: term, from: from) }
}

/// `POST /debts/{ref}/terms`: what changes (the rest stays), from a date on.
struct DebtTermsBody: Decodable {
  var apr: String?
  var minimum: String?
  var dueDay: Int?
  var term: Int?
  var from: String?
}
