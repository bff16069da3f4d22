import EventLog
import LedgerDomain
import ProjectionEngine

/// One full-text query: the query words, and for each the postings to walk.
///
/// A fetch intersects the words' postings (each word's merged over the indexed words it
/// starts: a transaction with "grocery" and "groceries" is posted under both) in date order,
/// starting from the rarest word, and stops once it has the entries it was asked for. The
/// rarest word proposes a transaction; each other word, rarest first, advances to it: if one
/// has no posting there, the one it has next becomes the target the rarest word advances to.
/// Every list moves one way only, stepping through postings that lie close together and
/// seeking past long runs (``TermPostings``), so long lists are skipped through, not read. A
/// transaction every word agrees on is checked against its row (the index keeps the first
/// ``TextTokens/width`` bytes of a word) and kept.
///
/// The words whose postings were counted to the end — the rarest, and those within the last
/// fourfold step of it — are read whole into memory (one walk of their key range), and so
/// is a longer list of a word that starts many indexed words; the other lists are walked in
/// the index, a cursor per indexed word.
struct WordSearch {
  /// Where a word's postings come from.
  enum Source {
    /// The indexed words it starts (zero-padded to ``TextTokens/width``), each walked.
    case tokens([[UInt8]])
    /// Its postings, read beforehand.
    case loaded(LoadedPostings)
  }

  let queries: TransactionQueries
  /// The query words, uncut.
  let terms: [[UInt8]]
  /// The postings of each word walked in the index, the rarest first; empty if some query
  /// word starts no indexed word (no match).
  let walked: [Source]
  let asKnownAt: UInt64

  /// A word other than the rarest that starts more indexed words than this is not sought (a
  /// seek per indexed word would cost more): it is loaded if its list is at most
  /// ``broadLoadCap`` long, else checked on the rows.
  static let maxSoughtTokens = 64
  /// Counting the words' postings to tell the rarest stops here: above it, words count as
  /// equally common and are sought, not loaded (a dense match is found by a few seeks, while
  /// loading costs the whole list).
  static let countCap = 1_024
  /// The longest list of a word starting many indexed words that is loaded.
  static let broadLoadCap = 16_384

  init(queries: TransactionQueries, terms: [[UInt8]], asKnownAt: UInt64) throws {
    self.queries = queries
    self.terms = terms
    self.asKnownAt = asKnownAt
    let prefixes = Self.prefixes(of: terms)
    // One word has no other to intersect with: only a short list is worth loading.
    let cap = queries.searchCountCap
    let (sizes, limit) = try Self.estimatedSizes(
      of: prefixes, upTo: prefixes.count == 1 ? min(64, cap) : cap, reader: queries.reader)
    // Rarest first; among equals the longest, which starts the fewest indexed words.
    let order = prefixes.indices.sorted {
      (sizes[$0], -prefixes[$0].count) < (sizes[$1], -prefixes[$1].count)
    }
    var walked: [Source] = []
    for index in order {
      if sizes[index] < limit {
        let list = try LoadedPostings(prefix: prefixes[index], reader: queries.reader, asKnownAt: asKnownAt)
        if list.suffixes.isEmpty {
          self.walked = []
          return
        }
        walked.append(.loaded(list))
        continue
      }
      let maxSought = min(Self.maxSoughtTokens, cap)
      let most = walked.isEmpty ? Int.max : maxSought + 1
      let tokens = try Self.tokens(
        startingWith: prefixes[index], reader: queries.reader, asKnownAt: asKnownAt, limit: most)
      if tokens.isEmpty {
        self.walked = []
        return
      }
      if tokens.count <= maxSought || walked.isEmpty {
        walked.append(.tokens(tokens))
      } else if try Self.count(prefixes[index], reader: queries.reader, limit: Self.broadLoadCap) < Self.broadLoadCap {
        walked.append(
          .loaded(try LoadedPostings(prefix: prefixes[index], reader: queries.reader, asKnownAt: asKnownAt)))
      }
    }
    // The rarest drives; the others are probed loaded ones first, which cost no seek.
    let loadedFirst = walked.dropFirst().filter { if case .loaded = $0 { true } else { false } }
    let soughtAfter = walked.dropFirst().filter { if case .tokens = $0 { true } else { false } }
    self.walked = walked.prefix(1) + loadedFirst + soughtAfter
  }

  /// The postings of `prefix`, every version, counted up to `limit`.
  private static func count(_ prefix: [UInt8], reader: ProjectionReader, limit: Int) throws -> Int {
    try reader.versionCount(
      TransactionIndexProjector.name, "words", from: bound(prefix, 0), to: bound(prefix, 0xFF), limit: limit)
  }

