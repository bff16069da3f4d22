import LedgerDomain
import QueryResults

extension Wire {
  /// One schedule in full (`GET /schedules/{id}`, `budget schedule show --json`): the
  /// schedule, its terms over time, and its occurrences around the day asked for.
  public struct ScheduleDetail: Codable, Sendable, Equatable {
    /// The terms in force from one date on.
    public struct Version: Codable, Sendable, Equatable {
      public var from: String
      public var terms: ScheduleTerms
    }

    /// The log position the answer reflects.
    public var position: UInt64
    public var schedule: Schedule
    public var versions: [Version]
    public var occurrences: [Occurrence]
  }
}

extension Wire.ScheduleDetail {
  /// `info` at `position`, with `occurrences` (the first open one is its next).
  public init(_ info: ScheduleInfo, occurrences: [OccurrenceInfo], position: UInt64, names: some WireNames) {
    self.position = position
    schedule = Wire.Schedule(info, next: occurrences.first(where: \.isOpen), names: names)
    versions = info.timeline.versions.map {
      Version(from: $0.from.description, terms: Wire.ScheduleTerms($0.terms, names: names))
    }
    self.occurrences = occurrences.map { Wire.Occurrence($0, names: names) }
  }
}
