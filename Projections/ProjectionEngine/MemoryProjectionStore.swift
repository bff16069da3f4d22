#if canImport(Glibc)
  import Glibc
#endif
/// A ``ProjectionStore`` in memory: rebuilds fold here at memory speed, then write the rows
/// to fresh tables in key order; deep verification folds here and compares.
public struct MemoryProjectionStore: ProjectionStore, Sendable {
  /// table → logical key → versions in position order.
  private(set) var tables: [String: [StoreKey: [(position: UInt64, value: [UInt8])]]] = [:]
  /// As ``LMDBProjectionStore/commitStart``: where this commit's rows are versioned.
  var commitStart: UInt64?

  public init() {}

  public func value(in table: String, key: [UInt8], asKnownAt position: UInt64) throws -> [UInt8]? {
    guard let versions = tables[table]?[StoreKey(key)] else { return nil }
    guard let newest = versions.last(where: { $0.position <= position }), !newest.value.isEmpty else { return nil }
    return newest.value
  }

  public mutating func put(in table: String, key: [UInt8], value: [UInt8], at position: UInt64) throws {
    let key = StoreKey(key)
    let position = commitStart ?? position
    // A second write of a key at the same position replaces the first, as in LMDB.
    tables[table, default: [:]][key, default: []].withLast(at: position) { $0 = value } orAppend: { (position, value) }
  }

  /// Every stored row of `table` — `(logical key ‖ position, value)` — in LMDB key order.
  func sortedRows(of table: String) -> [(key: [UInt8], value: [UInt8])] {
    guard let rows = tables[table] else { return [] }
    var result: [(key: [UInt8], value: [UInt8])] = []
    result.reserveCapacity(rows.count)
    for key in rows.keys.sorted(by: StoreKey.precedes) {
      for version in rows[key]! { result.append((VersionedKey.make(key.bytes, position: version.position), version.value)) }
    }
    return result
  }
}

/// A logical key as a dictionary key, hashed as one block of bytes (an `[UInt8]` would be
/// hashed element by element, which dominated rebuild time).
struct StoreKey: Hashable, Sendable {
  let bytes: [UInt8]

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  func hash(into hasher: inout Hasher) {
    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
  }

  /// LMDB's key order (bytewise, shorter first on a tie), compared with `memcmp`: sorting a
  /// rebuild's keys with the generic lexicographic comparison dominated its write phase.
  static func precedes(_ a: StoreKey, _ b: StoreKey) -> Bool {
    a.bytes.withUnsafeBytes { x in
      b.bytes.withUnsafeBytes { y in
        let common = min(x.count, y.count)
        let order = common == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, common)
        return order != 0 ? order < 0 : x.count < y.count
      }
    }
  }
}

extension Array where Element == (position: UInt64, value: [UInt8]) {
  /// Replaces the last version's value if it is at `position`, else appends a new version.
  mutating func withLast(at position: UInt64, _ replace: (inout [UInt8]) -> Void, orAppend make: () -> Element) {
    if let index = indices.last, self[index].position == position { replace(&self[index].value) } else { append(make()) }
  }
}
