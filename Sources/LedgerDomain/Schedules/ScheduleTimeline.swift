/// A schedule's terms over time: each ``ScheduleVersion`` is in force from its date until the
/// next one's, pauses hold occurrences back, and an end stops them. Occurrences are computed,
/// never stored: the rules, the read model and the forecast all ask this type.
///
/// A change takes effect from a date on, so earlier occurrences keep the terms they had: an
/// occurrence on nominal date `d` has the terms of the last version whose `from` is on or
/// before `d`, and recurs by that version's ``Recurrence`` (anchored at its own start).
public struct ScheduleTimeline: Sendable, Hashable {
  /// Never empty; sorted by ``ScheduleVersion/from``, each date once. The first starts on its
  /// recurrence's start.
  public private(set) var versions: [ScheduleVersion]
  /// Sorted by start; only the last may be open.
  public private(set) var pauses: [PauseSpan]
  /// The last nominal date an occurrence may have, once ended.
  public var endedAfter: CivilDate?

  public init(terms: ScheduleTerms) {
    versions = [ScheduleVersion(from: terms.recurrence.start, terms: terms)]
    pauses = []
    endedAfter = nil
  }

  /// A timeline as stored: `versions` and `pauses` already sorted and checked, as a
  /// timeline's own changes leave them (for the stored forms in `LedgerCodec`).
  package init(versions: [ScheduleVersion], pauses: [PauseSpan], endedAfter: CivilDate?) {
    self.versions = versions
    self.pauses = pauses
    self.endedAfter = endedAfter
  }

  /// The terms in force now: the latest version's.
  public var current: ScheduleTerms { versions[versions.count - 1].terms }

  /// The date the schedule starts on.
  public var start: CivilDate { versions[0].from }

  /// The open pause, if the schedule is paused.
  public var openPause: PauseSpan? { pauses.last.flatMap { $0.until == nil ? $0 : nil } }

  /// The terms in force on `date` (the first version's before it starts).
  public func terms(on date: CivilDate) -> ScheduleTerms {
    versions.last(where: { $0.from <= date })?.terms ?? versions[0].terms
  }

  /// Whether an occurrence on nominal date `date` is held back by a pause.
  public func isPaused(on date: CivilDate) -> Bool {
    pauses.contains { $0.contains(date) }
  }

  /// Every occurrence whose nominal date is in `from...through`, in date order, each with the
  /// terms it has (paused ones included and marked).
  public func occurrences(from: CivilDate, through: CivilDate) -> [ScheduledOccurrence] {
    var result: [ScheduledOccurrence] = []
    let last = endedAfter.map { min($0, through) } ?? through
    guard from <= last else { return result }
    for (index, version) in versions.enumerated() {
      let lower = max(from, version.from)
      var upper = last
      if index + 1 < versions.count, let dayBefore = try? versions[index + 1].from.adding(days: -1) {
        upper = min(upper, dayBefore)
      }
      guard lower <= upper else { continue }
      let terms = ScheduledOccurrence.Terms(version.terms)
      for occurrence in version.terms.recurrence.occurrences(from: lower, through: upper) {
        result.append(
          ScheduledOccurrence(
            nominal: occurrence.nominal, due: occurrence.due, shared: terms, isPaused: isPaused(on: occurrence.nominal))
        )
      }
    }
    return result
  }

  /// The occurrence on nominal date `date`, if the schedule has one then.
  public func occurrence(on date: CivilDate) -> ScheduledOccurrence? {
    occurrences(from: date, through: date).first
  }

  /// The terms of the version that starts on `from`, if one does.
  public func version(from: CivilDate) -> ScheduleTerms? {
    versions.first(where: { $0.from == from })?.terms
  }

  /// Puts `terms` in force from `from` on, replacing a version that starts that day.
  public mutating func change(from: CivilDate, to terms: ScheduleTerms) {
    if let index = versions.firstIndex(where: { $0.from == from }) {
      versions[index].terms = terms
    } else {
      let index = versions.firstIndex(where: { $0.from > from }) ?? versions.count
      versions.insert(ScheduleVersion(from: from, terms: terms), at: index)
    }
  }

  /// Takes back the version starting on `from`: `restored` comes back in its place, or the
  /// earlier terms go on (the first version is never removed).
  public mutating func withdrawChange(from: CivilDate, restoring restored: ScheduleTerms?) {
    guard let index = versions.firstIndex(where: { $0.from == from }) else { return }
    if let restored {
      versions[index].terms = restored
    } else if versions.count > 1 {
      versions.remove(at: index)
    }
  }

  /// Pauses from `date` on.
  public mutating func pause(from date: CivilDate) {
    guard openPause == nil else { return }
    pauses.append(PauseSpan(from: date, until: nil))
  }

  /// Resumes on `date`: occurrences from that day on count again.
  public mutating func resume(on date: CivilDate) {
    guard let last = pauses.indices.last, pauses[last].until == nil else { return }
    pauses[last].until = max(date, pauses[last].from)
  }
}

/// A schedule's terms from a date on.
public struct ScheduleVersion: Sendable, Hashable {
  public var from: CivilDate
  public var terms: ScheduleTerms

  public init(from: CivilDate, terms: ScheduleTerms) {
    self.from = from
    self.terms = terms
  }
}

/// Days on which a schedule was paused: `from` up to, not including, `until` (open while the
/// schedule stays paused).
public struct PauseSpan: Sendable, Hashable {
  public var from: CivilDate
  public var until: CivilDate?

  public init(from: CivilDate, until: CivilDate?) {
    self.from = from
    self.until = until
  }

  public func contains(_ date: CivilDate) -> Bool {
    date >= from && (until.map { date < $0 } ?? true)
  }
}

/// One occurrence of a schedule: its nominal date (its identity, as in the idempotency key
/// `schedule:<id>:<date>`), the date it is due (after the weekend shift) and its terms.
///
/// The terms are shared by every occurrence of one version (``Terms``): a year of a few
/// hundred schedules is thousands of occurrences, and a copy of the terms in each made
/// sorting and filtering them move hundreds of bytes per occurrence.
public struct ScheduledOccurrence: Sendable, Hashable {
  public var nominal: CivilDate
  public var due: CivilDate
  public var isPaused: Bool
  private var shared: Terms

  public var terms: ScheduleTerms { shared.terms }

  public init(nominal: CivilDate, due: CivilDate, terms: ScheduleTerms, isPaused: Bool) {
    self.init(nominal: nominal, due: due, shared: Terms(terms), isPaused: isPaused)
  }

  init(nominal: CivilDate, due: CivilDate, shared: Terms, isPaused: Bool) {
    self.nominal = nominal
    self.due = due
    self.shared = shared
    self.isPaused = isPaused
  }

  public static func == (a: Self, b: Self) -> Bool {
    a.nominal == b.nominal && a.due == b.due && a.isPaused == b.isPaused
      && (a.shared === b.shared || a.terms == b.terms)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(nominal)
    hasher.combine(due)
    hasher.combine(isPaused)
    hasher.combine(terms)
  }

  /// Terms shared by the occurrences of one version; never changed once made.
  final class Terms: Sendable {
    let terms: ScheduleTerms
    init(_ terms: ScheduleTerms) { self.terms = terms }
  }
}
