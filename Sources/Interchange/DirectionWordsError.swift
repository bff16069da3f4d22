/// Why words given for a type column's directions cannot be used (``DirectionWords``).
public enum DirectionWordsError: Error, Sendable, Hashable, CustomStringConvertible {
  /// No word, or an empty one, for `direction` ("income" or "expense").
  case noWord(direction: String)
  /// `word` was given for money in and for money out.
  case inBoth(word: String)

  public var description: String {
    switch self {
    case .noWord(let direction):
      "the words for \(direction) are empty; give at least one, separated by commas (\(direction == "income" ? "--income-values in,refund" : "--expense-values out"))"
    case .inBoth(let word):
      "'\(word)' is given both for money in and for money out; a type means one direction"
    }
  }
}
