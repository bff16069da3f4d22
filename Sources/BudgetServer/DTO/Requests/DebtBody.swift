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

/// `POST /debts/{ref}/interest`: the month (default: last month) and the statement's interest
/// (default: the rule's).
struct DebtInterestBody: Decodable {
  var month: String?
  var amount: String?
}
