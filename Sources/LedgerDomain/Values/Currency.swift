/// A currency the ledger knows: its ISO 4217 code and how many minor-unit digits it uses.
///
/// Only currencies in the built-in table (``Currency/known``) exist, so a typo such as `EUO` is
/// caught when the value is created instead of silently becoming a new currency. The minor-unit
/// digits decide how amounts are printed (`42.50 EUR`, `42 JPY`, `1.250 KWD`); amounts themselves
/// always keep four decimal places (see ``Money``).
public struct Currency: Sendable, Hashable, CustomStringConvertible {
  /// The three uppercase ASCII letters of the ISO 4217 code, e.g. `EUR`.
  public let code: String

  /// How many decimal places the currency normally shows: 2 for EUR, 0 for JPY, 3 for KWD.
  public let minorUnitDigits: Int

  /// Builds a table entry; only the table in `Currency+Table.swift` calls this.
  init(uncheckedCode code: String, minorUnitDigits: Int) {
    self.code = code
    self.minorUnitDigits = minorUnitDigits
  }

  /// Looks up a currency by its ISO 4217 code, ignoring case and surrounding whitespace.
  ///
  /// Unknown codes are refused with ``MoneyError/unknownCurrency(code:suggestion:)``, which
  /// suggests the nearest known code when the input is one typo away from it (`EUO` → `EUR`).
  public init(code text: String) throws(MoneyError) {
    let normalized = Self.normalize(text)
    if let known = Self.table[normalized] {
      self = known
      return
    }
    throw .unknownCurrency(code: text, suggestion: Self.suggestion(for: normalized))
  }

  /// The ISO code, e.g. `EUR`.
  public var description: String { code }

  /// Trims surrounding whitespace and upper-cases ASCII letters; other characters are kept so
  /// the lookup fails on them.
  private static func normalize(_ text: String) -> String {
    let scalars = text.trimmedScalars
    var result = String.UnicodeScalarView()
    for scalar in scalars {
      if ("a"..."z").contains(scalar), let upper = Unicode.Scalar(scalar.value - 32) {
        result.append(upper)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// The first known code (in table order, most used first) within one edit — a wrong,
  /// missing, extra or swapped letter — of `code`, if any.
  private static func suggestion(for code: String) -> Currency? {
    let input = Array(code.unicodeScalars)
    guard !input.isEmpty, input.count <= 4 else { return nil }
    return known.first { editDistance(input, Array($0.code.unicodeScalars)) <= 1 }
  }

  /// Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of
  /// neighbouring letters each cost one.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          best = min(best, table[i - 2][j - 2] + 1)
        }
        table[i][j] = best
      }
    }
    return table[a.count][b.count]
  }
}
