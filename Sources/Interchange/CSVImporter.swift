import LedgerDomain

/// Turns CSV records into `AddTransaction` commands, with stable idempotency keys so that
/// importing the same file again adds nothing.
///
/// The key of a row is `csv:` + its date as the file writes it + `:` + a hash of its account,
/// date, amount, payee and how many identical rows came before it in the file — so two
/// identical coffees on one day stay two transactions, and a re-import (or an overlapping
/// statement) is recognised, also with another `--date-format` (the key holds the text, not
/// what it was read as). Leading with the date keeps a statement's keys together in the log's
/// key table, so an import writes a few pages of it per batch instead of one page per row.
/// Keys written before that (`csv-` + the hash, ``ImportRow/legacyKey``) are still recognised.
/// A type column (``CSVMapping/type``) is not part of the identity: a file's keys are the same
/// whether or not its type column is read, so reading it changes no key.
///
/// Text cells (account, payee, category, description, notes, tags) that ``CSVExporter``
/// escaped against spreadsheet formulas — `'=…` — are read back as the text they were
/// (``SpreadsheetFormulaEscaping``), so an exported register imports exactly.
public struct CSVImporter: Sendable {
  public var mapping: CSVMapping

  public init(mapping: CSVMapping) { self.mapping = mapping }

  /// Maps `records` (the first is the header) using `state` to resolve names.
  public func rows(_ records: [CSVReader.Record], state: LedgerState) throws(ImportRowError) -> [ImportRow] {
    var session = try session(header: records.first, state: state)
    return session.rows(records.dropFirst())
  }

  /// Starts an import whose rows are mapped a chunk at a time (``Session/rows(_:)``), so that
  /// a caller can map the next chunk while it records the previous one. Fails if `header` is
  /// missing or lacks a required column.
  public func session(header: CSVReader.Record?, state: LedgerState) throws(ImportRowError) -> Session {
    guard let header else { throw ImportRowError(line: 1, message: "the file is empty") }
    let columns = HeaderColumns(header)
    func column(_ name: String?, required: Bool, what: String) throws(ImportRowError) -> Int? {
      try columns.index(of: name, required: required, what: what)
    }
    let date = try column(mapping.date, required: true, what: "date")!
    let amount = try column(mapping.amount, required: mapping.debit == nil, what: "amount")
    let debit = try column(mapping.debit, required: mapping.debit != nil, what: "debit")
    let credit = try column(mapping.credit, required: mapping.credit != nil, what: "credit")
    let payee = try column(mapping.payee, required: true, what: "payee")!
    let category = try column(mapping.category, required: mapping.defaultCategory == nil, what: "category")
    let givenType = try column(mapping.type, required: true, what: "type")
    if let name = mapping.type, amount == nil {
      throw ImportRowError(
        line: header.line,
        message:
          "the type column '\(name)' gives the direction of an amount column; with debit and credit columns, the columns give it"
      )
    }
    // Without a mapping, columns of these names are used as they are (a file this tool exported
    // reads back whole) — unless the column already feeds another field (a bank's
    // "Description" mapped as the payee is not the description too); the account's only
    // without a default account for every row.
    // Columns given by the user first, then those found by name among the rest.
    let given = (
      account: try column(mapping.account, required: true, what: "account"),
      description: try column(mapping.description, required: true, what: "description"),
      notes: try column(mapping.notes, required: true, what: "notes"),
      tags: try column(mapping.tags, required: true, what: "tags")
    )
    var used = Set(
      [date, payee]
        + [amount, debit, credit, category, givenType, given.account, given.description, given.notes, given.tags]
        .compactMap { $0 })
    func named(_ name: String?, what: String) throws(ImportRowError) -> Int? {
      guard let name, let index = try column(name, required: false, what: what), !used.contains(index) else {
        return nil
      }
      used.insert(index)
      return index
    }
    var account = given.account, description = given.description, notes = given.notes, tags = given.tags
    if account == nil { account = try named(mapping.defaultAccount == nil ? "account" : nil, what: "account") }
    if description == nil { description = try named("description", what: "description") }
    if notes == nil { notes = try named("notes", what: "notes") }
    if tags == nil { tags = try named("tags", what: "tags") }
    let currency = try named("currency", what: "currency")
    // A column named `type` beside a signed amount says the direction (read signed, an unsigned
    // file's expenses would all be money received); found, it is named in the import's output.
    var type = givenType
    if type == nil, amount != nil, mapping.detectsType { type = try named("type", what: "type") }
    let mapped = Session.Columns(
      date: date, amount: amount, debit: debit, credit: credit, payee: payee, category: category, account: account,
      description: description, notes: notes, tags: tags, currency: currency,
      kind: try columns.index(of: "kind", required: false, what: "kind").flatMap { used.contains($0) ? nil : $0 },
      type: type,
      typeName: type.map { header.fields[$0].trimmingSpaces } ?? "")
    return Session(
      importer: self, columns: mapped, names: NameCache(state: state),
      detectedTypeColumn: givenType == nil && type != nil ? mapped.typeName : nil)
  }

