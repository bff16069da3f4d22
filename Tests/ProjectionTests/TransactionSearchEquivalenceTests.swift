import EventLog
import LedgerDomain
import LedgerTesting
import ProjectionEngine
import Testing

@testable import TransactionIndex

@Suite("Projection: search equals a brute-force filter")
struct TransactionSearchEquivalenceTests {
  /// Both ways of walking postings: words sought in the index (a count cap of 1: only words
  /// starting several indexed words are loaded), and the short lists loaded (the standard cap).
  static let countCaps = [1, WordSearch.countCap]
  /// Walks of indexed words that always seek (0), step once before seeking (1), and step as
  /// searches do.
  static let stepLimits = [0, 1, LiveKeyWalk.defaultStepLimit]

  /// A ledger of random text, the oracle for it, and the log position after the first half.
  static func given(
    seed: UInt64, events: Int = 500
  ) async throws -> (
    ProjectionHarness, RandomTextLedger, UInt64, RandomTextLedger
  ) {
    let harness = try await ProjectionHarness([TransactionIndexProjector()])
    var ledger = RandomTextLedger(seed: seed)
    var half: (UInt64, RandomTextLedger)?
    for batch in 0..<10 {
      let position = try await harness.given((0..<events / 10).map { _ in ledger.next() })
      if batch == 4 { half = (position, ledger) }
    }
    return (harness, ledger, half!.0, half!.1)
  }

  /// The queries of `reader`, counting postings up to `countCap` and stepping `stepLimit`
  /// postings before a seek.
  static func queries(_ reader: ProjectionReader, countCap: Int, stepLimit: Int) -> TransactionQueries {
    var queries = TransactionQueries(reader)
    queries.searchCountCap = countCap
    queries.searchStepLimit = stepLimit
    return queries
  }

  /// Every page of `query`, walked backward `limit` at a time to the end.
  static func pagesBackward(
    _ harness: ProjectionHarness, _ query: String, limit: Int, from: CivilDate = .earliest,
    through: CivilDate = .latest, asKnownAt: UInt64 = .max, countCap: Int, stepLimit: Int
  ) throws -> [TransactionPage] {
    var pages: [TransactionPage] = []
    var before: TransactionCursor?
    repeat {
      let page = try harness.read { reader throws in
        try queries(reader, countCap: countCap, stepLimit: stepLimit).search(
          query, from: from, through: through, before: before, limit: limit, asKnownAt: asKnownAt)
      }
      pages.append(page)
      before = page.olderCursor
    } while before != nil
    return pages
  }

  @Test(
    "given a random ledger, when random queries are searched page by page, then the rows are the brute-force answer",
    arguments: countCaps, stepLimits)
  func pagesMatchBruteForce(countCap: Int, stepLimit: Int) async throws {
    let (harness, ledger, _, _) = try await Self.given(seed: 7)
    var queries = ledger
    for round in 0..<150 {
      let query = queries.query()
      let limit = [1, 3, 50][round % 3]

      let pages = try Self.pagesBackward(harness, query, limit: limit, countCap: countCap, stepLimit: stepLimit)

      let expected = ledger.matches(query)
      #expect(pages.flatMap(\.rows).map(\.id) == expected, "query \"\(query)\", pages of \(limit)")
      #expect(pages.dropLast().allSatisfy { $0.rows.count == limit }, "query \"\(query)\": only the last page is short")
      #expect(pages.first?.newerCursor == nil)
    }
  }

  @Test(
    "given a random ledger, when pages are walked back with after-cursors, then each page is the one walked forward",
    arguments: countCaps, stepLimits)
  func pagesBackAndForth(countCap: Int, stepLimit: Int) async throws {
    let (harness, ledger, _, _) = try await Self.given(seed: 11)
    var queries = ledger
    for _ in 0..<60 {
      let query = queries.query()
      let pages = try Self.pagesBackward(harness, query, limit: 4, countCap: countCap, stepLimit: stepLimit)

      var back: [TransactionPage] = [pages.last!]
      while let after = back.last?.newerCursor {
        back.append(
          try harness.read { reader throws in
            try Self.queries(reader, countCap: countCap, stepLimit: stepLimit).search(query, after: after, limit: 4)
          })
      }

      #expect(back.reversed().flatMap(\.rows).map(\.id) == pages.flatMap(\.rows).map(\.id), "query \"\(query)\"")
      #expect(back.last?.newerCursor == nil)
    }
  }

  @Test(
    "given a random ledger, when searched within dates and as known at an earlier position, then both match brute force",
    arguments: countCaps, stepLimits)
  func datesAndHistory(countCap: Int, stepLimit: Int) async throws {
    let (harness, _, position, then) = try await Self.given(seed: 23)
    var queries = then
    for _ in 0..<60 {
      let query = queries.query()
      let (from, through) = (day("2024-03-10"), day("2024-07-12"))

      let dated = try Self.pagesBackward(
        harness, query, limit: 5, from: from, through: through, asKnownAt: position, countCap: countCap,
        stepLimit: stepLimit)

      #expect(
        dated.flatMap(\.rows).map(\.id) == then.matches(query, from: from, through: through), "query \"\(query)\"")
    }
  }
}
