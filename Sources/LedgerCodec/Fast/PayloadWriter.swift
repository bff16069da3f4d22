import Bytes
import LedgerDomain

/// Writes the ``BinaryEncoder`` form directly, for the hottest event types: the mirror of
/// ``PayloadReader``.
///
/// `Codable` encoding goes through existential containers and builds a `String` for every id
/// and date; an import encodes one transaction per row on the log's writer, which every other
/// caller waits for. Tests check that both encoders produce the same bytes.
struct PayloadWriter {
  private(set) var bytes: [UInt8] = []

  init(capacity: Int) { bytes.reserveCapacity(capacity) }

  mutating func varint(_ value: UInt64) { bytes.appendVarint(value) }

  mutating func signed(_ value: Int64) { bytes.appendSignedVarint(value) }

  mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

  mutating func string(_ value: String) {
    var value = value
    value.withUTF8 { utf8 in
      varint(UInt64(utf8.count))
      bytes.append(contentsOf: utf8)
    }
  }

  /// A presence byte, then the string if there is one.
  mutating func optionalString(_ value: String?) {
    bool(value != nil)
    if let value { string(value) }
  }

  /// The canonical lowercase text, length-prefixed.
  mutating func id(_ value: EntityID) {
    varint(36)
    value.appendCanonical(to: &bytes)
  }

  mutating func optionalID(_ value: EntityID?) {
    bool(value != nil)
    if let value { id(value) }
  }

  /// `YYYY-MM-DD`, length-prefixed; `false` (nothing written) for a year that is not four
  /// digits, which the caller leaves to ``BinaryEncoder``.
  mutating func date(_ value: CivilDate) -> Bool {
    guard (0...9999).contains(value.year) else { return false }
    varint(10)
    // Formed on the stack and appended at once.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { text in
      func digits(_ number: Int, _ count: Int, at start: Int) {
        var number = number
        for index in (start..<start + count).reversed() {
          text[index] = UInt8(ascii: "0") + UInt8(number % 10)
          number /= 10
        }
      }
      digits(value.year, 4, at: 0)
      text[4] = UInt8(ascii: "-")
      digits(value.month, 2, at: 5)
      text[7] = UInt8(ascii: "-")
      digits(value.day, 2, at: 8)
      bytes.append(contentsOf: UnsafeBufferPointer(text))
    }
    return true
  }

  mutating func money(_ value: Money) {
    signed(value.units)
    string(value.currency.code)
  }

  mutating func transactionType(_ value: TransactionType) { string(value.rawValue) }
}