  /// An import in progress: the header's columns found, and what the rows so far have left
  /// behind — how often each identical row occurred (for the idempotency keys) and the names
  /// resolved. Mapping a file in chunks gives exactly the rows of mapping it at once.
  public struct Session: Sendable {
    struct Columns: Sendable {
      var date: Int
      var amount: Int?
      var debit: Int?
      var credit: Int?
      var payee: Int
      var category: Int?
      var account: Int?
      var description: Int?
      var notes: Int?
      var tags: Int?
      /// A `currency` column, as ``CSVExporter`` writes: a row in another currency than its
      /// account's is refused (it would be booked as the account's money).
      var currency: Int?
      /// A `kind` column, as ``CSVExporter`` writes: its opening-balance and transfer rows are
      /// refused (they are not income or spending); any other value is an ordinary row.
      var kind: Int?
      /// A type column: each row's direction, with its amount's magnitude.
      var type: Int?
      /// The type column's name in the header, for its rows' errors.
      var typeName = ""
    }

    let importer: CSVImporter
    let columns: Columns
    var names: NameCache
    /// The column named `type` the session reads the direction from, found in the header
    /// without being mapped (``CSVMapping/detectsType``) — for the import to say so.
    public let detectedTypeColumn: String?
    /// How often each row identity occurred so far, by the identity's 128-bit hash.
    private var seen: [Identity: Int] = [:]

    struct Identity: Hashable, Sendable {
      let a: UInt64
      let b: UInt64
      init(_ lanes: (UInt64, UInt64)) { (a, b) = lanes }
    }

    init(importer: CSVImporter, columns: Columns, names: NameCache, detectedTypeColumn: String?) {
      self.importer = importer
      self.columns = columns
      self.names = names
      self.detectedTypeColumn = detectedTypeColumn
    }

    /// Whether the rows' direction comes from the sign of their amounts — no type column, no
    /// debit and credit columns — and every amount of `chunks` that reads is positive (at
    /// least one does): every row would be money received, which is what a file of unsigned
    /// amounts reads as. Reads the file only up to its first negative amount, so a signed
    /// statement answers at its first rows.
    public func everyAmountIsPositive(in chunks: CSVChunks) -> Bool {
      guard let amount = columns.amount, columns.type == nil else { return false }
      let separator = importer.mapping.decimalSeparator
      let currency = names.state.baseCurrency
      var anyPositive = false
      let anyNegative = chunks.contains { record in
        guard amount < record.fields.count,
          let money = try? Money(parsing: record.fields[amount], currency: currency, decimalSeparator: separator),
          !money.isZero
        else { return false }
        if money.isNegative { return true }
        anyPositive = true
        return false
      }
      return anyPositive && !anyNegative
    }

    /// Makes room for `rows` more rows' identities at once (a whole file), instead of
    /// growing — and rehashing — the table twenty times on the way to a million.
    public mutating func reserveCapacity(rows: Int) { seen.reserveCapacity(seen.count + max(0, rows)) }

    private static func postIncrement(_ value: inout Int) -> Int {
      defer { value += 1 }
      return value
    }

