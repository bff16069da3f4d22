import Foundation
import LedgerTesting
import Testing

/// A ledger written by an earlier release keeps its answers: opening it rebuilds the
/// projections whose version changed, old events are read through their upcasters, and every
/// report says what the earlier release said.
@Suite("Upgrading a ledger written by an earlier release")
struct UpgradeTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  @Test(
    "given a ledger with v1 amends and deletes and v1 projections, when opened by this release, then it verifies and every report equals the earlier release's"
  )
  func beforeVersion2Events() throws {
    let fixture = Self.fixtures.appendingPathComponent("ledger-before-v2-events")
    let directory = TemporaryDirectory()
    let path = directory.file("upgraded.ledger")
    try FileManager.default.copyItem(atPath: fixture.appendingPathComponent("budget.ledger").path, toPath: path)
    let budget = try BinaryRunner("budget", environment: ["BUDGET_LEDGER": path, "BUDGET_TODAY": "2024-06-30"])

    let verify = try budget.run(["verify"])
    #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    #expect(verify.stdout.contains("81 events"))

    let commands = try String(contentsOf: fixture.appendingPathComponent("commands.txt"), encoding: .utf8)
    var compared = 0
    for line in commands.split(separator: "\n") {
      let parts = line.split(separator: "|", maxSplits: 1)
      guard parts.count == 2 else { continue }
      let expected = try String(contentsOf: fixture.appendingPathComponent("\(parts[0]).json"), encoding: .utf8)
      let output = try budget.run(parts[1].split(separator: " ").map(String.init))
      #expect(output.status == 0, "budget \(parts[1]): \(output.stderr)")
      #expect(output.stdout == expected, "budget \(parts[1])")
      compared += 1
    }
    #expect(compared == 10)

    // Rebuilt to this release's versions, caught up with the log.
    let status = try budget.run(["projections", "status", "--json"])
    let projectors = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]])
    #expect(projectors.count == 4)
    for projector in projectors {
      #expect(projector["storedVersion"] as? Int == projector["codeVersion"] as? Int, "\(projector)")
      #expect(projector["lag"] as? Int == 0, "\(projector)")
      #expect(projector["generation"] as? Int ?? 0 >= 1, "\(projector)")
    }
  }
}
