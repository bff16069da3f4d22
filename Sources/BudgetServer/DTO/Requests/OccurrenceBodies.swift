/// `POST /schedules/{id}/occurrences/{date}/pay`: record a transaction for the occurrence
/// (for `amount` on `date`, the scheduled amount on the due date by default), or link the
/// existing `transaction`.
struct PayOccurrenceBody: Decodable, Sendable {
  var transaction: String?
  var transfer: String?
  var amount: String?
  var date: String?
}

/// `POST /schedules/{id}/occurrences/{date}/skip`.
struct SkipOccurrenceBody: Decodable, Sendable {
  var reason: String?
}

/// The dates of `pause` (`from`), `resume` (`on`), `end` (`after`) and `post` (`through`);
/// each route reads its own, defaulting to today.
struct ScheduleDateBody: Decodable, Sendable {
  var from: String?
  var on: String?
  var after: String?
  var through: String?
}
