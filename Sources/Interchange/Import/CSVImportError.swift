import LedgerDomain

/// Why a CSV file cannot be imported as it is (nothing was recorded).
public enum CSVImportError: Error, Sendable, Equatable, CustomStringConvertible {
  /// An option is out of range or contradicts another (the mapping is not usable).
  case invalidOptions(String)
  /// The text is not CSV a reader can split (an unterminated quote, …).
  case malformed(CSVError)
  /// The header lacks a column the mapping names, or the file is empty.
  case mapping(ImportRowError)
  /// Every amount is positive and nothing gives the rows' direction: unsigned amounts?
  case unsignedAmounts

  public var description: String {
    switch self {
    case .invalidOptions(let message): message
    case .malformed(let error): error.description
    case .mapping(let error): error.description
    case .unsignedAmounts:
      "every amount is positive, so every row would be money received; if the file's amounts are unsigned, give the direction with a type column, or debit/credit columns; if they really are all income, import it as all income"
    }
  }
}
