import LMDB

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ProjectionReader {
  /// How many stored versions the keys in `lower ..< upper` have — every version, deletions
  /// included — counting at most `limit`: an estimate of a range's size (its live keys at any
  /// position are at most this many), for choosing which of several ranges to walk first.
  /// One seek, then one step per version counted.
  public func versionCount(
    _ projector: String, _ table: String, from lower: [UInt8], to upper: [UInt8], limit: Int
  ) throws -> Int {
    guard limit > 0, lower.lexicographicallyPrecedes(upper) else { return 0 }
    let database = try database(projector, table)
    let keySize = upper.count
    return try txn.withCursor(on: database) { cursor in
      var count = 0
      var entry = try cursor.seek(atLeast: VersionedKey.make(lower, position: 0))
      while let current = entry, count < limit {
        // A stored key is the logical key and 8 bytes of position.
        guard current.key.count >= keySize,
          upper.withUnsafeBytes({ memcmp(current.key.baseAddress!, $0.baseAddress!, keySize) < 0 })
        else { break }
        count += 1
        entry = try cursor.next()
      }
      return count
    }
  }
}
