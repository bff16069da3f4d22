import EventLog
import LedgerDomain
import LedgerTesting
import ProjectionEngine
import Testing

@testable import TransactionIndex

@Suite("Projection: search walks long posting lists")
struct TransactionSearchWalkTests {
  /// Three common words (repeated: drawn often), a family of 90 words sharing the prefix
  /// "sti" (more than a search seeks word by word: "stiaa" … "stidl"), and one of 5 sharing
  /// "ras": the shape of a three-word query whose last word is a prefix.
  static let words =
    Array(repeating: "ploxcix", count: 20) + Array(repeating: "pevor", count: 30)
    + Array(repeating: "pluxgram", count: 10) + (0..<90).map { "sti" + letters($0) }
    + ["rasa", "rasbo", "rascal", "rasp", "rast"]

  /// Two letters numbering `index`: "aa", "ab", … .
  static func letters(_ index: Int) -> String {
    String(UnicodeScalar(UInt8(97 + index / 26))) + String(UnicodeScalar(UInt8(97 + index % 26)))
  }

  /// Queries of two and three words over long lists: a prefix of many words, one of a few,
  /// a rare whole word, and no match.
  static let searches = [
    "ploxcix pevor sti", "ploxcix pevor ras", "pevor ras sti", "pevor ploxcix", "ploxcix stiab", "sti ras",
    "pluxgram ploxcix pevor", "ploxcix nothing", "stizz pevor",
  ]

  /// Count caps that walk every word but the rarest in the index (those starting a few words
  /// merged, those starting many loaded) and that load the short lists; step limits that
  /// always seek, step once, and step as searches do.
  static let countCaps = [8, WordSearch.countCap]
  static let stepLimits = [0, 1, LiveKeyWalk.defaultStepLimit]

  /// 1,500 random events over ``words`` (adds, amends, deletes) and the oracle for them.
  static func given() async throws -> (ProjectionHarness, RandomTextLedger) {
    let harness = try await ProjectionHarness([TransactionIndexProjector()])
    var ledger = RandomTextLedger(seed: 31, words: words)
    for _ in 0..<10 { try await harness.given((0..<150).map { _ in ledger.next() }) }
    return (harness, ledger)
  }

  /// The page of `query` before or after a cursor, with the given caps.
  static func page(
    _ harness: ProjectionHarness, _ query: String, before: TransactionCursor? = nil, after: TransactionCursor? = nil,
    limit: Int, countCap: Int, stepLimit: Int
  ) throws -> TransactionPage {
    try harness.read { reader throws in
      var queries = TransactionQueries(reader)
      queries.searchCountCap = countCap
      queries.searchStepLimit = stepLimit
      return try queries.search(query, before: before, after: after, limit: limit)
    }
  }

  @Test(
    "given long lists and a broad prefix, when each query is paged back and forth, then the pages are the brute-force answer",
    arguments: countCaps, stepLimits)
  func pagesMatchBruteForce(countCap: Int, stepLimit: Int) async throws {
    let (harness, ledger) = try await Self.given()
    for (round, query) in Self.searches.enumerated() {
      let limit = [1, 7, 50][round % 3]
      let expected = ledger.matches(query)

      var pages = [try Self.page(harness, query, limit: limit, countCap: countCap, stepLimit: stepLimit)]
      // Bounded: a wrong cursor could otherwise page forever.
      while let before = pages.last?.olderCursor, pages.count <= expected.count {
        pages.append(
          try Self.page(harness, query, before: before, limit: limit, countCap: countCap, stepLimit: stepLimit))
      }
      var back = [pages.last!]
      while let after = back.last?.newerCursor, back.count <= expected.count {
        back.append(try Self.page(harness, query, after: after, limit: limit, countCap: countCap, stepLimit: stepLimit))
      }

      #expect(pages.flatMap(\.rows).map(\.id) == expected, "query \"\(query)\", pages of \(limit)")
      #expect(pages.dropLast().allSatisfy { $0.rows.count == limit }, "query \"\(query)\": only the last page is short")
      #expect(back.reversed().flatMap(\.rows).map(\.id) == expected, "query \"\(query)\", back")
      #expect(pages.first?.newerCursor == nil && back.last?.newerCursor == nil)
    }
  }

  @Test(
    "given a query with exactly as many matches as a page, when its first page is read, then it has no older page",
    arguments: stepLimits)
  func fullPageHasNoOlder(stepLimit: Int) async throws {
    let (harness, ledger) = try await Self.given()
    let query = "ploxcix pevor sti"
    let count = ledger.matches(query).count
    try #require(count > 1)

    let exact = try Self.page(harness, query, limit: count, countCap: 8, stepLimit: stepLimit)
    let short = try Self.page(harness, query, limit: count - 1, countCap: 8, stepLimit: stepLimit)

    #expect(exact.rows.map(\.id) == ledger.matches(query) && exact.olderCursor == nil && exact.newerCursor == nil)
    #expect(short.rows.map(\.id) == Array(ledger.matches(query).prefix(count - 1)) && short.olderCursor != nil)
  }
}
