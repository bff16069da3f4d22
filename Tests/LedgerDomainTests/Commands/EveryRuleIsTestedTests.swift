import Foundation
import LedgerDomain
import Testing

/// A rule without a test can change its answer unnoticed: every kind of command is sent, by
/// name, in a test of the rules (`Rules/`, `Schedules/`, `Debts/` or `Goals/`), where a
/// scenario checks the events it makes and its refusals.
@Suite struct EveryRuleIsTestedTests {
  static let testsRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  static let folders = ["Rules", "Schedules", "Debts", "Goals"]

  /// The Swift text of the rules' tests.
  static func rulesTestsText() throws -> String {
    var text = ""
    for folder in folders {
      let directory = testsRoot.appendingPathComponent(folder)
      for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".swift") {
        text += try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
      }
    }
    return text
  }

  /// The kinds `text` never sends: a kind is sent where `.kind(` or `.kind)` is written.
  static func untested(in text: String) -> [String] {
    LedgerCommand.Kind.allCases.map(\.rawValue).filter { kind in
      !text.contains(".\(kind)(") && !text.contains(".\(kind))") && !text.contains(".\(kind),")
    }
  }

  @Test("given every kind of command, when the rules' tests are read, then each is sent by one")
  func everyKindIsSent() throws {
    let text = try Self.rulesTestsText()
    #expect(text.count > 50_000, "the rules' tests were read: \(text.count) characters")
    let missing = Self.untested(in: text)
    #expect(
      missing.isEmpty,
      "no rules test sends \(missing): add one in Tests/LedgerDomainTests/Rules/<Concern>RulesTests.swift (CONTRIBUTING.md, \"Add a rule\")"
    )
  }

  @Test("given a text that sends one kind only, when checked, then every other kind is reported")
  func theCheckFindsAnUntestedKind() {
    let missing = Self.untested(in: "try scenario.when(.openAccount(OpenAccount(name: \"Checking\")))")
    #expect(!missing.contains("openAccount"))
    #expect(missing.contains("renameAccount"))
    #expect(missing.count == LedgerCommand.Kind.allCases.count - 1)
  }
}
