import EventLog
import ProjectionEngine

/// One query word's postings during one fetch: those of every indexed word it starts, seen
/// as one list in `day ‖ id` order, walked one way inside the fetch's range. A short list is
/// read whole beforehand (``LoadedPostings``) and walked by galloping through it; a long one
/// is walked in the index, a ``LiveKeyWalk`` per indexed word (each steps through its
/// postings while the next one wanted is near and seeks when it is far).
struct TermPostings {
  let direction: ReadDirection
  /// The fetch's range: `low ..< high`.
  let low: PostingSuffix
  let high: PostingSuffix
  /// The list read beforehand, if the word's postings were.
  private let loaded: LoadedPostings?
  /// How far the walk has come through ``loaded``: forward, the suffixes before this index
  /// are behind it; backward, those from it on.
  private var position: Int
  /// Otherwise the walks (in the fetch's array of walks) of the indexed words the word starts.
  private let walks: Range<Int>

  /// The postings of a list read beforehand.
  init(loaded: LoadedPostings, direction: ReadDirection, low: PostingSuffix, high: PostingSuffix) {
    (self.direction, self.low, self.high) = (direction, low, high)
    self.loaded = loaded
    position = direction == .forward ? 0 : loaded.suffixes.count
    walks = 0..<0
  }

  /// The postings walked in the index by `walks`, one per indexed word.
  init(walks: Range<Int>, direction: ReadDirection, low: PostingSuffix, high: PostingSuffix) {
    (self.direction, self.low, self.high) = (direction, low, high)
    loaded = nil
    position = 0
    self.walks = walks
  }

  /// The posting in the range at or past `target` the walk's way, nearest to it (forward: the
  /// smallest ≥ `target`; backward: the largest ≤ it); `nil` if there is none. Successive
  /// targets must not go back against the direction.
  mutating func advance(to target: PostingSuffix, walks all: inout [LiveKeyWalk]) throws -> PostingSuffix? {
    if let suffixes = loaded?.suffixes {
      switch direction {
      case .forward:
        position = loaded!.firstIndex(notBelow: target, from: position)
        return position < suffixes.count && suffixes[position] < high ? suffixes[position] : nil
      case .backward:
        position = loaded!.endIndex(notAbove: target, before: position)
        return position > 0 && !(suffixes[position - 1] < low) ? suffixes[position - 1] : nil
      }
    }
    var best: PostingSuffix?
    try target.withBytes { target in
      for index in walks {
        guard let key = try all[index].advance(to: target) else { continue }
        let found = PostingSuffix(raw: key)
        if let current = best, direction == .forward ? !(found < current) : !(current < found) { continue }
        best = found
      }
    }
    return best
  }
}
