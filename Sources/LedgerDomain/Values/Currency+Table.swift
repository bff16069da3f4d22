extension Currency {
  /// US dollar, 2 minor-unit digits.
  public static let usd = Currency(uncheckedCode: "USD", minorUnitDigits: 2)
  /// Euro, 2 minor-unit digits.
  public static let eur = Currency(uncheckedCode: "EUR", minorUnitDigits: 2)
  /// Pound sterling, 2 minor-unit digits.
  public static let gbp = Currency(uncheckedCode: "GBP", minorUnitDigits: 2)
  /// Swiss franc, 2 minor-unit digits.
  public static let chf = Currency(uncheckedCode: "CHF", minorUnitDigits: 2)
  /// Japanese yen, no minor units.
  public static let jpy = Currency(uncheckedCode: "JPY", minorUnitDigits: 0)

  /// Every currency the ledger accepts, most widely used first (suggestions for typos prefer
  /// earlier entries). Minor-unit digits follow ISO 4217.
  public static let known: [Currency] =
    [usd, eur, gbp, chf, jpy]
    + [
      ("CAD", 2), ("AUD", 2), ("NZD", 2), ("SEK", 2), ("NOK", 2), ("DKK", 2), ("PLN", 2), ("CZK", 2),
      ("HUF", 2), ("CNY", 2), ("INR", 2), ("BRL", 2), ("MXN", 2), ("ZAR", 2), ("KRW", 0), ("SGD", 2),
      ("HKD", 2), ("KWD", 3), ("BHD", 3), ("TND", 3), ("ISK", 0), ("TRY", 2), ("ILS", 2), ("AED", 2),
      ("RUB", 2), ("UAH", 2), ("THB", 2), ("IDR", 2), ("MYR", 2), ("PHP", 2), ("CLP", 0), ("COP", 2),
      ("ARS", 2), ("VND", 0), ("RON", 2), ("BGN", 2), ("RSD", 2), ("TWD", 2), ("SAR", 2), ("QAR", 2),
      ("OMR", 3), ("JOD", 3), ("IQD", 3), ("LYD", 3), ("EGP", 2), ("MAD", 2), ("NGN", 2), ("KES", 2),
      ("GHS", 2), ("PKR", 2), ("BDT", 2), ("LKR", 2), ("PEN", 2), ("UYU", 2), ("PYG", 0), ("UGX", 0),
      ("RWF", 0), ("XAF", 0), ("XOF", 0), ("XPF", 0), ("GEL", 2), ("KZT", 2),
    ].map { Currency(uncheckedCode: $0.0, minorUnitDigits: $0.1) }

  /// ``known`` by code, for lookups.
  package static let table: [String: Currency] = Dictionary(
    known.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
}
