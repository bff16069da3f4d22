import LedgerDomain

/// How the columns of a bank's CSV map to transactions.
public struct CSVMapping: Sendable, Hashable {
  /// Column names (matched ignoring case and surrounding spaces).
  public var date = "date"
  /// A signed amount column (negative = expense) …
  public var amount: String? = "amount"
  /// … or separate debit (money out) and credit (money in) columns.
  public var debit: String?
  public var credit: String?
  /// A column whose value says whether the row's money came in or went out
  /// (``directionWords``); the amount's magnitude is then the amount. `nil`: a column named
  /// `type`, if there is one, the direction comes from ``amount`` and ``detectsType``.
  public var type: String?
  /// Whether a column named `type` is read as the direction when ``type`` is `nil`.
  public var detectsType = true
  /// The words of the type column for money in and money out.
  public var directionWords = DirectionWords.standard
  public var payee = "payee"
  public var category: String? = "category"
  /// `nil`: a column named `account`, if there is one and no ``defaultAccount``.
  public var account: String?
  /// `nil`: a column named `description`, if there is one.
  public var description: String?
  /// `nil`: a column named `notes`, if there is one.
  public var notes: String?
  /// Tags separated by spaces; `nil`: a column named `tags`, if there is one.
  public var tags: String?
  public var dateFormat: DateFormat = .iso
  public var decimalSeparator: DecimalSeparator = .period
  /// The category for rows without one (or without a category column).
  public var defaultCategory: String?
  /// The account for rows without an account column.
  public var defaultAccount: String?

  public init() {}
}

/// One CSV row turned into a transaction, or the reason it could not be.
public struct ImportRow: Sendable {
  public var line: Int
  public var result: Result<TransactionAdded, ImportRowError>
  /// Stable across re-imports of the same file: repeats add nothing.
  public var key: String

  public init(line: Int, result: Result<TransactionAdded, ImportRowError>, key: String) {
    self.line = line
    self.result = result
    self.key = key
  }

  /// The key earlier versions gave this row (`csv-` + the hash, before keys led with the date).
  /// A ledger that holds such keys is checked against them too, so that importing an old
  /// statement again still adds nothing. Formed when asked (rarely: see `ImportedRows`).
  public var legacyKey: String {
    // The hash (and a generation suffix, `~2`) follows the key's last colon.
    guard let colon = key.utf8.lastIndex(of: UInt8(ascii: ":")) else { return "csv-" + key }
    return "csv-" + key[key.utf8.index(after: colon)...]
  }
}

/// Why a row was rejected before reaching the rules.
public struct ImportRowError: Error, Sendable, Hashable, CustomStringConvertible {
  public var line: Int
  public var message: String

  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }

  public var description: String { "line \(line): \(message)" }
}

extension ImportRow {
  /// The row as a new transaction of its own, after the one its key recorded was taken back by
  /// `undo`: the key gets a suffix (`~2`, `~3`, …), and the transaction the id and import id
  /// that follow from it. Re-importing a file after undoing its import then adds the rows again
  /// — as the file now maps them — while every later import still finds them recorded.
  public func again(generation: Int) -> ImportRow {
    let base = key.split(separator: "~", maxSplits: 1).first.map(String.init) ?? key
    var row = self
    // Nor is it the row an earlier release recorded under its legacy key, which follows.
    row.key = base + "~\(generation)"
    if case .success(var added) = result {
      added.transaction = TransactionID(raw: StableHash.id(row.key, ordering: added.date))
      added.importId = row.key
      row.result = .success(added)
    }
    return row
  }
}
