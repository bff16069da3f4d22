import Bytes
import LedgerDomain

/// Reads what ``SnapshotWriter`` wrote; throws ``CodecError`` on anything else.
struct SnapshotReader {
  private let bytes: [UInt8]
  private var offset = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var isAtEnd: Bool { offset == bytes.count }

  mutating func byte() throws(CodecError) -> UInt8 {
    guard offset < bytes.count else { throw .truncated }
    defer { offset += 1 }
    return bytes[offset]
  }

  mutating func varint() throws(CodecError) -> UInt64 {
    let value = bytes.readVarint(at: &offset)
    guard let value else { throw .truncated }
    return value
  }

  mutating func count() throws(CodecError) -> Int {
    let value = try varint()
    guard value <= UInt64(bytes.count) * 8 + 1_000_000 else { throw .malformed("a count of \(value) is out of range") }
    return Int(value)
  }

  mutating func signed() throws(CodecError) -> Int64 {
    let value = bytes.readSignedVarint(at: &offset)
    guard let value else { throw .truncated }
    return value
  }

  mutating func int() throws(CodecError) -> Int {
    let value = try signed()
    guard let int = Int(exactly: value) else { throw .malformed("\(value) is out of range") }
    return int
  }

  mutating func bool() throws(CodecError) -> Bool {
    switch try byte() {
    case 0: return false
    case 1: return true
    case let other: throw .malformed("\(other) is not a flag")
    }
  }

  mutating func run() throws(CodecError) -> ArraySlice<UInt8> {
    let length = try count()
    guard length <= bytes.count - offset else { throw .truncated }
    defer { offset += length }
    return bytes[offset..<offset + length]
  }

  mutating func string() throws(CodecError) -> String {
    let run = try run()
    guard let text = String(validating: run, as: UTF8.self) else { throw .malformed("text is not UTF-8") }
    return text
  }

  mutating func rawID() throws(CodecError) -> EntityID {
    guard bytes.count - offset >= 16, let id = EntityID(bigEndianBytes: bytes[offset..<offset + 16]) else {
      throw .truncated
    }
    offset += 16
    return id
  }

  mutating func id<ID: EntityIdentifier>(_ type: ID.Type = ID.self) throws(CodecError) -> ID {
    ID(raw: try rawID())
  }

  mutating func optionalID<ID: EntityIdentifier>(_ type: ID.Type = ID.self) throws(CodecError) -> ID? {
    try bool() ? try id(ID.self) : nil
  }

  mutating func date() throws(CodecError) -> CivilDate {
    let days = try int()
    do { return try CivilDate(daysSinceEpoch: days) } catch { throw .malformed("day \(days) is not a date") }
  }

  mutating func optionalDate() throws(CodecError) -> CivilDate? { try bool() ? try date() : nil }

  mutating func month() throws(CodecError) -> YearMonth {
    let index = try int()
    do { return try YearMonth(year: index / 12, month: index % 12 + 1) } catch {
      throw .malformed("month \(index) is out of range")
    }
  }

  /// A currency, written as its own code: looked up as it is, not normalised as typed input.
  mutating func currency() throws(CodecError) -> Currency {
    let code = try string()
    guard let currency = Currency.table[code] else { throw .malformed("'\(code)' is not a currency") }
    return currency
  }

  mutating func money() throws(CodecError) -> Money {
    let units = try signed()
    return Money(units: units, currency: try currency())
  }

  mutating func optionalMoney() throws(CodecError) -> Money? { try bool() ? try money() : nil }

  mutating func raw<T: RawRepresentable<String>>(_ type: T.Type) throws(CodecError) -> T {
    let text = try string()
    guard let value = T(rawValue: text) else { throw .malformed("'\(text)' is not a \(T.self)") }
    return value
  }

  mutating func payload<P: EventPayload>(_ type: P.Type) throws(CodecError) -> P {
    try P.decode(schemaVersion: P.schemaVersion, from: Array(try run()))
  }
}

extension SnapshotReader {
  /// The bytes not read yet (all of them consumed).
  mutating func rest() -> [UInt8] {
    defer { offset = bytes.count }
    return Array(bytes[offset...])
  }
}