    /// Maps the next `records` (no header) in file order.
    public mutating func rows(_ records: some Collection<CSVReader.Record>) -> [ImportRow] {
      let mapping = importer.mapping
      let columns = columns
      var rows: [ImportRow] = []
      rows.reserveCapacity(records.count)
      for record in records {
        // Each cell once: joined, trimmed, empty as nil.
        func cell(_ index: Int?) -> String? {
          guard let index, index < record.fields.count else { return nil }
          let value = record.fields[index].joiningLines.trimmingSpaces
          return value.isEmpty ? nil : value
        }
        // A text cell: as ``CSVExporter`` escaped it against spreadsheet formulas, unescaped.
        func text(_ index: Int?) -> String? { cell(index).map(SpreadsheetFormulaEscaping.unescaped) }
        let account = text(columns.account), date = cell(columns.date), amount = cell(columns.amount)
        let debit = cell(columns.debit), credit = cell(columns.credit), payee = text(columns.payee)
        // The row's identity — account, date, amount, debit, credit and payee, joined by U+001F —
        // hashed as it is fed, and counted by its hash (no joined string formed).
        var hasher = StableHash.Streaming()
        hasher.feed(account ?? mapping.defaultAccount ?? "")
        hasher.feed(separated: date)
        hasher.feed(separated: amount)
        hasher.feed(separated: debit)
        hasher.feed(separated: credit)
        hasher.feed(separated: payee)
        // One lookup: the count so far, incremented in place.
        let occurrence = Self.postIncrement(&seen[Identity(hasher.lanes), default: 0])
        hasher.feed(byte: 0x1F)
        hasher.feed(decimal: occurrence)
        let key = CSVImporter.key(dateText: date, lanes: hasher.lanes)
        let result = Result { () throws(ImportRowError) -> AddTransaction in
          if let kind = cell(columns.kind).flatMap({ CSVExporter.Kind(rawValue: $0.lowercased()) }),
            let why = Self.refusal(of: kind)
          {
            throw ImportRowError(line: record.line, message: why)
          }
          return try importer.transaction(
            line: record.line, date: date, amount: amount, debit: debit, credit: credit, payee: payee,
            category: text(columns.category), account: account, description: text(columns.description),
            notes: text(columns.notes), tags: text(columns.tags), currency: cell(columns.currency),
            type: columns.type.map { TypeCell(text: cell($0), column: columns.typeName) }, key: key, names: &names)
        }
        rows.append(ImportRow(line: record.line, result: result, key: key))
      }
      return rows
    }

    /// Why a row of an exported register that is not a transaction is not imported.
    private static func refusal(of kind: CSVExporter.Kind) -> String? {
      switch kind {
      case .transaction: nil
      case .opening:
        "an opening balance (kind 'opening'), not a transaction; give it with `budget account open --opening`"
      case .transfer: "a transfer leg (kind 'transfer'), not a transaction; record transfers with `budget transfer`"
      }
    }
  }

  fileprivate func transaction(
    line: Int, date: String?, amount: String?, debit: String?, credit: String?, payee: String?, category: String?,
    account: String?, description: String?, notes: String?, tags: String?, currency code: String?,
    type typeCell: TypeCell?,
    key: String, names: inout NameCache
  ) throws(ImportRowError) -> AddTransaction {
    func fail(_ message: String) -> ImportRowError { ImportRowError(line: line, message: message) }
    guard let accountName = account ?? mapping.defaultAccount else { throw fail("no account; pass --account NAME") }
    let resolvedAccount: (id: AccountID, record: AccountRecord)
    do { resolvedAccount = try names.account(accountName) } catch { throw fail(error.description) }
    let currency = resolvedAccount.record.currency
    if let code, code.uppercased() != currency.code {
      throw fail(
        "the amount is in \(code) but account '\(resolvedAccount.record.name)' keeps \(currency.code); import it into an account in \(code)"
      )
    }
    guard let dateText = date else { throw fail("the date is empty") }
    let parsedDate: CivilDate
    do { parsedDate = try CivilDate(parsing: dateText, format: mapping.dateFormat) } catch {
      throw fail(error.description)
    }
    func money(_ text: String) throws(ImportRowError) -> Money {
      do { return try Money(parsing: text, currency: currency, decimalSeparator: mapping.decimalSeparator) } catch {
        throw fail(error.description)
      }
    }
    var signed: Money
    if let amount {
      signed = try money(amount)
    } else if let debit, let credit {
      throw fail("both debit (\(debit)) and credit (\(credit)) are filled; one row is one direction")
    } else if let debit {
      signed = Money(units: -(try money(debit)).units.magnitudeClamped, currency: currency)
    } else if let credit {
      signed = Money(units: (try money(credit)).units.magnitudeClamped, currency: currency)
    } else {
      throw fail("the amount is empty")
    }
    guard !signed.isZero else { throw fail("the amount is zero") }
    let categoryName = category ?? mapping.defaultCategory
    guard let categoryName else { throw fail("no category; add a category column or pass --default-category NAME") }
    let type = try direction(of: signed, amount: amount, typeCell: typeCell, fail: fail)
    var resolvedCategory: CategoryID?
    var splits: [Split] = []
    // The byte first (cheap); then as a character: a `|` a combining mark follows is part of
    // a name, not a separator.
    if categoryName.utf8.contains(UInt8(ascii: "|")), categoryName.contains("|") {
      splits = try self.splits(categoryName, currency: currency, names: &names, fail: fail)
    } else {
      do { resolvedCategory = try names.category(categoryName) } catch { throw fail(error.description) }
    }
    // The parts must add up to the amount; the rules check that (and say by how much).
    return AddTransaction(
      transaction: TransactionID(raw: StableHash.id(key, ordering: parsedDate)), account: resolvedAccount.id,
      date: parsedDate,
      amount: Money(units: signed.units.magnitudeClamped, currency: currency), type: type, category: resolvedCategory,
      splits: splits, name: payee ?? "(no payee)", description: description, notes: notes, importId: key,
      tags: tags.map { $0.split(separator: " ").map(String.init) } ?? [])
  }

