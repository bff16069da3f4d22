import LedgerDomain

extension HistoryFold {
  mutating func accountEvent(_ event: LedgerEvent) -> [String] {
    switch event {
    case .accountOpened(let e):
      account = e
      return [
        "opened \(e.type.rawValue) account \(Wording.quoted(e.name)) in \(e.currency.code)",
        "opening balance \(e.openingBalance) on \(e.date)",
      ]
    case .accountRenamed(let e):
      let old = account?.name ?? e.previousName
      account?.name = e.name
      return [Wording.change("renamed", Wording.quoted(old), Wording.quoted(e.name))]
    case .accountClosed(let e):
      return ["closed on \(e.date)"]
    case .accountReopened(let e):
      return ["reopened: \(e.reason)"]
    case .openingBalanceChanged(let e):
      return [Wording.change("opening balance", e.previous.description, e.balance.description)]
    case .accountRoleChanged(let e):
      return [
        Wording.change("role", e.previous.rawValue, e.role.rawValue),
        e.role == .budget ? "counts in the available funds" : "left out of the available funds",
      ]
    default:
      return []
    }
  }

  mutating func periodEvent(_ event: LedgerEvent) -> [String] {
    switch event {
    case .periodOpened(let e):
      period = e
      return ["opened \(Wording.quoted(e.name)) from \(e.start) to \(e.end.map(\.description) ?? "(ongoing)")"]
    case .periodClosed(let e):
      var lines = ["closed"]
      if period?.end != e.end { lines.append(Wording.change("end", period?.end.map(\.description) ?? "(ongoing)", e.end.description)) }
      lines.append("seal \(e.seal)")
      period?.end = e.end
      periodClosed = true
      return lines
    case .periodReopened(let e):
      periodClosed = false
      return ["reopened: \(e.reason)"]
    default:
      return []
    }
  }

  mutating func categoryEvent(_ event: LedgerEvent, at position: UInt64) throws -> [String] {
    switch event {
    case .categoryCreated(let e):
      category = e
      var lines = ["created \(e.kind.rawValue) category \(Wording.quoted(e.name))", "budget type \(e.budgetType.rawValue)"]
      if let parent = e.parent { lines.append("parent \(try names.label(parent, at: position))") }
      lines += ["icon \(e.icon)", "color \(e.color)", "sort order \(e.sortOrder)"]
      if !e.isCustom { lines.append("a default category") }
      return lines
    case .categoryRenamed(let e):
      let old = category?.name ?? e.previousName
      category?.name = e.name
      return [Wording.change("renamed", Wording.quoted(old), Wording.quoted(e.name))]
    case .categoryMoved(let e):
      var lines: [String] = []
      if category?.parent != e.parent || category == nil {
        let from = try category?.parent.map { try names.label($0, at: position) } ?? Wording.none
        lines.append(Wording.change("parent", from, try e.parent.map { try names.label($0, at: position) } ?? Wording.none))
      }
      if category?.sortOrder != e.sortOrder { lines.append(Wording.change("sort order", Wording.text(category?.sortOrder), "\(e.sortOrder)")) }
      category?.parent = e.parent
      category?.sortOrder = e.sortOrder
      return lines.isEmpty ? ["moved (no change)"] : lines
    case .categoryRestyled(let e):
      var lines: [String] = []
      if category?.icon != e.icon { lines.append(Wording.change("icon", Wording.text(category?.icon), e.icon)) }
      if category?.color != e.color { lines.append(Wording.change("color", Wording.text(category?.color), e.color.description)) }
      category?.icon = e.icon
      category?.color = e.color
      return lines.isEmpty ? ["restyled (no change)"] : lines
    case .categoryArchived:
      archived = true
      return ["archived"]
    case .categoryRestored:
      archived = false
      return ["restored"]
    case .categoryDeleted:
      return ["deleted"]
    case .dueDateSet(let e):
      defer { dueDate = e.dueDate }
      return [Wording.change("due date", Wording.text(dueDate), e.dueDate.description)]
    case .dueDateCleared:
      defer { dueDate = nil }
      return [Wording.change("due date", Wording.text(dueDate), Wording.none)]
    case .rolloverSet(let e):
      let old = rollover
      rollover = (e.carryUnspent, e.carryOverspent)
      return [
        Wording.change("carry unspent", Wording.yesNo(old?.carryUnspent ?? false), Wording.yesNo(e.carryUnspent)),
        Wording.change("carry overspent", Wording.yesNo(old?.carryOverspent ?? false), Wording.yesNo(e.carryOverspent)),
      ] + (e.from.map { ["from \($0)"] } ?? [])
    default:
      return []
    }
  }
}
