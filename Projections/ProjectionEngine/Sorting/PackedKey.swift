/// A key of a fixed width in as many words as it needs: rows of a write-only table keep their
/// keys so (``PackedRows``), 16 to 40 bytes less per row than an ``InlineKey`` — less memory
/// to fault in and less to move while sorting millions of them. Ordered as ``InlineKey``
/// (word by word, big-endian words: LMDB's byte order); every key of a table has its width.
protocol PackedKey: Comparable, Sendable {
  /// The key of `key`, which has the width of this type.
  init(_ key: InlineKey)
  /// The key as an ``InlineKey``.
  var inline: InlineKey { get }
  /// How many words the key has (``WordOrdered``).
  static var wordCount: Int { get }
  /// Word `index` of the key, as it is compared.
  func word(_ index: Int) -> UInt64
}

/// A 16-byte key: an id.
struct PackedKey2: PackedKey {
  var a: UInt64
  var b: UInt64
  init(_ key: InlineKey) { (a, b) = (key.words.0, key.words.1) }
  var inline: InlineKey { InlineKey(words: (a, b, 0, 0, 0, 0), count: 16) }
  static var wordCount: Int { 2 }
  func word(_ index: Int) -> UInt64 { index == 0 ? a : b }
  static func < (x: Self, y: Self) -> Bool { (x.a, x.b) < (y.a, y.b) }
}

/// A 24-byte key: a day and an id.
struct PackedKey3: PackedKey {
  var a: UInt64
  var b: UInt64
  var c: UInt64
  init(_ key: InlineKey) { (a, b, c) = (key.words.0, key.words.1, key.words.2) }
  var inline: InlineKey { InlineKey(words: (a, b, c, 0, 0, 0), count: 24) }
  static var wordCount: Int { 3 }
  func word(_ index: Int) -> UInt64 { index == 0 ? a : index == 1 ? b : c }
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
  static var wordCount: Int { 5 }
  func word(_ index: Int) -> UInt64 {
    switch index {
    case 0: a
    case 1: b
    case 2: c
    case 3: d
    default: e
    }
  }
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
  static var wordCount: Int { 6 }
  func word(_ index: Int) -> UInt64 {
    switch index {
    case 0: a
    case 1: b
    case 2: c
    case 3: d
    case 4: e
    default: f
    }
  }
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
  /// The six words, then the length (as `<` compares them).
  static var wordCount: Int { 7 }
  func word(_ index: Int) -> UInt64 {
    let words = self.words
    switch index {
    case 0: return words.0
    case 1: return words.1
    case 2: return words.2
    case 3: return words.3
    case 4: return words.4
    case 5: return words.5
    default: return UInt64(count)
    }
  }
}
