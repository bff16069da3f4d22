extension Rules {
  func category(_ id: CategoryID) throws(DomainError) -> CategoryRecord {
    guard let category = state.categories[id], !category.isDeleted else {
      throw .notFound(kind: "category", reference: id.description, suggestion: nil)
    }
    return category
  }

  /// A category that can take new transactions or budgets: it exists and is not archived.
  func activeCategory(_ id: CategoryID) throws(DomainError) -> CategoryRecord {
    let category = try category(id)
    if category.isArchived { throw .categoryArchived(name: category.name) }
    return category
  }

  /// A name for a category being named now: unique, and without `|`, which separates the
  /// parts of a split where categories are written as text (CSV export and import).
  func newCategoryName(_ name: String, except id: CategoryID? = nil) throws(DomainError) -> String {
    let name = try uniqueCategoryName(name, except: id)
    guard !name.contains("|") else {
      throw .invalidField(
        field: "category name", reason: "'\(name)' contains '|', which separates split parts; use another character")
    }
    return name
  }

  func uniqueCategoryName(_ name: String, except id: CategoryID? = nil) throws(DomainError) -> String {
    let name = try TextRules.validated(name, field: "category name", maximum: FieldLimits.categoryName)

    let key = TextRules.key(name)
    if state.categories.contains(where: { $0.key != id && $0.value.isActive && TextRules.key($0.value.name) == key }) {
      throw .categoryNameTaken(name: name)
    }
    return name
  }

  /// Throws unless `parent` exists and placing `id` under it makes no cycle.
  func validParent(_ parent: CategoryID?, for id: CategoryID, name: String) throws(DomainError) {
    var current = parent
    while let ancestor = current {
      if ancestor == id { throw .categoryCycle(name: name) }
      current = try activeCategory(ancestor).parent
    }
  }

  func createCategory(_ command: CreateCategory) throws(DomainError) -> CategoryCreated {
    guard state.categories[command.category] == nil else {
      throw .invalidField(field: "category id", reason: "\(command.category) is already in use")
    }
    let name = try newCategoryName(command.name)
    try validParent(command.parent, for: command.category, name: name)
    let sortOrder = command.sortOrder ?? ((state.categories.values.map(\.sortOrder).max() ?? 0) + 1)
    return CategoryCreated(
      category: command.category, name: name, kind: command.kind, budgetType: command.budgetType,
      parent: command.parent, icon: try TextRules.icon(command.icon ?? "tag.fill"),
      color: command.color ?? .neutral, sortOrder: sortOrder, isCustom: true)
  }

  func renameCategory(_ id: CategoryID, to newName: String) throws(DomainError) -> CategoryRenamed {
    let category = try category(id)
    let name = try newCategoryName(newName, except: id)
    guard name != category.name else { throw .nothingToChange }
    return CategoryRenamed(category: id, previousName: category.name, name: name)
  }

  func moveCategory(_ id: CategoryID, under parent: CategoryID?, sortOrder: Int) throws(DomainError) -> CategoryMoved {
    let category = try category(id)
    try validParent(parent, for: id, name: category.name)
    guard parent != category.parent || sortOrder != category.sortOrder else { throw .nothingToChange }
    return CategoryMoved(category: id, parent: parent, sortOrder: sortOrder)
  }

  func restyleCategory(_ id: CategoryID, icon: String, color: ColorHex) throws(DomainError) -> CategoryRestyled {
    let category = try category(id)
    let icon = try TextRules.icon(icon)
    guard icon != category.icon || color != category.color else { throw .nothingToChange }
    return CategoryRestyled(category: id, icon: icon, color: color)
  }

  func archiveCategory(_ id: CategoryID) throws(DomainError) -> CategoryArchived {
    let category = try category(id)
    if category.isArchived {
      throw .invalidField(field: "category '\(category.name)'", reason: "is already archived")
    }
    return CategoryArchived(category: id)
  }

  func restoreCategory(_ id: CategoryID) throws(DomainError) -> CategoryRestored {
    let category = try category(id)
    guard category.isArchived else {
      throw .invalidField(field: "category '\(category.name)'", reason: "is not archived")
    }
    _ = try uniqueCategoryName(category.name, except: id)
    return CategoryRestored(category: id)
  }

  func deleteCategory(_ id: CategoryID) throws(DomainError) -> CategoryDeleted {
    let category = try category(id)
    if category.transactionCount > 0 {
      throw .categoryInUse(name: category.name, transactions: category.transactionCount)
    }
    if category.budgetCount > 0 {
      throw .invalidField(
        field: "category '\(category.name)'", reason: "has budgets and cannot be deleted; archive it instead")
    }
    if state.categories.values.contains(where: { $0.parent == id && !$0.isDeleted }) {
      throw .invalidField(field: "category '\(category.name)'", reason: "has sub-categories; move or delete them first")
    }
    if let goal = state.goals.values.first(where: { !$0.isArchived && $0.funding == .category(id) }) {
      throw .invalidField(
        field: "category '\(category.name)'",
        reason: "funds goal '\(goal.name)'; archive the goal first (budget goal archive)")
    }
    return CategoryDeleted(category: id)
  }

  func setDueDate(_ id: CategoryID, _ date: CivilDate) throws(DomainError) -> DueDateSet {
    let category = try activeCategory(id)
    guard category.dueDate != date else {
      throw .invalidField(field: "due date of '\(category.name)'", reason: "is already \(date)")
    }
    return DueDateSet(category: id, dueDate: date)
  }

  func clearDueDate(_ id: CategoryID) throws(DomainError) -> DueDateCleared {
    let category = try category(id)
    guard category.dueDate != nil else {
      throw .invalidField(field: "due date of '\(category.name)'", reason: "is not set; there is nothing to clear")
    }
    return DueDateCleared(category: id)
  }

  func setRollover(_ command: SetRollover) throws(DomainError) -> RolloverSet {
    let category = try activeCategory(command.category)
    guard category.kind == .expense else {
      throw .invalidField(
        field: "category '\(category.name)'", reason: "is an income category; rollover applies to expense budgets")
    }
    var event = RolloverSet(command)
    let from = event.from ?? context.today.yearMonth
    event.from = from
    let current = category.rollover(in: from)
    guard event.carryUnspent != current.carryUnspent || event.carryOverspent != current.carryOverspent else {
      throw .invalidField(
        field: "rollover of '\(category.name)'",
        reason:
          "already carries unspent: \(event.carryUnspent), overspent: \(event.carryOverspent) in \(from); to apply it to earlier months, give the first month"
      )
    }
    return event
  }
}
