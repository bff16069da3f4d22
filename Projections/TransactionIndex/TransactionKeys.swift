import LedgerDomain
import ProjectionEngine

/// Keys of the transaction-index tables. Every index key ends with the same 24-byte suffix,
/// `day (8, ordered) ‖ transaction id (16)`, so one scan over a prefix walks it by date.
enum TransactionKeys {
  /// Bytes of the `day ‖ id` suffix.
  static let suffixSize = 24

  static func id(_ id: EntityID) -> [UInt8] { KeyBuilder.words(id.high, id.low) }

  /// `day ‖ id`, the suffix of every index key.
  static func suffix(day: Int, _ id: EntityID) -> [UInt8] {
    KeyBuilder.words(KeyBuilder.ordered(Int64(day)), id.high, id.low)
  }

  static func suffix(_ date: CivilDate, _ id: EntityID) -> [UInt8] { suffix(day: date.daysSinceEpoch, id) }

  /// The smallest suffix of `day` (inclusive lower bound of that day).
  static func startOf(day: Int) -> [UInt8] { suffix(day: day, EntityID(high: 0, low: 0)) }

  /// `owner (16) ‖ day ‖ id`, the key of the category, account and period indexes.
  static func owned(_ owner: EntityID, _ suffix: [UInt8]) -> [UInt8] {
    var key = KeyBuilder(capacity: 16 + suffixSize)
    key.append(owner.high)
    key.append(owner.low)
    key.append(bytes: suffix)
    return key.bytes
  }

  /// `word (24, zero-padded) ‖ day ‖ id`, the key of the text index.
  static func word(_ token: [UInt8], _ suffix: [UInt8]) -> [UInt8] {
    var key = token
    key.reserveCapacity(TextTokens.width + suffixSize)
    key.append(contentsOf: repeatElement(0, count: TextTokens.width - token.count))
    key.append(contentsOf: suffix)
    return key
  }

  /// The date and transaction id in the last 24 bytes of an index key.
  static func decodeSuffix(_ key: some Collection<UInt8>) -> (date: CivilDate, id: EntityID)? {
    let start = key.count - suffixSize
    guard start >= 0, let date = try? CivilDate(daysSinceEpoch: Int(KeyBuilder.signed(KeyBuilder.word(key, at: start))))
    else {
      return nil
    }
    return (date, EntityID(high: KeyBuilder.word(key, at: start + 8), low: KeyBuilder.word(key, at: start + 16)))
  }

  /// The smallest key greater than `key` of the same size.
  static func successor(_ key: [UInt8]) -> [UInt8] {
    var next = key
    for index in next.indices.reversed() {
      if next[index] < 0xFF {
        next[index] += 1
        return next
      }
      next[index] = 0
    }
    return key
  }

  static func smaller(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] { b.lexicographicallyPrecedes(a) ? b : a }

  static func larger(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] { a.lexicographicallyPrecedes(b) ? b : a }
}
