/// A key of a fixed width in as many words as it needs: rows of a write-only table keep their
/// keys so (``PackedRows``), 16 to 40 bytes less per row than an ``InlineKey`` — less memory
/// to fault in and less to move while sorting millions of them. Ordered as ``InlineKey``
/// (word by word, big-endian words: LMDB's byte order); every key of a table has its width.
protocol PackedKey: Comparable, Sendable {
  /// The key of `key`, which has the width of this type.
  init(_ key: InlineKey)
  /// The key as an ``InlineKey``.
  var inline: InlineKey { get }
}

/// A 16-byte key: an id.
struct PackedKey2: PackedKey {
  var a: UInt64
  var b: UInt64
  init(_ key: InlineKey) { (a, b) = (key.words.0, key.words.1) }
  var inline: InlineKey { InlineKey(words: (a, b, 0, 0, 0, 0), count: 16) }
  static func < (x: Self, y: Self) -> Bool { (x.a, x.b) < (y.a, y.b) }
}

/// A 24-byte key: a day and an id.
struct PackedKey3: PackedKey {
  var a: UInt64
  var b: UInt64
  var c: UInt64
  init(_ key: InlineKey) { (a, b, c) = (key.words.0, key.words.1, key.words.2) }
  var inline: InlineKey { InlineKey(words: (a, b, c, 0, 0, 0), count: 24) }
  static func < (x: Self, y: Self) -> Bool { (x.a, x.b, x.c) < (y.a, y.b, y.c) }
}

/// A 40-byte key: an owner's id, a day and an id.
struct PackedKey5: PackedKey {
  var a: UInt64
  var b: UInt64
  var c: UInt64
  var d: UInt64
  var e: UInt64
  init(_ key: InlineKey) {
    let words = key.words
    (a, b, c, d, e) = (words.0, words.1, words.2, words.3, words.4)
  }
  var inline: InlineKey { InlineKey(words: (a, b, c, d, e, 0), count: 40) }
  static func < (x: Self, y: Self) -> Bool {
    if x.a != y.a { return x.a < y.a }
    return (x.b, x.c, x.d, x.e) < (y.b, y.c, y.d, y.e)
  }
}

/// A 48-byte key: a word of text and an id.
struct PackedKey6: PackedKey {
  var a: UInt64
  var b: UInt64
  var c: UInt64
  var d: UInt64
  var e: UInt64
  var f: UInt64
  init(_ key: InlineKey) { (a, b, c, d, e, f) = key.words }
  var inline: InlineKey { InlineKey(words: (a, b, c, d, e, f), count: 48) }
  static func < (x: Self, y: Self) -> Bool {
    if x.a != y.a { return x.a < y.a }
    if x.b != y.b { return x.b < y.b }
    return (x.c, x.d, x.e, x.f) < (y.c, y.d, y.e, y.f)
  }
}

/// Any other width: the key as it is.
extension InlineKey: PackedKey {
  init(_ key: InlineKey) { self = key }
  var inline: InlineKey { self }
}
