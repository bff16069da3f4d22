/// Why an amount or currency was refused, or why arithmetic on amounts could not be done.
///
/// Every case tells the user what was wrong and how to fix it. Nothing here is ever rounded or
/// wrapped silently: an amount is either exact or an error.
public enum MoneyError: Error, Sendable, Equatable, CustomStringConvertible {
  /// `text` is not an amount; `reason` says what is wrong with it.
  case invalidAmount(text: String, reason: String)
  /// `text` has more decimal places than the ledger keeps (4); the amount is not rounded.
  case tooManyDecimalPlaces(text: String, places: Int)
  /// The result of `operation` (e.g. `adding 1.00 EUR to …`) does not fit in an amount.
  case overflow(operation: String)
  /// `text` is an amount too large for any ledger: the same refusal, in the same words, as
  /// an amount the rules find beyond ``Money/maximumAmount``.
  case beyondLedgerLimit(text: String)
  /// Two amounts in different currencies were combined or compared.
  case currencyMismatch(Currency, Currency)
  /// `code` is not a known ISO 4217 currency; `suggestion` is the nearest known code, if close.
  case unknownCurrency(code: String, suggestion: Currency?)
  /// An amount was divided by zero.
  case divisionByZero
  /// An amount was split into fewer than one part.
  case invalidParts(Int)

  public var description: String {
    switch self {
    case .invalidAmount(let text, let reason):
      return "'\(text)' is not an amount: \(reason)"
    case .tooManyDecimalPlaces(let text, let places):
      return "'\(text)' has \(places) decimal places; at most 4 are kept exactly, and amounts are never "
        + "rounded — round it to 4 decimal places yourself"
    case .overflow(let operation):
      return "\(operation) overflows: amounts are limited to ±922,337,203,685,477.5807; "
        + "use smaller amounts"
    case .beyondLedgerLimit(let text):
      return "'\(text)' \(Money.beyondLimitReason)"
    case .currencyMismatch(let lhs, let rhs):
      return "cannot combine an amount in \(lhs.code) with one in \(rhs.code); "
        + "convert one of them to the other currency first"
    case .unknownCurrency(let code, let suggestion?):
      return "unknown currency '\(code)' — did you mean '\(suggestion.code)'?"
    case .unknownCurrency(let code, nil):
      let letters = code.trimmedScalars
      let isThreeLetters = letters.count == 3 && letters.allSatisfy { $0.properties.isAlphabetic && $0.isASCII }
      return isThreeLetters
        ? "unknown currency '\(code)'; use an ISO 4217 code the ledger knows, such as EUR, USD or GBP"
        : "'\(code)' is not a currency code; use three letters, such as EUR, USD or GBP"
    case .divisionByZero:
      return "cannot divide an amount by zero; use a divisor other than 0"
    case .invalidParts(let parts):
      return "cannot split an amount into \(parts) parts; use 1 or more parts"
    }
  }
}
