/// An element ordered as a sequence of 64-bit words compared one after another: a row's key
/// words, then its position. ``UnsafeMutableBufferPointer/wordSort()`` uses the words to
/// find the order the rows already have.
///
/// The words must agree with `<`: of two elements whose first `i` words are equal, the one
/// with the smaller word `i` is the smaller. Elements whose words are all equal are ordered
/// by `<` alone.
protocol WordOrdered: Comparable {
  /// How many words the order reads.
  static var wordCount: Int { get }
  /// Word `index` (`0..<wordCount`).
  func word(_ index: Int) -> UInt64
}

extension UnsafeMutableBufferPointer where Element: WordOrdered {
  /// Sorts the elements in place, using the order they mostly arrive in: a rebuild appends
  /// each index's rows in log order, which is nearly date order, so the rows of one account,
  /// category or word already follow each other by day and only the rows of one day need
  /// sorting among themselves.
  ///
  /// Word by word (most significant first), a range that is already in order on the word is
  /// cut where the word changes; a range that is not, but holds few distinct values of it, is
  /// distributed by them — stably, so the order within each value is kept; any other range is
  /// sorted outright (``introsort(depthLimit:)``). In the worst case (random keys) that is
  /// an introsort after a linear pass or two; in the usual one, sorts of a day's rows.
  /// Not in place: a distribution goes through a scratch buffer as big as the elements,
  /// allocated on the first one (while a table is sealed, its entries take about twice their
  /// memory).
  mutating func wordSort() {
    var scratch: UnsafeMutableBufferPointer<Element>?
    defer { scratch?.deallocate() }
    wordSort(0, count, level: 0, scratch: &scratch)
  }

  /// Ranges this short or shorter are sorted outright.
  private static var shortRange: Int { 48 }
  /// Ranges shorter than this are sorted outright rather than distributed.
  private static var shortestDistributed: Int { 1_024 }
  /// The most distinct values of a word a range is distributed by.
  private static var maximumBuckets: Int { 1 << 16 }

  /// Sorts `low..<high`, whose elements have equal words `0..<level`.
  private func wordSort(
    _ low: Int, _ high: Int, level: Int, scratch: inout UnsafeMutableBufferPointer<Element>?
  ) {
    guard high - low > Self.shortRange, level < Element.wordCount else {
      var range = UnsafeMutableBufferPointer(rebasing: self[low..<high])
      range.introsort()
      return
    }
    if isOrdered(low, high, onWord: level) {
      forEachRun(low, high, ofWord: level) { self.wordSort($0, $1, level: level + 1, scratch: &scratch) }
      return
    }
    guard high - low >= Self.shortestDistributed, let buckets = distribute(low, high, byWord: level, scratch: &scratch)
    else {
      var range = UnsafeMutableBufferPointer(rebasing: self[low..<high])
      range.introsort()
      return
    }
    var start = low
    for end in buckets {
      wordSort(start, end, level: level + 1, scratch: &scratch)
      start = end
    }
  }

  /// Whether word `level` never decreases from one element of `low..<high` to the next.
  private func isOrdered(_ low: Int, _ high: Int, onWord level: Int) -> Bool {
    var previous = self[low].word(level)
    for index in low + 1..<high {
      let word = self[index].word(level)
      if word < previous { return false }
      previous = word
    }
    return true
  }

  /// Calls `body` with each run of equal word `level` of the ordered range `low..<high`.
  private func forEachRun(_ low: Int, _ high: Int, ofWord level: Int, _ body: (Int, Int) -> Void) {
    var start = low
    var word = self[low].word(level)
    for index in low + 1..<high {
      let next = self[index].word(level)
      if next != word {
        body(start, index)
        (start, word) = (index, next)
      }
    }
    body(start, high)
  }

  /// Moves the elements of `low..<high` so that their words `level` ascend, keeping the order
  /// of elements with equal words; returns where each value's elements end. `nil`, with
  /// nothing moved, when the range holds more distinct values than the distribution pays
  /// for.
  private func distribute(
    _ low: Int, _ high: Int, byWord level: Int, scratch: inout UnsafeMutableBufferPointer<Element>?
  ) -> [Int]? {
    var values = WordBuckets(limit: Swift.min(Self.maximumBuckets, (high - low) / 8))
    for index in low..<high {
      guard values.count(self[index].word(level)) else { return nil }
    }
    // Each value's bucket, in ascending order of the values.
    var starts = values.startsInValueOrder(from: low)
    let ends = starts.indices.map { bucket in bucket + 1 < starts.count ? starts[bucket + 1] : high }
    let buffer = scratch ?? .allocate(capacity: count)
    scratch = buffer
    for index in low..<high {
      let bucket = values.bucket(of: self[index].word(level))
      (buffer.baseAddress! + starts[bucket]).initialize(to: self[index])
      starts[bucket] += 1
    }
    (baseAddress! + low).update(from: buffer.baseAddress! + low, count: high - low)
    (buffer.baseAddress! + low).deinitialize(count: high - low)
    return ends
  }
}

/// The distinct words of a range and how often each occurs: an open-addressing table (words
/// are keys of the ledger's own rows, not an adversary's, so no seeded hash is needed).
private struct WordBuckets {
  private let limit: Int
  private var slots: [UInt64]
  private var used: [Bool]
  /// How often each slot's word occurs; once ``startsInValueOrder(from:)`` has numbered the
  /// buckets, the slot's bucket.
  private var counts: [Int]
  private(set) var distinct = 0

  init(limit: Int) {
    self.limit = limit
    var size = 16
    while size < limit * 2 { size *= 2 }
    slots = Array(repeating: 0, count: size)
    used = Array(repeating: false, count: size)
    counts = Array(repeating: 0, count: size)
  }

  private func slot(of word: UInt64) -> Int {
    // MurmurHash3's 64-bit finalizer: every bit of the word moves the slot. Text is held
    // big-endian and zero-padded, so short words differ only in their high bytes — a hash that
    // kept only the low bits put 600 two-letter words in a handful of slots.
    var hash = word
    hash ^= hash >> 33
    hash &*= 0xFF51_AFD7_ED55_8CCD
    hash ^= hash >> 33
    hash &*= 0xC4CE_B9FE_1A85_EC53
    hash ^= hash >> 33
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while used[slot] && slots[slot] != word { slot = (slot + 1) & mask }
    return slot
  }

  /// Counts one more `word`; `false` once the range holds more than `limit` distinct words.
  mutating func count(_ word: UInt64) -> Bool {
    let slot = slot(of: word)
    if !used[slot] {
      guard distinct < limit else { return false }
      used[slot] = true
      slots[slot] = word
      distinct += 1
    }
    counts[slot] += 1
    return true
  }

  /// Numbers the buckets in ascending order of their words; returns where each starts when the
  /// range starts at `low`.
  mutating func startsInValueOrder(from low: Int) -> [Int] {
    let occupied = slots.indices.filter { used[$0] }.sorted { slots[$0] < slots[$1] }
    var starts: [Int] = []
    starts.reserveCapacity(occupied.count)
    var next = low
    for (bucket, slot) in occupied.enumerated() {
      starts.append(next)
      next += counts[slot]
      counts[slot] = bucket
    }
    return starts
  }

  /// The bucket of a counted `word`, once the buckets are numbered.
  func bucket(of word: UInt64) -> Int { counts[slot(of: word)] }
}
