import Bytes
import LedgerDomain

/// Reads the ``BinaryEncoder`` form directly from stored bytes, for the hottest event types.
///
/// `Codable` decoding costs several microseconds per transaction — a class per decoding,
/// existential containers, a `String` for every id and date before it is parsed — and replays
/// and rebuilds decode every event of the log. This reader parses ids, dates, currencies and
/// enums in place. It only recognises the well-formed case: every method returns `nil` on
/// anything unexpected, and the caller then decodes with ``BinaryDecoder``, which says
/// precisely what is wrong. Tests check that both decoders agree.
struct PayloadReader {
  private let bytes: UnsafeRawBufferPointer
  private var offset = 0

  init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  var isAtEnd: Bool { offset == bytes.count }

  mutating func byte() -> UInt8? {
    guard offset < bytes.count else { return nil }
    defer { offset += 1 }
    return bytes[offset]
  }

  mutating func varint() -> UInt64? { bytes.readVarint(at: &offset) }

  mutating func signed() -> Int64? { bytes.readSignedVarint(at: &offset) }

  /// A length-prefixed run of bytes, in place.
  mutating func run() -> UnsafeRawBufferPointer? {
    guard let length = varint(), length <= UInt64(bytes.count - offset) else { return nil }
    defer { offset += Int(length) }
    return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + Int(length)])
  }

  mutating func bool() -> Bool? {
    switch byte() {
    case 0: false
    case 1: true
    default: nil
    }
  }

  mutating func string() -> String? {
    guard let run = run() else { return nil }
    // ASCII — nearly all text — is valid UTF-8 as it stands: no validation pass needed.
    if ASCIIBytes.areASCII(run) { return String(decoding: run, as: UTF8.self) }
    return String(validating: run, as: UTF8.self)
  }

  /// ``string()``; or, not `keeping` it, the string stepped over — checked to be well-formed
  /// UTF-8 as ``string()`` checks it, so that the same bytes are accepted — and `""` in its
  /// place: for readers that do not need the text (``TransactionAdded/init(fastDecoding:text:)``).
  mutating func string(keeping: Bool) -> String? {
    if keeping { return string() }
    guard let run = run(), ASCIIBytes.areASCII(run) || String(validating: run, as: UTF8.self) != nil else { return nil }
    return ""
  }

  /// ``optionalString()``, or stepped over as ``string(keeping:)`` steps over a string: a
  /// stored value comes back as `nil`.
  mutating func optionalString(keeping: Bool) -> String?? {
    if keeping { return optionalString() }
    guard let present = bool() else { return nil }
    guard !present || string(keeping: false) != nil else { return nil }
    return .some(nil)
  }

  /// Whether `bytes` are exactly `expected`'s.
  static func equal(_ bytes: UnsafeRawBufferPointer, _ expected: StaticString) -> Bool {
    ASCIIBytes.equal(bytes, expected)
  }

  /// An optional string: a presence byte, then the string. `.some(nil)` is a stored `nil`.
  mutating func optionalString() -> String?? {
    guard let present = bool() else { return nil }
    guard present else { return .some(nil) }
    guard let text = string() else { return nil }
    return .some(text)
  }

  mutating func id() -> EntityID? {
    guard let run = run() else { return nil }
    return EntityID.parseCanonical(bytes: run)
  }

  mutating func optionalID() -> EntityID?? {
    guard let present = bool() else { return nil }
    guard present else { return .some(nil) }
    guard let id = id() else { return nil }
    return .some(id)
  }

  /// An ISO date, `YYYY-MM-DD`.
  mutating func date() -> CivilDate? {
    guard let run = run(), run.count == 10, run[4] == UInt8(ascii: "-"), run[7] == UInt8(ascii: "-") else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for index in range {
        let digit = run[index] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        value = value * 10 + Int(digit)
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
    return try? CivilDate(year: year, month: month, day: day)
  }

  mutating func money() -> Money? {
    guard let units = signed(), let run = run(), run.count == 3 else { return nil }
    let code = UInt32(run[0]) << 16 | UInt32(run[1]) << 8 | UInt32(run[2])
    guard let index = Currency.knownCodes.firstIndex(of: code) else { return nil }
    return Money(units: units, currency: Currency.known[index])
  }

  mutating func transactionType() -> TransactionType? {
    guard let run = run() else { return nil }
    if Self.equal(run, "expense") { return .expense }
    if Self.equal(run, "income") { return .income }
    return nil
  }
}
