import Bytes
import LedgerDomain

/// Writes the compact binary form of a state snapshot: varints, day numbers for dates, raw
/// 16-byte ids, and length-prefixed event payloads for the records that are events.
struct SnapshotWriter {
  private(set) var bytes: [UInt8] = []

  init(capacity: Int = 4096) { bytes.reserveCapacity(capacity) }

  mutating func varint(_ value: UInt64) { bytes.appendVarint(value) }
  mutating func count(_ value: Int) { varint(UInt64(max(0, value))) }
  mutating func signed(_ value: Int64) { bytes.appendSignedVarint(value) }
  mutating func int(_ value: Int) { signed(Int64(value)) }
  mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

  mutating func string(_ value: String) {
    var value = value
    value.withUTF8 { utf8 in
      count(utf8.count)
      bytes.append(contentsOf: utf8)
    }
  }

  mutating func id(_ value: some EntityIdentifier) { rawID(value.raw) }

  mutating func rawID(_ value: EntityID) { bytes += value.bigEndianBytes }

  mutating func optionalID(_ value: (some EntityIdentifier)?) {
    bool(value != nil)
    if let value { id(value) }
  }

  mutating func date(_ value: CivilDate) { int(value.daysSinceEpoch) }

  mutating func optionalDate(_ value: CivilDate?) {
    bool(value != nil)
    if let value { date(value) }
  }

  mutating func month(_ value: YearMonth) { int(value.year * 12 + value.month - 1) }

  mutating func money(_ value: Money) {
    signed(value.units)
    string(value.currency.code)
  }

  mutating func optionalMoney(_ value: Money?) {
    bool(value != nil)
    if let value { money(value) }
  }

  /// An event's stored payload (its current schema version), length-prefixed.
  mutating func payload<P: EventPayload>(_ value: P) throws(CodecError) {
    let encoded = try value.encodedPayload(schemaVersion: P.schemaVersion)
    count(encoded.count)
    bytes.append(contentsOf: encoded)
  }

  mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }
}
