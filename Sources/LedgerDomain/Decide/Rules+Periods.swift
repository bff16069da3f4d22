extension Rules {
  func period(_ id: PeriodID) throws(DomainError) -> PeriodRecord {
    guard let period = state.periods[id] else {
      throw .notFound(kind: "period", reference: id.description, suggestion: nil)
    }
    return period
  }

  /// Throws if `[start, end]` shares a day with any period other than `id`.
  func noOverlap(name: String, start: CivilDate, end: CivilDate?, except id: PeriodID? = nil) throws(DomainError) {
    for (otherID, other) in state.periods.sorted(by: { $0.value.start < $1.value.start })
    where otherID != id && other.overlaps(start: start, end: end) {
      throw .periodOverlaps(name: name, other: other.name, otherStart: other.start, otherEnd: other.end)
    }
  }

  func openPeriod(_ command: OpenPeriod) throws(DomainError) -> PeriodOpened {
    guard state.periods[command.period] == nil else {
      throw .invalidField(field: "period id", reason: "\(command.period) is already in use")
    }
    let name = try TextRules.validated(command.name, field: "period name", maximum: FieldLimits.periodName)
    let key = TextRules.key(name)
    if let other = state.periods.values.first(where: { TextRules.key($0.name) == key }) {
      throw .invalidField(
        field: "period name",
        reason:
          "a period named '\(other.name)' already exists (from \(other.start)); choose another name, such as '\(name) \(command.start.year)'"
      )
    }
    if let end = command.end, end < command.start {
      throw .invalidField(field: "period '\(name)'", reason: "ends on \(end), before it starts on \(command.start)")
    }
    try noOverlap(name: name, start: command.start, end: command.end)
    return PeriodOpened(period: command.period, name: name, start: command.start, end: command.end)
  }

  func closePeriod(_ id: PeriodID, end: CivilDate?) throws(DomainError) -> PeriodClosed {
    let period = try period(id)
    if period.isClosed { throw .periodAlreadyClosed(name: period.name) }
    let end = end ?? period.end ?? context.today
    if end < period.start {
      throw .invalidField(
        field: "period '\(period.name)'", reason: "cannot end on \(end), before it starts on \(period.start)")
    }
    try noOverlap(name: period.name, start: period.start, end: end, except: id)
    return PeriodClosed(period: id, end: end, seal: context.chainHead)
  }

  func reopenPeriod(_ id: PeriodID, reason: String) throws(DomainError) -> PeriodReopened {
    let period = try period(id)
    guard period.isClosed else { throw .periodNotClosed(name: period.name) }
    let reason = try TextRules.validated(reason, field: "reason", maximum: FieldLimits.reason)
    return PeriodReopened(period: id, reason: reason)
  }
}
