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
  /// The key earlier versions gave this row (`csv-` + the hash, before keys led with the date).
  /// A ledger that holds such keys is checked against them too, so that importing an old
  /// statement again still adds nothing.
  public var legacyKey: String
}

/// Why a row was rejected before reaching the rules.
public struct ImportRowError: Error, Sendable, Hashable, CustomStringConvertible {
  public var line: Int
  public var message: String
  public var description: String { "line \(line): \(message)" }
}
