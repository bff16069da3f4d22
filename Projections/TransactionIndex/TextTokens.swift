import Foundation
import LedgerDomain

/// The words of free text, as the search index stores and matches them.
///
/// A word is a run of letters, digits and combining marks (Unicode-aware, so "Café" and
/// "Ølstue" are one word each); everything else separates words. Words are lower-cased with
/// Unicode's full lower-case mapping and folded to their base letters: a letter's canonical
/// decomposition without its nonspacing marks ("Café" → `cafe`, "Señor" → `senor`), so a
/// search typed without accents finds text written with them and the other way round.
/// Letters that decompose to nothing simpler stay as they are (`ø`, `ß`). The index keeps at most ``width`` bytes of a word (cut
/// at a character boundary, zero-padded in the key); longer words still match through the
/// row check.
enum TextTokens {
  /// Bytes of a word in an index key.
  static let width = 24

  /// The lower-cased words of `text`, in order, as UTF-8, uncut.
  static func words(_ text: String) -> [[UInt8]] {
    var words: [[UInt8]] = []
    var current: [UInt8] = []
    scan(text, word: &current) { word in
      words.append(word)
      word.removeAll(keepingCapacity: true)
    }
    return words
  }

  /// Splits `text` into words: appends each word's lower-cased UTF-8 to `word` and calls `end`
  /// after each, which must empty `word` (so one buffer serves every word). ASCII text — most
  /// text — is split byte by byte, without decoding scalars.
  static func scan(_ text: String, word: inout [UInt8], end: (inout [UInt8]) -> Void) {
    let splitAsASCII =
      text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
        for byte in bytes {
          switch byte {
          case 0x30...0x39, 0x61...0x7A: word.append(byte)
          case 0x41...0x5A: word.append(byte + 0x20)
          default: if !word.isEmpty { end(&word) }
          }
        }
        return true
      } ?? false
    if !splitAsASCII {
      for scalar in text.unicodeScalars {
        let value = scalar.value
        if value < 0x80 {
          switch UInt8(value) {
          case 0x30...0x39, 0x61...0x7A: word.append(UInt8(value))
          case 0x41...0x5A: word.append(UInt8(value) + 0x20)
          default: if !word.isEmpty { end(&word) }
          }
        } else if isWordScalar(scalar) {
          appendFolded(scalar, to: &word)
        } else if !word.isEmpty {
          end(&word)
        }
      }
    }
    if !word.isEmpty { end(&word) }
  }

  /// Appends `scalar` lower-cased and without diacritics: its canonical decomposition with the
  /// nonspacing marks left out (a combining accent typed on its own adds nothing).
  private static func appendFolded(_ scalar: Unicode.Scalar, to word: inout [UInt8]) {
    for lowered in scalar.properties.lowercaseMapping.unicodeScalars {
      if lowered.properties.generalCategory == .nonspacingMark { continue }
      let decomposed = String(lowered).decomposedStringWithCanonicalMapping.unicodeScalars
      for part in decomposed where part.properties.generalCategory != .nonspacingMark {
        word.append(contentsOf: String(part).utf8)
      }
    }
  }

  /// Whether a non-ASCII scalar belongs to a word: a letter, a digit or a mark.
  private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    if properties.isAlphabetic || properties.numericType != nil { return true }
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return true
    default: return false
    }
  }

  /// `word` cut to at most ``width`` bytes, at a UTF-8 character boundary.
  static func indexed(_ word: [UInt8]) -> [UInt8] {
    guard word.count > width else { return word }
    var end = width
    while end > 0, word[end] & 0xC0 == 0x80 { end -= 1 }  // don't split a character
    return Array(word[..<end])
  }

  /// The words of a transaction's searchable text: name, description, notes and tags.
  static func words(of row: TransactionAdded) -> [[UInt8]] {
    var all = words(row.name)
    if let description = row.description { all += words(description) }
    if let notes = row.notes { all += words(notes) }
    for tag in row.tags { all += words(tag) }
    return all
  }

  /// Whether every one of `terms` starts some word of `words`.
  static func allMatch(_ terms: [[UInt8]], in words: [[UInt8]]) -> Bool {
    terms.allSatisfy { term in words.contains { $0.starts(with: term) } }
  }
}
