import LedgerWire

/// `GET /bills/calendar`: the occurrences due in a month, by due date.
struct BillsCalendarDTO: Codable, Sendable {
  var month, title: String
  var position: UInt64
  var items: [Wire.Occurrence]
}
