import EventLog
import ProjectionEngine

/// A short posting list read whole into memory: every `day ‖ id` suffix under the indexed
/// words a query word starts, sorted and without repeats. One walk of the word's key range
/// (the words it starts are neighbours in the `words` table) costs less than a seek per
/// indexed word, and a walk through it gallops from where it stood.
struct LoadedPostings {
  let suffixes: [PostingSuffix]

  /// The postings live at `asKnownAt` of every indexed word starting with `prefix`.
  init(prefix: [UInt8], reader: ProjectionReader, asKnownAt: UInt64) throws {
    let padding = TextTokens.width - prefix.count + TransactionKeys.suffixSize
    var suffixes: [PostingSuffix] = []
    try reader.walkLive(
      TransactionIndexProjector.name, "words", from: prefix + [UInt8](repeating: 0, count: padding),
      to: prefix + [UInt8](repeating: 0xFF, count: padding), asKnownAt: asKnownAt
    ) { key in
      suffixes.append(PostingSuffix(raw: UnsafeRawBufferPointer(rebasing: key[TextTokens.width...])))
    }
    suffixes.sort()
    var distinct: [PostingSuffix] = []
    distinct.reserveCapacity(suffixes.count)
    for suffix in suffixes where distinct.last != suffix { distinct.append(suffix) }
    self.suffixes = distinct
  }

  /// The index of the first suffix not below `bound` at or after `start` (the count if none),
  /// galloping from `start`: a walk that moves forward in small steps pays for the steps,
  /// not for a search of the whole list.
  func firstIndex(notBelow bound: PostingSuffix, from start: Int) -> Int {
    var (low, step) = (start, 1)
    var high = start
    while high < suffixes.count, suffixes[high] < bound {
      low = high + 1
      high = start + step
      step *= 2
    }
    high = min(high, suffixes.count)
    while low < high {
      let middle = (low + high) / 2
      if suffixes[middle] < bound { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The index just past the last suffix not above `bound` before `end` (0 if none),
  /// galloping down from `end`: ``firstIndex(notBelow:from:)`` for a walk going backward.
  func endIndex(notAbove bound: PostingSuffix, before end: Int) -> Int {
    var (high, step) = (end, 1)
    var low = end
    while low > 0, bound < suffixes[low - 1] {
      high = low - 1
      low = end - step
      step *= 2
    }
    low = max(low, 0)
    // Every suffix before `low` is at most `bound`, every one from `high` on above it.
    while low < high {
      let middle = (low + high) / 2
      if bound < suffixes[middle] { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
