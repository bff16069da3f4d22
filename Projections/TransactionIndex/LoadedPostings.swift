import EventLog
import ProjectionEngine

/// A short posting list read whole into memory: every `day ‖ id` suffix under the indexed
/// words a query word starts, sorted and without repeats. One walk of the word's key range
/// (the words it starts are neighbours in the `words` table) costs less than a seek per
/// indexed word, and seeks in it are binary searches.
struct LoadedPostings {
  /// A suffix as its three big-endian words: ordered as its bytes are.
  struct Suffix: Comparable {
    var day: UInt64
    var high: UInt64
    var low: UInt64

    init(_ bytes: some Collection<UInt8>) {
      day = KeyBuilder.word(bytes, at: 0)
      high = KeyBuilder.word(bytes, at: 8)
      low = KeyBuilder.word(bytes, at: 16)
    }

    var bytes: [UInt8] { KeyBuilder.words(day, high, low) }

    static func < (a: Suffix, b: Suffix) -> Bool { (a.day, a.high, a.low) < (b.day, b.high, b.low) }
  }

  let suffixes: [Suffix]

  /// The postings live at `asKnownAt` of every indexed word starting with `prefix`.
  init(prefix: [UInt8], reader: ProjectionReader, asKnownAt: UInt64) throws {
    let padding = TextTokens.width - prefix.count + TransactionKeys.suffixSize
    var suffixes: [Suffix] = []
    try reader.walkLive(
      TransactionIndexProjector.name, "words", from: prefix + [UInt8](repeating: 0, count: padding),
      to: prefix + [UInt8](repeating: 0xFF, count: padding), asKnownAt: asKnownAt
    ) { key in
      suffixes.append(Suffix(UnsafeRawBufferPointer(rebasing: key[TextTokens.width...])))
    }
    suffixes.sort()
    var distinct: [Suffix] = []
    distinct.reserveCapacity(suffixes.count)
    for suffix in suffixes where distinct.last != suffix { distinct.append(suffix) }
    self.suffixes = distinct
  }

  /// The posting in `lower ..< upper` nearest the start of `direction`, if any.
  func nearest(_ lower: [UInt8], _ upper: [UInt8], _ direction: ReadDirection) -> [UInt8]? {
    let (low, high) = (Suffix(lower), Suffix(upper))
    guard low < high else { return nil }
    switch direction {
    case .forward:
      let index = firstIndex(notBelow: low)
      return index < suffixes.count && suffixes[index] < high ? suffixes[index].bytes : nil
    case .backward:
      let index = firstIndex(notBelow: high) - 1
      return index >= 0 && !(suffixes[index] < low) ? suffixes[index].bytes : nil
    }
  }

  /// The index of the first suffix not below `bound` (the count if none).
  private func firstIndex(notBelow bound: Suffix) -> Int {
    var (low, high) = (0, suffixes.count)
    while low < high {
      let middle = (low + high) / 2
      if suffixes[middle] < bound { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
