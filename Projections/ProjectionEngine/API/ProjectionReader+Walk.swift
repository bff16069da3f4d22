import EventLog
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

  /// Calls `body` with each logical key in `lower ..< upper` whose newest version at or
  /// before `asKnownAt` is live, in key order, stepping through every stored version once:
  /// for a range whose keys have few versions, cheaper than ``scan(_:_:from:to:asKnownAt:direction:_:)``,
  /// which seeks a few times per key.
  public func walkLive(
    _ projector: String, _ table: String, from lower: [UInt8], to upper: [UInt8], asKnownAt: UInt64 = .max,
    _ body: (_ key: UnsafeRawBufferPointer) throws -> Void
  ) throws {
    guard lower.lexicographicallyPrecedes(upper) else { return }
    let database = try database(projector, table)
    let keySize = upper.count
    try txn.withCursor(on: database) { cursor in
      // The key being walked and whether its newest version so far (at or before `asKnownAt`) is live.
      var key = [UInt8](repeating: 0, count: keySize)
      var started = false
      var live = false
      var entry = try cursor.seek(atLeast: VersionedKey.make(lower, position: 0))
      while let current = entry, current.key.count == keySize + 8,
        upper.withUnsafeBytes({ memcmp(current.key.baseAddress!, $0.baseAddress!, keySize) < 0 })
      {
        let same = started && key.withUnsafeBytes { memcmp(current.key.baseAddress!, $0.baseAddress!, keySize) == 0 }
        if !same {
          if live { try key.withUnsafeBytes { try body($0) } }
          key.withUnsafeMutableBytes {
            $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: current.key.prefix(keySize)))
          }
          started = true
          live = false
        }
        if VersionedKey.position(of: current.key) <= asKnownAt { live = !current.value.isEmpty }
        entry = try cursor.next()
      }
      if live { try key.withUnsafeBytes { try body($0) } }
    }
  }

  /// Runs `body` with a ``LiveKeyWalk`` per prefix of `prefixes` (each through a cursor of
  /// its own, closed when `body` returns): the live keys `prefix ‖ rest`, `rest` in
  /// `lower ..< upper`, at `asKnownAt`, walked `direction`.
  public func withLiveKeyWalks<R>(
    _ projector: String, _ table: String, prefixes: [[UInt8]], from lower: [UInt8], to upper: [UInt8],
    direction: ReadDirection, asKnownAt: UInt64, stepLimit: Int = LiveKeyWalk.defaultStepLimit,
    _ body: (inout [LiveKeyWalk]) throws -> R
  ) throws -> R {
    let database = try database(projector, table)
    return try txn.withCursors(on: Array(repeating: database, count: prefixes.count)) { cursors in
      var walks = zip(prefixes, cursors).map { prefix, cursor in
        LiveKeyWalk(
          cursor: cursor, prefix: prefix, from: lower, to: upper, direction: direction, asKnownAt: asKnownAt,
          stepLimit: stepLimit)
      }
      return try body(&walks)
    }
  }
}
