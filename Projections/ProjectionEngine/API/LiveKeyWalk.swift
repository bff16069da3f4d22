import EventLog
import LMDB

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The live keys under one prefix of a versioned table, walked one way through a range by a
/// cursor of its own, for intersecting sorted lists (a search's posting lists).
///
/// A walk is asked for the first live key at or past a target (``advance(to:)``), targets
/// moving only the walk's way. A key not far ahead is reached by stepping the cursor from
/// where it is, entry after entry as a doclist is decoded; one further away by a seek, a
/// descent of the tree: after ``stepLimit`` keys stepped over without reaching the target,
/// the walk seeks it. So a dense list costs a step per key and a sparse one a seek per key
/// it lands on, never much more than the cheaper of the two.
///
/// Keys and targets are the bytes after the prefix (the "rest"). The bytes ``advance(to:)``
/// returns point into the map and stay valid for the read transaction.
public struct LiveKeyWalk {
  /// Keys stepped over before a walk seeks instead: a step costs a few tens of nanoseconds,
  /// a seek about as much as this many of them.
  public static let defaultStepLimit = 16

  let cursor: Cursor
  let direction: ReadDirection
  let asKnownAt: UInt64
  let stepLimit: Int
  let prefixSize: Int
  /// The size of a logical key: the prefix and the rest.
  let keySize: Int
  /// The range of the rest: `lower ..< upper`.
  private let lower: [UInt8]
  private let upper: [UInt8]
  /// `prefix ‖ upper` (forward) or `prefix ‖ lower` (backward): where the range ends, the
  /// logical key the walk must not reach (forward) or pass below (backward).
  private let end: [UInt8]
  /// A stored key to seek to: `prefix ‖ target ‖ position`.
  private var probe: [UInt8]
  /// The stored entry the next key starts at, in the walk's direction (`nil`: none left).
  private var entry: Cursor.Entry?
  /// Whether the cursor has been placed (by the first seek).
  private var placed = false
  /// The last live key found (its rest), the walk's answer until a target passes it;
  /// `nil` once the range is exhausted, or before the first seek.
  private var head: UnsafeRawBufferPointer?

  /// A walk of the keys `prefix ‖ rest` with `rest` in `lower ..< upper` (equal sizes), live at
  /// `asKnownAt`, going `direction`, through `cursor` (which the walk owns until it is done).
  init(
    cursor: Cursor, prefix: [UInt8], from lower: [UInt8], to upper: [UInt8], direction: ReadDirection,
    asKnownAt: UInt64, stepLimit: Int
  ) {
    self.cursor = cursor
    self.direction = direction
    self.asKnownAt = asKnownAt
    self.stepLimit = stepLimit
    prefixSize = prefix.count
    keySize = prefix.count + lower.count
    (self.lower, self.upper) = (lower, upper)
    end = prefix + (direction == .forward ? upper : lower)
    probe = prefix + lower + [UInt8](repeating: 0, count: 8)
  }

  /// The first live key at or past `target` the walk's way (forward: the smallest ≥ it;
  /// backward: the largest ≤ it) inside the range; `nil` if there is none. Successive
  /// targets must not go back against the walk's direction.
  public mutating func advance(to target: UnsafeRawBufferPointer) throws -> UnsafeRawBufferPointer? {
    if let head {
      if reached(head, target) { return head }
    } else if placed {
      return nil
    }
    if placed {
      for _ in 0..<stepLimit {
        guard let key = try nextLive() else {
          head = nil
          return nil
        }
        head = key
        if reached(key, target) { return key }
      }
    }
    try seek(target)
    head = try nextLive()
    return head
  }

  /// Whether `key` is at or past `target` the walk's way.
  private func reached(_ key: UnsafeRawBufferPointer, _ target: UnsafeRawBufferPointer) -> Bool {
    let order = memcmp(key.baseAddress!, target.baseAddress!, target.count)
    return direction == .forward ? order >= 0 : order <= 0
  }

  /// Places the cursor on the first stored entry of the first key at or past `target`, or
  /// of the range's first key the walk's way if `target` lies before the range.
  private mutating func seek(_ target: UnsafeRawBufferPointer) throws {
    placed = true
    let restBytes = prefixSize..<keySize
    // Forward: the target, but not below `lower`, and its oldest version. Backward: the
    // target's newest version, or the oldest of `upper` (excluded) if the target is not below it.
    let bound = direction == .forward ? lower : upper
    let beyond = bound.withUnsafeBytes { memcmp(target.baseAddress!, $0.baseAddress!, restBytes.count) }
    let clamped = direction == .forward ? beyond < 0 : beyond >= 0
    let filler: UInt8 = direction == .forward || clamped ? 0 : 0xFF
    probe.withUnsafeMutableBytes { probe in
      let rest = UnsafeMutableRawBufferPointer(rebasing: probe[restBytes])
      if clamped { bound.withUnsafeBytes { rest.copyMemory(from: $0) } } else { rest.copyMemory(from: target) }
      for index in restBytes.upperBound..<probe.count { probe[index] = filler }
    }
    switch direction {
    case .forward: entry = try cursor.seek(atLeast: probe)
    case .backward where clamped:
      entry = try cursor.seek(atLeast: probe) != nil ? try cursor.previous() : try cursor.last()
    case .backward: entry = try cursor.seek(atMost: probe)
    }
  }

  /// Reads the key the cursor is on, all of its stored versions, leaving the cursor on the
  /// next key's; repeats until a key is live at ``asKnownAt``; returns its rest, or `nil` at
  /// the range's end.
  private mutating func nextLive() throws -> UnsafeRawBufferPointer? {
    while let current = entry {
      guard current.key.count == keySize + 8, inRange(current.key) else {
        entry = nil
        return nil
      }
      let key = UnsafeRawBufferPointer(rebasing: current.key[..<keySize])
      // Forward, versions come oldest first: the last one at or before `asKnownAt` counts.
      // Backward, newest first: the first one at or before it.
      var live = false
      var decided = false
      var version: Cursor.Entry? = current
      while let stored = version, stored.key.count == keySize + 8,
        memcmp(stored.key.baseAddress!, key.baseAddress!, keySize) == 0
      {
        if !decided, VersionedKey.position(of: stored.key) <= asKnownAt {
          live = !stored.value.isEmpty
          decided = direction == .backward
        }
        version = try direction == .forward ? cursor.next() : cursor.previous()
      }
      entry = version
      if live { return UnsafeRawBufferPointer(rebasing: key[prefixSize...]) }
    }
    return nil
  }

  /// Whether a stored key lies inside the walk's range, on the side it walks toward.
  private func inRange(_ stored: UnsafeRawBufferPointer) -> Bool {
    let order = end.withUnsafeBytes { memcmp(stored.baseAddress!, $0.baseAddress!, keySize) }
    return direction == .forward ? order < 0 : order >= 0
  }
}
