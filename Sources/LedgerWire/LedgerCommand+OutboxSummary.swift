import LedgerDomain

extension LedgerCommand {
  /// A line saying what the command changes, for the outbox's listings: a conflict is judged
  /// by what it would do ("amend 0000c0ff: amount 25.00"), not by its command's name alone.
  public var outboxSummary: String {
    switch self {
    case .addTransaction(let added):
      return "add \(Self.short(added.transaction.raw)) '\(added.name)' \(added.amount.formatted()) on \(added.date)"
    case .amendTransaction(let amended, _):
      var fields: [String] = []
      if let amount = amended.amount { fields.append("amount \(amount.formatted())") }
      if let name = amended.name { fields.append("name '\(name)'") }
      if let date = amended.date { fields.append("date \(date)") }
      if let type = amended.type { fields.append("type \(type.rawValue)") }
      if amended.account != nil { fields.append("account") }
      if amended.category != nil || amended.splits != nil { fields.append("category") }
      if amended.description != nil { fields.append("description") }
      if amended.notes != nil { fields.append("notes") }
      if amended.period != nil { fields.append("period") }
      if amended.tags != nil { fields.append("tags") }
      return "amend \(Self.short(amended.transaction.raw))"
        + (fields.isEmpty ? "" : ": " + fields.joined(separator: ", "))
    case .deleteTransaction(let id, let reason, _):
      return "delete \(Self.short(id.raw)) (\(reason))"
    case .restoreTransaction(let id, _, _):
      return "restore \(Self.short(id.raw))"
    case .makeTransfer(let made):
      return "transfer \(made.amount.formatted()) on \(made.date)"
    default:
      return kind.rawValue
    }
  }

  /// An id as tables show it: its last eight digits.
  private static func short(_ id: EntityID) -> String { String(id.description.suffix(8)) }
}
