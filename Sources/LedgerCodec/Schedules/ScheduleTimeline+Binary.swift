import LedgerDomain

/// The compact binary form of a timeline, written with the stored state's primitives (varints,
/// length-prefixed strings, big-endian ids, day numbers): the rules' stored state holds every
/// schedule and is read by each process that writes, and the schedules read model decodes a
/// row per schedule for every bills overview — `Codable` took microseconds per schedule.
extension ScheduleTimeline {
  /// The timeline in its binary form.
  public var binary: [UInt8] {
    var out = SnapshotWriter(capacity: 256 * versions.count)
    write(into: &out)
    return out.bytes
  }

  /// The timeline ``binary`` wrote.
  public init(binary bytes: [UInt8]) throws(CodecError) {
    var input = SnapshotReader(bytes)
    try self.init(from: &input)
    guard input.isAtEnd else { throw .malformed("bytes left after a schedule's timeline") }
  }

  func write(into out: inout SnapshotWriter) {
    out.count(versions.count)
    for version in versions {
      out.date(version.from)
      version.terms.write(into: &out)
    }
    out.count(pauses.count)
    for pause in pauses {
      out.date(pause.from)
      out.optionalDate(pause.until)
    }
    out.optionalDate(endedAfter)
  }

  init(from input: inout SnapshotReader) throws(CodecError) {
    let versionCount = try input.count()
    guard versionCount > 0 else { throw .malformed("a schedule's timeline has no terms") }
    var versions: [ScheduleVersion] = []
    for _ in 0..<versionCount {
      versions.append(ScheduleVersion(from: try input.date(), terms: try ScheduleTerms(from: &input)))
    }
    var pauses: [PauseSpan] = []
    for _ in 0..<(try input.count()) {
      pauses.append(PauseSpan(from: try input.date(), until: try input.optionalDate()))
    }
    self.init(versions: versions, pauses: pauses, endedAfter: try input.optionalDate())
  }
}

extension ScheduleTerms {
  func write(into out: inout SnapshotWriter) {
    out.string(name)
    out.bool(payee != nil)
    if let payee { out.string(payee) }
    out.string(kind.rawValue)
    out.money(amount)
    out.bool(estimated)
    out.id(account)
    out.optionalID(category)
    out.count(splits.count)
    for split in splits {
      out.id(split.category)
      out.money(split.amount)
      out.bool(split.memo != nil)
      if let memo = split.memo { out.string(memo) }
    }
    out.optionalID(toAccount)
    recurrence.write(into: &out)
    out.bool(autopay)
    out.int(reminderDays)
    out.bool(notes != nil)
    if let notes { out.string(notes) }
  }

  init(from input: inout SnapshotReader) throws(CodecError) {
    let name = try input.string()
    let payee = try input.bool() ? try input.string() : nil
    let kind = try input.raw(ScheduleKind.self)
    let amount = try input.money()
    let estimated = try input.bool()
    let account: AccountID = try input.id()
    let category: CategoryID? = try input.optionalID()
    var splits: [Split] = []
    for _ in 0..<(try input.count()) {
      let splitCategory: CategoryID = try input.id()
      let splitAmount = try input.money()
      splits.append(
        Split(category: splitCategory, amount: splitAmount, memo: try input.bool() ? try input.string() : nil))
    }
    let toAccount: AccountID? = try input.optionalID()
    let recurrence = try Recurrence(from: &input)
    self.init(
      name: name, payee: payee, kind: kind, amount: amount, estimated: estimated, account: account, category: category,
      splits: splits, toAccount: toAccount, recurrence: recurrence, autopay: try input.bool(),
      reminderDays: try input.int(), notes: try input.bool() ? try input.string() : nil)
  }
}

extension Recurrence {
  func write(into out: inout SnapshotWriter) {
    out.string(unit.rawValue)
    out.int(interval)
    for value in [dayOfMonth, weekdayOrdinal, weekday, count] {
      out.bool(value != nil)
      if let value { out.int(value) }
    }
    out.string(weekend.rawValue)
    out.date(start)
    out.optionalDate(endDate)
  }

  init(from input: inout SnapshotReader) throws(CodecError) {
    let unit = try input.raw(Unit.self)
    let interval = try input.int()
    var optionals: [Int?] = []
    for _ in 0..<4 { optionals.append(try input.bool() ? try input.int() : nil) }
    self.init(
      unit: unit, interval: interval, dayOfMonth: optionals[0], weekdayOrdinal: optionals[1], weekday: optionals[2],
      weekend: try input.raw(WeekendShift.self), start: try input.date(), endDate: try input.optionalDate(),
      count: optionals[3])
  }
}
