import Foundation
import Testing

@testable import LedgerWire

/// `budget history` and `GET /history/{kind}/{ref}` take one list of kinds.
@Suite struct HistoryKindTests {
  @Test("given the words each front end takes, when read as kinds, then each names its kind")
  func wordsNameKinds() {
    #expect(HistoryKind(word: "tx") == .transaction)
    #expect(HistoryKind(word: "transactions") == .transaction)
    #expect(HistoryKind(word: "categories") == .category)
    #expect(HistoryKind(word: "Schedule") == .schedule)
    #expect(HistoryKind(word: "debts") == .debt)
    #expect(HistoryKind(word: "goal") == .goal)
    #expect(HistoryKind(word: "budget") == .month)
    #expect(HistoryKind(word: "rent") == nil)
  }

  @Test("given the kinds, when their usage is written, then it names every one with what follows it")
  func usageNamesEveryKind() {
    #expect(
      HistoryKind.usage
        == "transaction ID, category NAME, account NAME, period NAME, schedule NAME, debt NAME, goal NAME or month YYYY-MM"
    )
  }
}

extension HistoryKindTests {
  @Test(
    "given docs/openapi.yaml, when the history route's kinds are read, then they are the kinds both front ends take")
  func documentListsTheKinds() throws {
    let text = try String(
      contentsOf: WireSchemaTests.root.appendingPathComponent("docs/openapi.yaml"), encoding: .utf8)
    let document = try #require(try YAMLSubset.parse(text) as? [String: Any])
    let paths = try #require(document["paths"] as? [String: Any])
    let history = try #require((paths["/history/{kind}/{ref}"] as? [String: Any])?["get"] as? [String: Any])
    let parameters = try #require(history["parameters"] as? [Any])
    let kind = try #require(parameters.compactMap { $0 as? [String: Any] }.first { $0["name"] as? String == "kind" })
    let kinds = (kind["schema"] as? [String: Any])?["enum"] as? [String]
    #expect(kinds == HistoryKind.allCases.map(\.rawValue))
  }
}