  /// A row's type cell, and the column it is in (named when the cell is not a direction).
  fileprivate struct TypeCell {
    var text: String?
    var column: String
  }

  /// Whether the row's money came in or went out: its type cell's word, with the amount's
  /// magnitude — a negative amount of a money-in type contradicts itself, and is refused rather
  /// than guessed at — or, without a type column, the amount's sign.
  private func direction(
    of signed: Money, amount: String?, typeCell: TypeCell?, fail: (String) -> ImportRowError
  ) throws(ImportRowError) -> TransactionType {
    guard let typeCell else { return signed.isNegative ? .expense : .income }
    let column = typeCell.column
    guard let text = typeCell.text else {
      throw fail("the type is empty; column '\(column)' must say whether the money came in or went out")
    }
    guard let type = mapping.directionWords.direction(of: text) else {
      throw fail(mapping.directionWords.unknown(text, column: column))
    }
    if type == .income, signed.isNegative {
      throw fail(
        "the amount \(amount ?? "") is negative but its type '\(text)' says money came in; correct the row, or pass --no-type-column if the amounts are signed"
      )
    }
    return type
  }

  /// A split as ``CSVExporter`` writes it: `Food:30.00|Restaurants:12.50`, each part a category
  /// and its (unsigned) share, in the file's decimal separator.
  private func splits(
    _ cell: String, currency: Currency, names: inout NameCache, fail: (String) -> ImportRowError
  ) throws(ImportRowError) -> [Split] {
    var splits: [Split] = []
    for part in cell.split(separator: "|", omittingEmptySubsequences: false) {
      guard let colon = part.lastIndex(of: ":") else {
        throw fail("split part '\(part)' has no amount; write splits as Food:30.00|Restaurants:12.50")
      }
      let name = String(part[..<colon]).trimmingSpaces,
        amountText = String(part[part.index(after: colon)...]).trimmingSpaces
      let category: CategoryID
      do { category = try names.category(name) } catch { throw fail(error.description) }
      let amount: Money
      do {
        amount = try Money(parsing: amountText, currency: currency, decimalSeparator: mapping.decimalSeparator)
      } catch {
        throw fail("split part '\(part)': \(error.description)")
      }
      splits.append(Split(category: category, amount: amount))
    }
    return splits
  }

  /// A row's idempotency key: `csv:2024-03-15:<hash>` — the date cell as written (trimmed), so
  /// that reading it with another `--date-format` gives the same key — or `csv::<hash>` for a
  /// row without a date (it is rejected, so the key is never recorded). A date cell longer than
  /// a date is left out: a row whose date parsed has a short one.
  static func key(dateText: String?, lanes: (UInt64, UInt64)) -> String {
    let date = dateText.flatMap { $0.utf8.count <= 32 ? $0 : nil } ?? ""
    // Formed in one string after the prefix (a small string for an ISO date).
    return StableHash.hex(lanes: lanes, after: "csv:" + date + ":")
  }
}

extension Int64 {
  /// |self|, with Int64.min clamped to Int64.max (the rules reject it as too large anyway).
  var magnitudeClamped: Int64 { self == .min ? .max : Swift.abs(self) }
}

extension String {
  /// A quoted cell that spans lines (a bank's multi-line memo), as one line: each run of line
  /// breaks and tabs becomes a space. A transaction's texts hold no control characters.
  var joiningLines: String {
    func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D || byte == 0x09 }
    // The bytes where they are, for a native string (every cell the reader makes).
    guard utf8.withContiguousStorageIfAvailable({ $0.contains(where: isBreak) }) ?? utf8.contains(where: isBreak)
    else { return self }
    return split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" || $0 == "\t" }).joined(separator: " ")
  }

  var trimmingSpaces: String {
    // Most cells: a visible ASCII character at both ends (Unicode spaces are not ASCII), so
    // there is nothing to trim and no Character needs its Unicode properties looked up.
    if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
      return self
    }
    var slice = Substring(self)
    while let first = slice.first, first.isWhitespace { slice.removeFirst() }
    while let last = slice.last, last.isWhitespace { slice.removeLast() }
    return String(slice)
  }
}
