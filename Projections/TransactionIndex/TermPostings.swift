import EventLog
import ProjectionEngine

/// One query word's postings during one fetch: those of every indexed word it starts, seen
/// as one list in `day ‖ id` order, which the fetch walks one way by seeking, not scanning.
/// A short list is read whole beforehand (``LoadedPostings``); a long one is sought in the
/// index.
///
/// Each indexed word keeps the posting its last seek found. While the range only shrinks
/// toward the walk's end (backward: `upper` falls; forward: `lower` rises), that posting stays
/// the word's answer until the range passes it; only then is the word sought again. So a
/// word whose postings lie far apart costs a seek per posting the walk lands near, not one
/// per posting it steps over.
struct TermPostings {
  /// The indexed words, zero-padded to ``TextTokens/width``.
  let tokens: [[UInt8]]
  let direction: ReadDirection
  /// The whole list, if it was read beforehand (then ``tokens`` is empty).
  let loaded: LoadedPostings?
  /// Per word: the posting its last seek found (`nil`: none left in the range), once sought.
  private var heads: [[UInt8]?]
  private var sought: [Bool]

  /// The postings of `source`: its indexed words, sought in the index, or its loaded list.
  init(_ source: WordSearch.Source, direction: ReadDirection) {
    switch source {
    case .tokens(let tokens): (self.tokens, loaded) = (tokens, nil)
    case .loaded(let list): (tokens, loaded) = ([], list)
    }
    self.direction = direction
    heads = Array(repeating: nil, count: tokens.count)
    sought = Array(repeating: false, count: tokens.count)
  }

  /// The posting of any of the words in `lower ..< upper` nearest the start of ``direction``:
  /// the newest going backward, the oldest going forward; `nil` if there is none. Successive
  /// calls of one fetch must narrow the range as the type's summary says.
  mutating func seek(
    _ lower: [UInt8], _ upper: [UInt8], reader: ProjectionReader, asKnownAt: UInt64
  ) throws -> [UInt8]? {
    if let loaded { return loaded.nearest(lower, upper, direction) }
    var best: [UInt8]?
    for index in tokens.indices {
      if !sought[index] || !Self.holds(heads[index], lower, upper, direction) {
        heads[index] = try Self.nearest(tokens[index], lower, upper, direction, reader: reader, asKnownAt: asKnownAt)
        sought[index] = true
      }
      guard let head = heads[index] else { continue }
      if let current = best {
        let nearer =
          direction == .forward ? head.lexicographicallyPrecedes(current) : current.lexicographicallyPrecedes(head)
        if nearer { best = head }
      } else {
        best = head
      }
    }
    return best
  }

  /// Whether a word's last answer still answers for the narrowed range: none stays none, and a
  /// posting stays the nearest while it is inside.
  private static func holds(_ head: [UInt8]?, _ lower: [UInt8], _ upper: [UInt8], _ direction: ReadDirection) -> Bool {
    guard let head else { return true }
    switch direction {
    case .backward: return head.lexicographicallyPrecedes(upper)
    case .forward: return !head.lexicographicallyPrecedes(lower)
    }
  }

  /// The live posting of `token` in `lower ..< upper` nearest the start of `direction`: one seek.
  private static func nearest(
    _ token: [UInt8], _ lower: [UInt8], _ upper: [UInt8], _ direction: ReadDirection, reader: ProjectionReader,
    asKnownAt: UInt64
  ) throws -> [UInt8]? {
    guard lower.lexicographicallyPrecedes(upper) else { return nil }
    var found: [UInt8]?
    try reader.scan(
      TransactionIndexProjector.name, "words", from: token + lower, to: token + upper, asKnownAt: asKnownAt,
      direction: direction
    ) { key, _ in
      found = Array(key.suffix(TransactionKeys.suffixSize))
      return .stop
    }
    return found
  }
}
