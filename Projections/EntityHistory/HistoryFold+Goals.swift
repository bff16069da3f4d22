import LedgerDomain

extension HistoryFold {
  /// A goal event in words.
  mutating func goalEvent(_ event: LedgerEvent, at position: UInt64) throws -> [String] {
    switch event {
    case .goalAdded(let e):
      var funding = "no funding"
      if let account = e.account { funding = "funded by account \(try names.label(account, at: position))" }
      if let category = e.category { funding = "funded by category \(try names.label(category, at: position))" }
      return ["added \(e.settings.goalKind.rawValue) goal \(Wording.quoted(e.settings.name))"]
        + Self.settingLines(e.settings) + ["starts \(e.startDate), \(funding)"]
    case .goalChanged(let e):
      let old = e.previous, new = e.settings
      var lines = ["changed"]
      if old.name != new.name {
        lines.append(Wording.change("name", Wording.quoted(old.name), Wording.quoted(new.name)))
      }
      if old.goalKind != new.goalKind {
        lines.append(Wording.change("kind", old.goalKind.rawValue, new.goalKind.rawValue))
      }
      if old.target != new.target {
        lines.append(Wording.change("target", old.target.description, new.target.description))
      }
      if old.targetDate != new.targetDate {
        lines.append(Wording.change("target date", Self.date(old.targetDate), Self.date(new.targetDate)))
      }
      if old.onBudgetSheet != new.onBudgetSheet {
        lines.append(new.onBudgetSheet ? "monthly need on the budget sheet" : "off the budget sheet")
      }
      if old.note != new.note { lines.append(Wording.change("note", old.note ?? "none", new.note ?? "none")) }
      return lines
    case .goalContributed(let e):
      return ["contributed \(e.amount) on \(e.date) (\(e.source.rawValue))", Self.movement(e.transaction, e.transfer)]
        + (e.note.map { ["note: \($0)"] } ?? [])
    case .goalContributionWithdrawn(let e):
      return ["withdrew \(e.amount) on \(e.date)", Self.movement(e.transaction, e.transfer)]
        + (e.note.map { ["note: \($0)"] } ?? [])
    case .goalEntryRemoved(let e): return ["contribution or withdrawal \(e.entry) taken off the list"]
    case .goalCompleted(let e): return ["completed on \(e.date)"]
    case .goalArchived(let e): return ["archived on \(e.date)"]
    case .goalReopened(let e): return ["reopened (was \(e.wasArchived ? "archived" : "completed") on \(e.since))"]
    default: return []
    }
  }

  static func settingLines(_ settings: GoalSettings) -> [String] {
    var lines = ["target \(settings.target)" + (settings.targetDate.map { " by \($0)" } ?? "")]
    if settings.onBudgetSheet { lines.append("monthly need on the budget sheet") }
    if let note = settings.note { lines.append("note: \(note)") }
    return lines
  }

  private static func date(_ date: CivilDate?) -> String { date.map { "\($0)" } ?? "none" }

  private static func movement(_ transaction: TransactionID?, _ transfer: TransferID?) -> String {
    if let transaction { return "by transaction \(transaction)" }
    return transfer.map { "by transfer \($0)" } ?? "by no movement"
  }
}
