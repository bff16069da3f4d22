/// Where a projector's rows live while it folds: LMDB tables inside the log's write
/// transaction (inline updates), or memory (rebuilds and deep verification).
///
/// Rows are versioned: `put` adds a version of `key` at a position, never overwriting older
/// ones; `value` returns the newest version at or before a position. An empty value is a
/// deletion (a tombstone).
///
/// A store implements two requirements: ``value(in:key:asKnownAt:)`` and
/// ``put(in:key:value:at:)-(_,[UInt8],_,_)``. The others have defaults made of those two and
/// exist for speed: a store overrides them to read-modify-write with one lookup, or to take a
/// key built inline and a value's bytes where they lie without allocating (the memory store
/// a rebuild folds millions of events into does). They are requirements, not extension
/// methods, so that a projector's generic fold reaches a store's override.
public protocol ProjectionStore {
  /// The newest value of `key` in `table` written at or before `position`; `nil` if there is
  /// none or it was deleted.
  func value(in table: String, key: [UInt8], asKnownAt position: UInt64) throws -> [UInt8]?
  /// Records `value` as the version of `key` in `table` at `position`.
  mutating func put(in table: String, key: [UInt8], value: [UInt8], at position: UInt64) throws

  // MARK: With defaults, for speed

  /// Reads the newest value of `key` (empty when absent or deleted), lets `change` modify it,
  /// and records the result as the version at `position` (empty: a deletion) — the
  /// aggregates' read-modify-write. A default does it with ``value(in:key:asKnownAt:)`` and
  /// ``put(in:key:value:at:)-(_,[UInt8],_,_)``; a store may do it with one lookup.
  mutating func update(
    in table: String, key: [UInt8], at position: UInt64, _ change: (inout [UInt8]) throws -> Void
  ) throws
  /// ``put(in:key:value:at:)-(_,[UInt8],_,_)`` with a key built inline: a store that keeps
  /// keys inline (the rebuild's memory store) takes it without allocating. The default puts its
  /// bytes.
  mutating func put(in table: String, key: InlineKey, value: [UInt8], at position: UInt64) throws
  /// ``put(in:key:value:at:)-(_,InlineKey,_,_)`` with the value's bytes where they are (on the
  /// stack, say): a store that packs rows (the rebuild's memory store) takes them without an
  /// array. The default puts an array of them.
  mutating func put(
    in table: String, key: InlineKey, bytes value: UnsafeRawBufferPointer, at position: UInt64)
    throws
  /// ``update(in:key:at:_:)-(_,[UInt8],_,_)`` with a key built inline (see
  /// ``put(in:key:value:at:)-(_,InlineKey,_,_)``). The default updates its bytes.
  mutating func update(
    in table: String, key: InlineKey, at position: UInt64, _ change: (inout [UInt8]) throws -> Void
  ) throws
}

extension ProjectionStore {
  /// ``update(in:key:at:_:)`` as a read and a write.
  public mutating func update(
    in table: String, key: [UInt8], at position: UInt64, _ change: (inout [UInt8]) throws -> Void
  ) throws {
    var value = try self.value(in: table, key: key) ?? []
    try change(&value)
    try put(in: table, key: key, value: value, at: position)
  }

  /// The newest value of `key`.
  public func value(in table: String, key: [UInt8]) throws -> [UInt8]? {
    try value(in: table, key: key, asKnownAt: .max)
  }

  /// Records that `key` no longer exists as of `position`.
  public mutating func delete(in table: String, key: [UInt8], at position: UInt64) throws {
    try put(in: table, key: key, value: [], at: position)
  }

  /// ``put(in:key:value:at:)-(_,InlineKey,_,_)`` as a put of the key's bytes.
  public mutating func put(in table: String, key: InlineKey, value: [UInt8], at position: UInt64) throws {
    try put(in: table, key: key.bytes, value: value, at: position)
  }

  /// ``put(in:key:bytes:at:)`` as a put of an array of the bytes.
  public mutating func put(
    in table: String, key: InlineKey, bytes value: UnsafeRawBufferPointer, at position: UInt64
  )
    throws
  {
    try put(in: table, key: key, value: Array(value), at: position)
  }

  /// ``update(in:key:at:_:)-(_,InlineKey,_,_)`` as an update of the key's bytes.
  public mutating func update(
    in table: String, key: InlineKey, at position: UInt64, _ change: (inout [UInt8]) throws -> Void
  ) throws {
    try update(in: table, key: key.bytes, at: position, change)
  }

  /// Records that `key` no longer exists as of `position`.
  public mutating func delete(in table: String, key: InlineKey, at position: UInt64) throws {
    try put(in: table, key: key, value: [], at: position)
  }
}