  /// The distinct index prefixes of `terms`: each cut as the index cuts words, without those
  /// another one starts with (a word starting with "groceries" starts with "groc").
  static func prefixes(of terms: [[UInt8]]) -> [[UInt8]] {
    var cut: [[UInt8]] = []
    for term in terms.map(TextTokens.indexed) where !cut.contains(term) { cut.append(term) }
    return cut.filter { prefix in !cut.contains { $0 != prefix && $0.starts(with: prefix) } }
  }

  /// Each prefix's postings, every version counted (an estimate from above), as far as needed
  /// to tell the rarest: all are counted up to a limit that grows fourfold (to `cap`) until
  /// one falls short of it, so the count costs about four times the rarest list per word.
  /// Returns the counts and that last limit: a count below it is the whole list's.
  static func estimatedSizes(
    of prefixes: [[UInt8]], upTo cap: Int, reader: ProjectionReader
  ) throws -> (counts: [Int], limit: Int) {
    var limit = min(64, cap)
    while true {
      let counts = try prefixes.map { try count($0, reader: reader, limit: limit) }
      if limit >= cap || counts.contains(where: { $0 < limit }) { return (counts, limit) }
      limit *= 4
    }
  }

  /// `prefix` followed by `filler` up to a `words` key's size.
  private static func bound(_ prefix: [UInt8], _ filler: UInt8) -> [UInt8] {
    prefix + [UInt8](repeating: filler, count: TextTokens.width - prefix.count + TransactionKeys.suffixSize)
  }

  /// Up to `limit` distinct indexed words that start with `prefix` and have a live posting at
  /// `asKnownAt`: one seek each.
  static func tokens(
    startingWith prefix: [UInt8], reader: ProjectionReader, asKnownAt: UInt64, limit: Int = .max
  ) throws -> [[UInt8]] {
    var lower = bound(prefix, 0)
    let upper = bound(prefix, 0xFF)
    var tokens: [[UInt8]] = []
    while tokens.count < limit {
      var found: [UInt8]?
      try reader.scan(TransactionIndexProjector.name, "words", from: lower, to: upper, asKnownAt: asKnownAt) { key, _ in
        found = Array(key.prefix(TextTokens.width))
        return .stop
      }
      guard let token = found else { return tokens }
      tokens.append(token)
      let next = TransactionKeys.successor(token)
      guard next != token else { return tokens }
      lower = next + [UInt8](repeating: 0, count: TransactionKeys.suffixSize)
    }
    return tokens
  }

  /// Up to `count` matching transactions with `day ‖ id` in `lower ..< upper`, nearest the
  /// start of `direction` first, each with its row.
  ///
  /// The rarest word proposes a posting at or past the target (at first the range's start);
  /// each other word advances to it; one that has no posting there gives the next one it has
  /// as the new target. Every word walks its list one way only, so a word's list costs a step
  /// per posting where the target moves through it in small strides and a seek where it jumps.
  func fetch(
    _ direction: ReadDirection, _ lower: [UInt8], _ upper: [UInt8], _ count: Int
  ) throws -> [TransactionQueries.Hit] {
    let (low, high) = (PostingSuffix(lower), PostingSuffix(upper))
    guard !walked.isEmpty, low < high, var target = direction == .forward ? low : high.predecessor else { return [] }
    var tokens: [[UInt8]] = []
    var postings: [TermPostings] = []
    for source in walked {
      switch source {
      case .loaded(let list):
        postings.append(TermPostings(loaded: list, direction: direction, low: low, high: high))
      case .tokens(let words):
        postings.append(
          TermPostings(walks: tokens.count..<tokens.count + words.count, direction: direction, low: low, high: high))
        tokens += words
      }
    }
    return try queries.reader.withLiveKeyWalks(
      TransactionIndexProjector.name, "words", prefixes: tokens, from: lower, to: upper, direction: direction,
      asKnownAt: asKnownAt, stepLimit: queries.searchStepLimit
    ) { walks in
      var hits: [TransactionQueries.Hit] = []
      search: while hits.count < count {
        guard let candidate = try postings[0].advance(to: target, walks: &walks) else { break }
        for index in postings.indices.dropFirst() {
          guard let found = try postings[index].advance(to: candidate, walks: &walks) else { break search }
          if found != candidate {
            // Nothing between `candidate` and `found` can match: the rarest word goes on from there.
            target = found
            continue search
          }
        }
        // Every word has it: the row decides (the index keeps a word's first bytes only).
        if let id = TransactionKeys.decodeSuffix(candidate.bytes)?.id,
          let row = try queries.row(id, asKnownAt: asKnownAt),
          TextTokens.allMatch(terms, in: TextTokens.words(of: row))
        {
          hits.append(TransactionQueries.Hit(suffix: candidate.bytes, row: row))
        }
        guard let next = direction == .forward ? candidate.successor : candidate.predecessor else { break }
        target = next
      }
      return hits
    }
  }
}
