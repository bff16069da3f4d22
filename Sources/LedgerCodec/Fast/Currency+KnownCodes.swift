import LedgerDomain

extension Currency {
  /// The codes of ``LedgerDomain/Currency/known`` as three bytes in a word, in the same order:
  /// decoding a stored amount finds its currency without making a `String`.
  static let knownCodes: [UInt32] = known.map { currency in
    currency.code.utf8.reduce(0) { $0 << 8 | UInt32($1) }
  }
}
