import LedgerDomain

extension SnapshotWriter {
  /// A goal's record: its settings and funding as a ``GoalAdded``, its status, then each
  /// entry as the event that listed it, in the goal's order.
  mutating func goal(_ id: GoalID, _ record: GoalRecord) throws(CodecError) {
    try payload(GoalAdded(goal: id, settings: record.settings, startDate: record.startDate, funding: record.funding))
    switch record.status {
    case .active: int(0)
    case .completed(let date):
      int(1)
      self.date(date)
    case .archived(let date):
      int(2)
      self.date(date)
    }
    count(record.entries.count)
    for entry in record.entries {
      bool(entry.isWithdrawal)
      if entry.isWithdrawal {
        try payload(
          GoalContributionWithdrawn(
            goal: id, withdrawal: entry.id, date: entry.date, amount: entry.amount, transaction: entry.transaction,
            transfer: entry.transfer, note: entry.note))
      } else {
        try payload(
          GoalContributed(
            goal: id, contribution: entry.id, date: entry.date, amount: entry.amount, source: entry.source,
            transaction: entry.transaction, transfer: entry.transfer, note: entry.note))
      }
    }
    varint(record.version)
  }
}

extension SnapshotReader {
  /// A goal's record as ``SnapshotWriter/goal(_:_:)`` wrote it.
  mutating func goal() throws(CodecError) -> (GoalID, GoalRecord) {
    let added = try payload(GoalAdded.self)
    guard let funding = added.funding else { throw .malformed("a goal without funding") }
    var record = GoalRecord(settings: added.settings, startDate: added.startDate, funding: funding)
    switch try int() {
    case 0: record.status = .active
    case 1: record.status = .completed(try date())
    case 2: record.status = .archived(try date())
    default: throw .malformed("a goal's status is 0, 1 or 2")
    }
    for _ in 0..<(try count()) {
      if try bool() {
        let e = try payload(GoalContributionWithdrawn.self)
        record.entries.append(
          GoalEntry(
            id: e.withdrawal, isWithdrawal: true, date: e.date, amount: e.amount, source: .manual,
            transaction: e.transaction, transfer: e.transfer, note: e.note))
      } else {
        let e = try payload(GoalContributed.self)
        record.entries.append(
          GoalEntry(
            id: e.contribution, isWithdrawal: false, date: e.date, amount: e.amount, source: e.source,
            transaction: e.transaction, transfer: e.transfer, note: e.note))
      }
    }
    record.version = try varint()
    return (added.goal, record)
  }
}
