import LedgerDomain

/// The words a CSV's type column uses for money in and money out (`income`, `expense`), matched
/// ignoring case and the spaces around them.
///
/// A file whose amounts are unsigned says each row's direction in such a column; read as a
/// signed amount instead, every expense would be booked as money received. Matching is done on
/// the cell's bytes against words lowercased once, so that an import pays a few byte
/// comparisons per row, not a lowercased copy of every cell.
public struct DirectionWords: Sendable, Hashable {
  /// The words meaning money came in, as given.
  public let income: [String]
  /// The words meaning money went out, as given.
  public let expense: [String]
  /// The words lowercased, as UTF-8, with the direction each says.
  private let folded: [(bytes: [UInt8], type: TransactionType)]

  /// The words most banks and apps write: `income` or `credit` for money in, `expense` or
  /// `debit` for money out.
  public static let standard = DirectionWords(checked: ["income", "credit"], expense: ["expense", "debit"])

  /// Words for money in and money out. Each is trimmed; none may be empty or stand for both.
  public init(income: [String], expense: [String]) throws(DirectionWordsError) {
    let income = income.map(\.trimmingSpaces), expense = expense.map(\.trimmingSpaces)
    guard !income.isEmpty, !income.contains(where: \.isEmpty) else { throw .noWord(direction: "income") }
    guard !expense.isEmpty, !expense.contains(where: \.isEmpty) else { throw .noWord(direction: "expense") }
    let expenseKeys = Set(expense.map { $0.lowercased() })
    if let both = income.first(where: { expenseKeys.contains($0.lowercased()) }) { throw .inBoth(word: both) }
    self.init(checked: income, expense: expense)
  }

  private init(checked income: [String], expense: [String]) {
    self.income = income
    self.expense = expense
    folded =
      income.map { (Array($0.lowercased().utf8), TransactionType.income) }
      + expense.map { (Array($0.lowercased().utf8), TransactionType.expense) }
  }

  /// The direction `cell` (trimmed) names, or `nil` if it is none of the words.
  public func direction(of cell: String) -> TransactionType? {
    if let type = direction(ofBytes: cell.utf8) { return type }
    // Letters outside ASCII in another case ("AUSGÄBE"): compared lowercased, as a whole.
    guard cell.utf8.contains(where: { $0 >= 0x80 }) else { return nil }
    return direction(ofBytes: cell.lowercased().utf8)
  }

  /// The direction of `bytes`, comparing ASCII letters ignoring case.
  private func direction(ofBytes bytes: String.UTF8View) -> TransactionType? {
    let count = bytes.count
    for word in folded where word.bytes.count == count {
      if zip(word.bytes, bytes).allSatisfy({ $0 == Self.asciiLowercase($1) }) { return word.type }
    }
    return nil
  }

  private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
  }

  /// Why a row's `cell` names no direction, with the words that do.
  func unknown(_ cell: String, column: String) -> String {
    "type '\(cell)' is neither money in (\(Self.list(income))) nor money out (\(Self.list(expense))); "
      + "name its words with --income-values/--expense-values, or pass --no-type-column if column '\(column)' does not say the direction"
  }

  private static func list(_ words: [String]) -> String { words.map { "'\($0)'" }.joined(separator: ", ") }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.income == rhs.income && lhs.expense == rhs.expense }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(income)
    hasher.combine(expense)
  }
}
