import ArgumentParser
import Ledger
import LedgerDomain
import LedgerWire

/// `budget category add|rename|move|restyle|archive|restore|delete|list`.
struct CategoryCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "category", abstract: "Manage categories.",
    subcommands: [Add.self, Rename.self, Move.self, Restyle.self, Archive.self, Restore.self, Delete.self, List.self])

  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a custom category.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The new category's name.") var name: String
    @Option(help: "income or expense.") var kind: CategoryKind = .expense
    @Option(help: "fixed, variable or quarterly.") var budgetType: BudgetType = .variable
    @Option(help: "The group to put it under.") var parent: String?
    @Option(help: "Icon name, e.g. cart.fill.") var icon: String?
    @Option(help: "Color, #RRGGBB.") var color: String?

    func run() async throws {
      let ledger = try await options.openExisting()
      let resolve = NameResolver(state: ledger.state)
      let color = try self.color.map { text in
        do { return try ColorHex(parsing: text) } catch { throw UserError(String(describing: error)) }
      }
      let id = CategoryID.random()
      let command = CreateCategory(
        category: id, name: name, kind: kind, budgetType: budgetType, parent: try parent.map(resolve.category),
        icon: icon, color: color)
      let outcome = try await options.execute(.createCategory(command), on: ledger)
      try options.report(
        "added \(kind.rawValue) category '\(outcome.recordedName ?? name)' (\(budgetType.rawValue))", outcome,
        id: id.description)
    }
  }

  struct Rename: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a category.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The category.") var name: String
    @Argument(help: "Its new name.") var newName: String

    func run() async throws {
      let ledger = try await options.openExisting()
      let id = try NameResolver(state: ledger.state).category(name)
      let outcome = try await options.execute(.renameCategory(id, name: newName), on: ledger)
      try options.report("renamed category '\(name)' to '\(outcome.recordedName ?? newName)'", outcome)
    }
  }

  struct Move: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "move",
      abstract: "Put a category under a group, or change its place in the order.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The category.") var name: String
    @Option(help: "The new group (default: keep the current one).") var parent: String?
    @Flag(help: "Move it out of its group, to the top level.") var topLevel = false
    @Option(help: "The new sort position.") var order: Int?

    func validate() throws {
      if topLevel && parent != nil { throw ValidationError("give --parent NAME or --top-level, not both") }
    }

    func run() async throws {
      let ledger = try await options.openExisting()
      let resolve = NameResolver(state: ledger.state)
      let id = try resolve.category(name)
      let current = ledger.state.categories[id]!
      let newParent = topLevel ? nil : try parent.map(resolve.category) ?? current.parent
      let outcome = try await options.execute(
        .moveCategory(id, parent: newParent, sortOrder: order ?? current.sortOrder), on: ledger)
      try options.report("moved category '\(name)'", outcome)
    }
  }

  struct Restyle: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "restyle", abstract: "Change a category's icon or color.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The category.") var name: String
    @Option(help: "Its icon (an SF Symbol name, e.g. cart.fill).") var icon: String?
    @Option(help: "Its colour, #RRGGBB.") var color: String?

    func run() async throws {
      let ledger = try await options.openExisting()
      let id = try NameResolver(state: ledger.state).category(name)
      let current = ledger.state.categories[id]!
      let color =
        try self.color.map { text in
          do { return try ColorHex(parsing: text) } catch { throw UserError(String(describing: error)) }
        } ?? current.color
      let outcome = try await options.execute(
        .restyleCategory(id, icon: icon ?? current.icon, color: color), on: ledger)
      try options.report("restyled category '\(name)'", outcome)
    }
  }

  struct Archive: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "archive", abstract: "Archive a category: hidden, kept for history.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The category to archive.") var name: String

    func run() async throws {
      let ledger = try await options.openExisting()
      let id = try NameResolver(state: ledger.state).category(name)
      try options.report("archived category '\(name)'", try await options.execute(.archiveCategory(id), on: ledger))
    }
  }

  struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "restore", abstract: "Bring an archived category back.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The archived category.") var name: String

    func run() async throws {
      let ledger = try await options.openExisting()
      let key = name.lowercased()
      guard
        let id = ledger.state.categories.first(where: { $0.value.isArchived && $0.value.name.lowercased() == key })?.key
      else {
        throw UserError("no archived category named '\(name)'; see: budget category list --all")
      }
      try options.report("restored category '\(name)'", try await options.execute(.restoreCategory(id), on: ledger))
    }
  }

  struct Delete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "delete",
      abstract: "Delete a category that was never used (else archive it).")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The category to delete.") var name: String

    func run() async throws {
      let ledger = try await options.openExisting()
      let id = try NameResolver(state: ledger.state).category(name)
      try options.report("deleted category '\(name)'", try await options.execute(.deleteCategory(id), on: ledger))
    }
  }

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List categories in their order.")
    @OptionGroup var options: LedgerOptions
    @Flag(help: "Include archived categories.") var all = false

    func run() async throws {
      let ledger = try await options.openExisting()
      // The category totals' counts and the categories' own streams up to the same point (the
      // read models may be behind, during another process's import), not the whole history:
      // a big ledger lists at once.
      let answer = try userFacing { try ledger.categoryTransactionCounts() }
      let counts = answer.value
      let state = try userFacing { try ledger.state(ofStreamsOf: [CategoryID.self], upTo: answer.position) }
      let categories = state.categories.filter { !$0.value.isDeleted && (all || !$0.value.isArchived) }
        .sorted { ($0.value.sortOrder, $0.value.name) < ($1.value.sortOrder, $1.value.name) }
      if options.json {
        try Console.json(
          categories.map { id, c in Wire.Category(id: id, record: c, state: state, transactions: counts[id] ?? 0) })
        return
      }
      var table = Table([
        ("CATEGORY", .left), ("KIND", .left), ("BUDGET", .left), ("GROUP", .left), ("ICON", .left), ("COLOR", .left),
        ("TXNS", .right), ("", .left),
      ])
      for (id, c) in categories {
        table.add([
          c.name, c.kind.rawValue, c.budgetType.rawValue, c.parent.flatMap { state.categories[$0]?.name } ?? "", c.icon,
          c.color.description, String(counts[id] ?? 0), c.isArchived ? "archived" : "",
        ])
      }
      print(table.render())
    }
  }
}
