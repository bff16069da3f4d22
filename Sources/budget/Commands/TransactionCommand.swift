import ArgumentParser
import Ledger
import LedgerDomain
import LedgerWire
import QueryResults

/// `budget tx add|amend|delete|show|list`.
struct TransactionCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tx", abstract: "Add, amend, delete, show and list transactions.",
    subcommands: [Add.self, Amend.self, Delete.self, Restore.self, Show.self, List.self, SearchCommand.self])

  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: "Record a transaction.",
      discussion: "Example: budget tx add 42.50 --name Market --category Food --date 2024-03-10")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The amount, positive; --type gives the direction.") var amount: String
    @Option(help: "Name or payee.") var name: String
    @Option(help: "The category (or use --split).") var category: String?
    @Option(help: "A part of a split: CATEGORY=AMOUNT; repeat for each part.") var split: [String] = []
    @Option(help: "The account (default: the only open account).") var account: String?
    @Option(help: "income or expense.") var type: TransactionType = .expense
    @Option(help: "Date, YYYY-MM-DD (default: today).", transform: dateArgument) var date: CivilDate?
    @Option(help: "A longer description.") var description: String?
    @Option(help: "Notes.") var notes: String?
    @Option(help: "A tag; repeat for several.") var tag: [String] = []
    @Option(
      help:
        "The expense period it belongs to; it must contain its date (a transaction dated in a period belongs to it anyway)."
    ) var period: String?

    func run() async throws {
      let ledger = try await options.openExisting()
      let resolve = NameResolver(ledger: ledger)
      let account = try resolve.account(self.account)
      let money = try positiveAmount(amount, currency: account.record.currency)
      let splits = try Self.splits(split, resolve: resolve, currency: account.record.currency)
      let id = TransactionID.random()
      let added = AddTransaction(
        transaction: id, account: account.id, date: date ?? LedgerOptions.today(), amount: money, type: type,
        category: try category.map(resolve.category), splits: splits, name: name, description: description,
        notes: notes,
        period: try period.map(resolve.period), tags: tag)
      let addition = try await options.addTransaction(added, on: ledger)
      let outcome = addition.outcome
      // Money in, booked to an expense category, is a refund: say what it does to the budget.
      let refunded =
        type == .income
        ? added.postings.compactMap { ledger.state.categories[$0.category] }
          .filter { $0.kind == .expense }.map(\.name) : []
      let refund = refunded.isEmpty ? "" : " — a refund: it lowers \(refunded.joined(separator: " and "))'s spending"
      try options.report(
        "added \(type.rawValue) \(show(money)) \(money.currency.code) '\(outcome.recordedName ?? name)' (\(id.short))\(refund)",
        outcome,
        id: id.description)
      LedgerOptions.say(addition.bills)
    }

    /// `--split CATEGORY=AMOUNT` options as splits.
    static func splits(_ parts: [String], resolve: NameResolver, currency: Currency) throws -> [Split] {
      try parts.map { part -> Split in
        let pieces = part.split(separator: "=", maxSplits: 1).map(String.init)
        guard pieces.count == 2 else {
          throw UserError("split '\(part)' should look like CATEGORY=AMOUNT, e.g. Food=30.00")
        }
        return Split(
          category: try resolve.category(pieces[0]),
          amount: try positiveAmount(
            pieces[1], currency: currency, field: "split amount",
            direction: "each part is positive; the transaction's --type gives the direction"))
      }
    }
  }

  struct Amend: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "amend",
      abstract: "Change fields of a transaction; only what changes is recorded.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The transaction id (at least 4 characters).") var id: String
    @Option(help: "The new amount, unsigned.") var amount: String?
    @Option(help: "The new name.") var name: String?
    @Option(help: "One category for the whole amount (replaces a split).") var category: String?
    @Option(help: "A part of a new split: CATEGORY=AMOUNT; repeat for each part (replaces the category or split).")
    var split: [String] = []
    @Option(help: "The account it moves to.") var account: String?
    @Option(help: "expense or income.") var type: TransactionType?
    @Option(help: "New date, YYYY-MM-DD.", transform: dateArgument) var date: CivilDate?
    @Option(help: "New description; an empty string clears it.") var description: String?
    @Option(help: "New notes; an empty string clears them.") var notes: String?
    @Option(help: "Replace the tags; repeat for several.") var tag: [String] = []
    @Flag(help: "Remove every tag.") var clearTags = false
    @Option(help: "The version you loaded (from tx show); refuses the edit if someone changed it since.")
    var expectVersion: UInt64?

    func validate() throws {
      if category != nil && !split.isEmpty { throw ValidationError("give --category or --split, not both") }
      if clearTags && !tag.isEmpty { throw ValidationError("give --tag or --clear-tags, not both") }
    }

    func run() async throws {
      let ledger = try await options.openExisting()
      let resolve = NameResolver(ledger: ledger)
      let transaction = try resolve.transaction(id)
      var amendment = AmendTransaction(transaction: transaction.id)
      let currency = transaction.record.added.amount.currency
      amendment.amount = try amount.map { try positiveAmount($0, currency: currency) }
      amendment.name = name
      amendment.category = try category.map(resolve.category)
      if !split.isEmpty { amendment.splits = try Add.splits(split, resolve: resolve, currency: currency) }
      amendment.account = try account.map { try resolve.account($0).id }
      amendment.type = type
      amendment.date = date
      amendment.description = description.map { Change($0.isEmpty ? nil : $0) }
      amendment.notes = notes.map { Change($0.isEmpty ? nil : $0) }
      amendment.tags = clearTags ? [] : tag.isEmpty ? nil : tag
      let outcome = try await options.execute(.amendTransaction(amendment, expectedVersion: expectVersion), on: ledger)
      try options.report("amended transaction \(transaction.id.short)", outcome, id: transaction.id.description)
    }
  }

  struct Delete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "delete",
      abstract: "Delete a transaction, or cancel a transfer by either leg (the log keeps both).")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The transaction, or either leg of a transfer: 4+ characters of its id.") var id: String
    @Option(help: "Why (kept in its history).") var reason: String = "deleted by user"
    @Option(help: "Refuse unless the transaction is still at this version (tx show --json).") var expectVersion: UInt64?

    func run() async throws {
      let ledger = try await options.openExisting()
      let resolve = NameResolver(ledger: ledger)
      // A transfer by either leg — when the id names nothing else: ids made at one time share
      // their first characters, and a prefix naming two things deletes neither.
      let transfers = resolve.transfers(id), transactions = resolve.transactionCount(id)
      if transfers.count + transactions > 1 {
        if transfers.isEmpty { _ = try resolve.transaction(id) }  // refused, listing the transactions
        throw UserError(
          "id '\(id)' is ambiguous (\(transfers.count) transfers and \(transactions) transactions match); give more characters"
        )
      }
      if let transfer = transfers.first {
        let outcome = try await options.execute(.cancelTransfer(transfer.transfer, reason: reason), on: ledger)
        return try options.report(
          "cancelled transfer \(transfer.transfer.short) of \(show(transfer.amount)) \(transfer.amount.currency.code)",
          outcome, id: transfer.transfer.description)
      }
      let transaction = try resolve.transaction(id)
      let outcome = try await options.execute(
        .deleteTransaction(transaction.id, reason: reason, expectedVersion: expectVersion), on: ledger)
      try options.report("deleted transaction \(transaction.id.short)", outcome, id: transaction.id.description)
    }
  }

  struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "restore",
      abstract: "Bring a deleted transaction back as it was when deleted.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The deleted transaction: 4+ characters of its id.") var id: String
    @Option(help: "Why (kept in its history).") var reason: String = "restored by user"
    @Option(help: "Refuse unless the transaction is still at this version.") var expectVersion: UInt64?

    func run() async throws {
      let ledger = try await options.openExisting()
      let transaction = try NameResolver(ledger: ledger).transaction(id)
      let outcome = try await options.execute(
        .restoreTransaction(transaction.id, reason: reason, expectedVersion: expectVersion), on: ledger)
      try options.report("restored transaction \(transaction.id.short)", outcome, id: transaction.id.description)
    }
  }

  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show", abstract: "Show one transaction and its version.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The transaction: 4+ characters of its id.") var id: String

    func run() async throws {
      let ledger = try await options.openExisting()
      let state = ledger.state
      let (id, record) = try NameResolver(state: state).transaction(self.id)
      let t = record.added
      let json = Wire.Transaction(record, state: state)
      if options.json { return try Console.json(json) }
      print("transaction \(id)  (version \(record.version)\(record.isDeleted ? ", deleted" : ""))")
      print("  date      \(t.date)")
      print("  amount    \(t.type.rawValue) \(show(t.amount)) \(t.amount.currency.code)")
      print("  name      \(t.name)")
      print("  account   \(json.account)")
      print(
        "  category  \(json.postings.map { t.splits.isEmpty ? $0.category : "\($0.category) \($0.amount)" }.joined(separator: ", "))"
      )
      if let d = t.description { print("  about     \(d)") }
      if let n = t.notes { print("  notes     \(n)") }
      if !t.tags.isEmpty { print("  tags      \(t.tags.joined(separator: ", "))") }
    }
  }

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list",
      abstract: "The transaction log with running balances, newest first.")
    @OptionGroup var options: LedgerOptions
    @Option(help: "Only this account (default: all accounts in the base currency).") var account: String?
    @Option(help: "Only this category (splits included).") var category: String?
    @Option(help: "Only this expense period.") var period: String?
    @Option(help: "Only this month, YYYY-MM.", transform: monthArgument) var month: YearMonth?
    @Option(help: "Only transactions with this tag (any case).") var tag: String?
    @Option(help: "Only amounts of at least this size, whatever their direction (e.g. 100).") var min: String?
    @Option(help: "Only amounts of at most this size, whatever their direction.") var max: String?
    @Option(name: .shortAndLong, help: "How many rows (at least 1).") var limit = 20
    @Option(help: "Only rows older than this DATE/ID: the cursor a page with more prints under it.")
    var before: PageCursor?
    @OptionGroup var time: TimeOptions

    func validate() throws {
      guard limit > 0 else { throw ValidationError("--limit must be at least 1 (got \(limit))") }
    }

    func run() async throws {
      let ledger = try await options.openExisting()
      // As of a date: the rows up to that day, with the balances then.
      var through = month?.lastDay ?? .latest
      if let asOf = time.asOf, asOf < through { through = asOf }
      if category != nil || period != nil || tag != nil || min != nil || max != nil {
        // From the transaction index — transactions only (transfers and opening balances have
        // no category), without a running balance (it is per account); every option applies.
        let resolve = NameResolver(ledger: ledger)
        var query = TransactionQuery(from: month?.firstDay ?? .earliest, through: through)
        query.account = try account.map { try resolve.account($0).id }
        query.category = try category.map { try resolve.categoryToRead($0) }
        query.period = try period.map { try resolve.period($0) }
        query.tag = tag
        let currency = ledger.state.baseCurrency
        query.minimum = try min.map { text in try userFacing { try Money(parsing: text, currency: currency) } }
        query.maximum = try max.map { text in try userFacing { try Money(parsing: text, currency: currency) } }
        if let minimum = query.minimum, let maximum = query.maximum, minimum.units > maximum.units {
          throw ValidationError("--min \(minimum) is more than --max \(maximum); give --min ≤ --max")
        }
        let answer = try userFacing {
          try ledger.transactions(matching: query, before: before?.index, limit: limit, at: try time.point())
        }
        return try printPage(answer, ledger: ledger, options: options, time: time)
      }
      // The log with running balances: every row up to `through` (a month's end, an --as-of
      // day), and for a month only its own rows.
      let account = try self.account.map { try NameResolver(ledger: ledger).account($0).id }
      var answer = try userFacing {
        try ledger.transactionLog(
          account: account,
          before: before?.log ?? (through == .latest ? nil : LogCursor.endOf(through)), limit: limit,
          at: try time.point())
      }
      var next = answer.value.olderCursor.map { PageCursor(date: $0.date, id: $0.id) }
      if let first = month?.firstDay {
        answer.value.rows.removeAll { $0.date < first }
        if let older = next, older.date < first { next = nil }
      }
      let state = try namesState(of: ledger, at: try time.point(), position: answer.position)
      let pending = try userFacing { try ledger.pendingRowIDs() }
      let rows = answer.value.rows.map { Wire.TransactionRow(log: $0, of: account, state: state, pending: pending) }
      if options.json {
        return try Console.json(
          Wire.TransactionPage(position: answer.position, recordedAt: answer.recordedAt, rows: rows, next: next))
      }
      var table = Table(
        [
          ("DATE", .left), ("ID", .left), ("NAME", .left), ("CATEGORY", .left), ("AMOUNT", .right),
          ("BALANCE", .right),
        ] + (pending.isEmpty ? [] : [("SYNC", .left)]))
      for (row, described) in zip(answer.value.rows, rows) {
        table.add(
          [
            row.date.description, String(row.id.description.suffix(8)), described.name, described.category,
            show(row.amount, color: true), show(row.balance, color: true),
          ] + (pending.isEmpty ? [] : [described.pending == true ? "pending" : ""]))
      }
      print(answer.value.rows.isEmpty ? "no transactions" : table.render())
      if let next { print(PageCursor.moreLine(shown: answer.value.rows.count, next: next)) }
      // The log of all accounts is in the base currency: say which accounts it leaves out.
      if account == nil {
        let state = ledger.state
        let others = state.accounts.values.filter { $0.currency != state.baseCurrency && !$0.isClosed }
          .sorted { $0.name < $1.name }
        if !others.isEmpty {
          let listed = others.map { "\(quotedIfNeeded($0.name)) (\($0.currency.code))" }.joined(separator: ", ")
          print(
            "not in this \(state.baseCurrency.code) log: \(listed) — see one with budget tx list --account NAME")
        }
      }
      time.footer(answer.position, recordedAt: answer.recordedAt)
    }
  }
}
