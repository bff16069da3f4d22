import EventLog
import LedgerDomain
import ProjectionEngine

/// One full-text query: the query words, and the indexed words the longest of them starts.
///
/// A fetch merges those words' postings (each already ordered by date) into one date-ordered
/// stream, drops the duplicates (a transaction with "grocery" and "groceries" is posted under
/// both), and keeps the transactions whose row contains every query word.
struct WordSearch {
  let queries: TransactionQueries
  /// The query words, uncut.
  let terms: [[UInt8]]
  /// The indexed words (zero-padded to ``TextTokens/width``) that start the driving term.
  let tokens: [[UInt8]]
  let asKnownAt: UInt64

  init(queries: TransactionQueries, terms: [[UInt8]], asKnownAt: UInt64) throws {
    self.queries = queries
    self.terms = terms
    self.asKnownAt = asKnownAt
    // The longest word is the likeliest to be rare and starts the fewest indexed words.
    let driver = TextTokens.indexed(terms.max { $0.count < $1.count }!)
    tokens = try Self.tokens(startingWith: driver, reader: queries.reader, asKnownAt: asKnownAt)
  }

  /// The distinct indexed words that start with `prefix` and have a live posting at
  /// `asKnownAt`: one seek each.
  static func tokens(startingWith prefix: [UInt8], reader: ProjectionReader, asKnownAt: UInt64) throws -> [[UInt8]] {
    let padding = TextTokens.width - prefix.count
    var lower = prefix + [UInt8](repeating: 0, count: padding + TransactionKeys.suffixSize)
    let upper = prefix + [UInt8](repeating: 0xFF, count: padding + TransactionKeys.suffixSize)
    var tokens: [[UInt8]] = []
    while true {
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
  }

  /// Up to `count` matching transactions with `day ‖ id` in `lower ..< upper`, nearest the
  /// start of `direction` first, each with its row.
  func fetch(
    _ direction: ReadDirection, _ lower: [UInt8], _ upper: [UInt8], _ count: Int
  ) throws -> [TransactionQueries.Hit] {
    var streams = tokens.map { PostingStream(token: $0, lower: lower, upper: upper, batch: Swift.min(Swift.max(count, 8), 256)) }
    var hits: [TransactionQueries.Hit] = []
    var previous: [UInt8]?
    while hits.count < count {
      // The stream whose head comes first in `direction`.
      var best: (index: Int, suffix: [UInt8])?
      for index in streams.indices {
        guard let head = try streams[index].head(queries.reader, direction: direction, asKnownAt: asKnownAt) else { continue }
        if let current = best {
          let first = direction == .forward ? head.lexicographicallyPrecedes(current.suffix) : current.suffix.lexicographicallyPrecedes(head)
          if first { best = (index, head) }
        } else {
          best = (index, head)
        }
      }
      guard let (index, suffix) = best else { break }
      streams[index].pop()
      if suffix == previous { continue }
      previous = suffix
      guard let id = TransactionKeys.decodeSuffix(suffix)?.id, let row = try queries.row(id, asKnownAt: asKnownAt),
        TextTokens.allMatch(terms, in: TextTokens.words(of: row))
      else { continue }
      hits.append(TransactionQueries.Hit(suffix: suffix, row: row))
    }
    return hits
  }
}
