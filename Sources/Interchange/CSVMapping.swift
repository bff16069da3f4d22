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
