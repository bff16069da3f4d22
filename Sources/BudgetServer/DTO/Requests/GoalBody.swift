/// `POST /goals`: a goal funded by `account` or by `category` (exactly one).
struct GoalBody: Decodable {
  var name: String
  var target: String
  var targetDate: String?
  var kind: String?
  var account: String?
  var category: String?
  var startDate: String?
  var onBudgetSheet: Bool?
  var note: String?
}

/// `PATCH /goals/{ref}`: what changes; the rest stays. `targetDate` and `note` set to `""`
/// clear them.
struct GoalChangeBody: Decodable {
  var name: String?
  var target: String?
  var targetDate: String?
  var kind: String?
  var onBudgetSheet: Bool?
  var note: String?
}

/// `POST /goals/{ref}/contributions` and `/withdrawals`: a new movement of `amount` between
/// `account` and the goal, or an existing `transaction` / `transfer` linked.
struct GoalMovementBody: Decodable {
  var amount: String?
  var account: String?
  var date: String?
  var transaction: String?
  var transfer: String?
  var source: String?
  var note: String?
}

/// `POST /goals/{ref}/complete` and `/archive`.
struct GoalDateBody: Decodable {
  var date: String?
}
