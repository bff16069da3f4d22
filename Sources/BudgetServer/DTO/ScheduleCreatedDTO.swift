import LedgerWire

/// `POST /schedules`: what every write returns, and the schedule created.
struct ScheduleCreatedDTO: Codable, Sendable {
  var id: String?
  var stream: String
  var version: UInt64
  var positions: [UInt64]
  var events: [String]
  var warnings: [Wire.Warning]
  var schedule: Wire.Schedule?

  init(_ result: Wire.WriteResult, schedule: Wire.Schedule?) {
    warnings = result.warnings
    id = result.id
    stream = result.stream
    version = result.version
    positions = result.positions
    events = result.events
    self.schedule = schedule
  }
}
