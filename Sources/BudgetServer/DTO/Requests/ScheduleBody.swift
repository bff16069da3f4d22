/// `POST /schedules` and `POST /schedules/{id}/change`: the terms of a schedule. A creation
/// needs `name`, `amount` and `every`; a change needs only `from` and the fields that change.
struct ScheduleBody: Decodable, Sendable {
  var name: String?
  var amount: String?
  var account: String?
  var category: String?
  var splits: [SplitBody]?
  var to: String?
  var type: String?
  var every: String?
  var interval: Int?
  var day: DayOfMonthText?
  var weekday: String?
  var weekend: String?
  var start: String?
  var end: String?
  var count: Int?
  var autopay: Bool?
  var reminderDays: Int?
  var estimated: Bool?
  var payee: String?
  var notes: String?
  /// A change only: the first occurrence the new terms apply to (default: today).
  var from: String?

  /// Whether any field of the recurrence was given (a change keeps the rule otherwise).
  var changesRecurrence: Bool {
    every != nil || interval != nil || day != nil || weekday != nil || weekend != nil || start != nil || end != nil
      || count != nil
  }
}

/// A day of the month as JSON gives it: a number (`15`) or text (`"15"`, `"last"`).
struct DayOfMonthText: Decodable, Sendable {
  var text: String

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int.self) {
      text = String(number)
    } else {
      text = try container.decode(String.self)
    }
  }
}
