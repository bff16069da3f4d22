/// A ``ProjectionStore`` in memory: rebuilds fold here at memory speed, then write the rows
/// to fresh tables in key order; deep verification folds here and compares.
public struct MemoryProjectionStore: ProjectionStore, Sendable {
  /// table → logical key → versions in position order.
  private(set) var tables: [String: [[UInt8]: [(position: UInt64, value: [UInt8])]]] = [:]

  public init() {}

  public func value(in table: String, key: [UInt8], asKnownAt position: UInt64) throws -> [UInt8]? {
    guard let versions = tables[table]?[key] else { return nil }
    guard let newest = versions.last(where: { $0.position <= position }), !newest.value.isEmpty else { return nil }
    return newest.value
  }

  public mutating func put(in table: String, key: [UInt8], value: [UInt8], at position: UInt64) throws {
    // A second write of a key at the same position replaces the first, as in LMDB.
    if let last = tables[table]?[key]?.last, last.position == position {
      tables[table]![key]![tables[table]![key]!.count - 1].value = value
    } else {
      tables[table, default: [:]][key, default: []].append((position, value))
    }
  }

  /// Every stored row of `table` — `(logical key ‖ position, value)` — in LMDB key order.
  func sortedRows(of table: String) -> [(key: [UInt8], value: [UInt8])] {
    guard let rows = tables[table] else { return [] }
    var result: [(key: [UInt8], value: [UInt8])] = []
    result.reserveCapacity(rows.count)
    for key in rows.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
      for version in rows[key]! { result.append((VersionedKey.make(key, position: version.position), version.value)) }
    }
    return result
  }
}
