import LedgerDomain

/// An expense period.
struct PeriodDTO: Codable, Sendable {
  var id, name, start: String
  var end: String?
  var closed: Bool
  var version: UInt64

  init(id: PeriodID, record p: PeriodRecord) {
    self.id = id.description
    name = p.name
    start = p.start.description
    end = p.end?.description
    closed = p.isClosed
    version = p.version
  }
}
