import Foundation
import Ledger
import LedgerDomain
import TransactionIndex

/// Multi-word searches against SQLite FTS5 on the same rows: each a fixed query asked `count`
/// times, first page of 50, newest first; the SQLite side asks FTS5 the same (every word a
/// prefix, all required) with `ORDER BY rowid DESC LIMIT 50`, rowids being in date-then-id
/// order. Target: our median within ``maxRatio``× of FTS5's.
struct SearchCases {
  let ledger: Ledger
  let world: DatasetWorld
  let count: Int

  /// Ours ÷ FTS5 (medians) a case may reach.
  static let maxRatio = 3.0

  /// One query: an id for the report, the text we search, why it is there, and the FTS5
  /// query as one would type it — a star only on the words meant as prefixes. That one may
  /// find fewer rows (ours takes every word as a prefix) and is reported beside the same-
  /// meaning one (`*` on every word), which is the target's.
  struct Query {
    var id: String
    var text: String
    var what: String
    var typed: String
  }

  /// The queries for the dataset: two- and three-word, common and rare words, prefixes, and
  /// one without a match.
  var queries: [Query] {
    if world.isBank {
      return [
        Query(
          id: "bank-food-purchase-5000", text: "food purchase 5000", what: "two common words and a rare prefix",
          typed: "food purchase 5000*"),
        Query(id: "bank-rewe-5000", text: "rewe 5000", what: "a common payee and a rare prefix", typed: "rewe 5000*"),
        Query(
          id: "bank-childcare-500017", text: "childcare 500017", what: "a common word and a rare reference: no match",
          typed: "childcare 500017"),
        Query(
          id: "bank-card-4411-rewe", text: "card 4411 rewe", what: "three common words, dense matches",
          typed: "card 4411 rewe"),
        Query(
          id: "bank-stadtwerke-73", text: "stadtwerke mref 73",
          what: "two common words and a prefix of ten thousand references",
          typed: "stadtwerke mref 73*"),
      ]
    }
    // Household: payee words (thousands of rows each), description words from common to rare.
    func payeeWords(_ category: String, _ index: Int) -> [String] {
      let record = world.categories.first { $0.name == category } ?? world.categories[0]
      return record.payees[index % record.payees.count].lowercased().split(separator: " ").map(String.init)
    }
    let pair = payeeWords("Food", 1)
    let vocabulary = world.vocabulary
    let three = "\(payeeWords("Restaurants", 0)[0]) \(vocabulary[0]) \(vocabulary[3].prefix(3))"
    let none = "\(payeeWords("Rent", 0)[0]) \(payeeWords("Childcare", 0)[0])"
    return [
      Query(
        id: "home-payee-pair", text: pair.joined(separator: " "), what: "both words of a two-word payee: dense matches",
        typed: pair.joined(separator: " ")),
      Query(
        id: "home-payee-common", text: "\(pair[0]) \(vocabulary[0])",
        what: "a payee word and the most common description word", typed: "\(pair[0]) \(vocabulary[0])"),
      Query(
        id: "home-common-rare", text: "\(vocabulary[1]) \(vocabulary[2_400])",
        what: "a common and a rare description word",
        typed: "\(vocabulary[1]) \(vocabulary[2_400])"),
      Query(id: "home-prefix-three", text: three, what: "three words, the last a prefix", typed: three + "*"),
      Query(id: "home-no-match", text: none, what: "two payees of different categories: no match", typed: none),
    ]
  }

  /// The FTS5 query for `text`: its words, each as a prefix.
  static func ftsExpression(_ text: String) -> String {
    text.lowercased().split { !($0.isLetter || $0.isNumber) }.map { "\($0)*" }.joined(separator: " ")
  }

  /// Runs every query `count` times (after a few untimed); returns the cases, the SQLite query
  /// lines and our answers' digests.
  func run() throws -> (cases: [QueryCase], sqliteLines: [String], digests: [String: [String]]) {
    var cases: [QueryCase] = []
    var lines: [String] = []
    var digests: [String: [String]] = [:]
    for query in queries {
      progress("  search \"\(query.text)\" × \(count)")
      var rows = 0
      let ask = { () throws -> String in
        let page = try ledger.transactions(.text(query.text), limit: 50).value
        var hash = FNV()
        for row in page.rows { hash.add(QueryRunner.bytes(row.id.raw)) }
        rows = page.rows.count
        return "\(page.rows.count)/\(hash.hex)"
      }
      for _ in 0..<min(5, count) { _ = try ask() }
      var times: [Double] = []
      var checks: [String] = []
      for _ in 0..<count {
        let start = ContinuousClock.now
        let digest = try ask()
        times.append(Stopwatch.seconds(ContinuousClock.now - start))
        if checks.count < 20 { checks.append(digest) }
      }
      let expression = Self.ftsExpression(query.text)
      lines += Array(repeating: "fts\t\(query.id)\t\(expression)", count: count)
      cases.append(
        QueryCase(
          id: query.id, title: "search \"\(query.text)\"", ours: LatencyStats(seconds: times), targetMs: nil,
          sqliteKind: "fts:\(query.id)", maxRatioToSQLite: Self.maxRatio,
          notes: ["\(query.what); \(rows) rows on the first page; FTS5: MATCH '\(expression)'"]))
      digests[query.id] = checks
      // FTS5 as typed: not the target (its words are not all prefixes), a reference.
      lines += Array(repeating: "fts\t\(query.id)-typed\t\(query.typed)", count: count)
      cases.append(
        QueryCase(
          id: query.id + "-typed", title: "  … FTS5 as typed", ours: LatencyStats(seconds: times), targetMs: nil,
          sqliteKind: "fts:\(query.id)-typed", referenceRatio: true,
          notes: ["the same answers of ours against FTS5 MATCH '\(query.typed)' (whole words but the starred)"]))
      digests[query.id + "-typed"] = checks
    }
    return (cases, lines, digests)
  }
}
