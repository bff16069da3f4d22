import Foundation
import LedgerTesting
import Testing

/// A ledger written by an earlier release keeps its answers: opening it rebuilds the
/// projections whose version changed, old events are read through their upcasters, and every
/// report says what the earlier release said.
@Suite("Upgrading a ledger written by an earlier release")
struct UpgradeTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  /// A copy of fixture `name`'s `budget.ledger` in `directory`, and `budget` on it as of `today`.
  static func copy(
    _ name: String, into directory: TemporaryDirectory, today: String
  ) throws -> (fixture: URL, budget: BinaryRunner) {
    let fixture = fixtures.appendingPathComponent(name)
    let path = directory.file("upgraded.ledger")
    try FileManager.default.copyItem(atPath: fixture.appendingPathComponent("budget.ledger").path, toPath: path)
    return (fixture, try BinaryRunner("budget", environment: ["BUDGET_LEDGER": path, "BUDGET_TODAY": today]))
  }

  @Test(
    "given a ledger with v1 amends and deletes and v1 projections, when opened by this release, then it verifies and every report equals the earlier release's"
  )
  func beforeVersion2Events() throws {
    let directory = TemporaryDirectory()
    let (fixture, budget) = try Self.copy("ledger-before-v2-events", into: directory, today: "2024-06-30")

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

    // Backed up and restored: the same events in the versions they were recorded in, so the
    // same chain head, and the periods' seals still hold.
    let backup = directory.file("old.backup.json")
    #expect(try budget.run(["backup", backup]).status == 0)
    let restored = directory.file("restored.ledger")
    let restore = try budget.run(["restore", backup, "--ledger", restored])
    #expect(restore.status == 0, "\(restore.stderr)")
    let again = try budget.run(["verify", "--ledger", restored])
    #expect(again.status == 0 && again.stdout == verify.stdout, "\(again.stdout)\(again.stderr)")
    // A backup from before backups said the version: told by the events' content, the same.
    let text = try String(contentsOfFile: backup, encoding: .utf8)
    let unversioned = directory.file("unversioned.backup.json")
    try Data(text.replacingOccurrences(of: #","schemaVersion":1"#, with: "").replacingOccurrences(of: #","schemaVersion":2"#, with: "").utf8)
      .write(to: URL(fileURLWithPath: unversioned))
    #expect(!(try String(contentsOfFile: unversioned, encoding: .utf8)).contains("schemaVersion"))
    let fromOld = directory.file("from-old.ledger")
    #expect(try budget.run(["restore", unversioned, "--ledger", fromOld]).status == 0)
    #expect(try budget.run(["verify", "--ledger", fromOld]).stdout == verify.stdout)

    // Rebuilt to this release's versions, caught up with the log.
    let status = try budget.run(["projections", "status", "--json"])
    let projectors = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]])
    #expect(projectors.count == 5, "the five read models, the schedules among them")
    for projector in projectors {
      #expect(projector["storedVersion"] as? Int == projector["codeVersion"] as? Int, "\(projector)")
      #expect(projector["lag"] as? Int == 0, "\(projector)")
      #expect(projector["generation"] as? Int ?? 0 >= 1, "\(projector)")
    }
  }

  @Test(
    "given a ledger whose import recorded the keys before they led with the date, when the same statement is imported again, then nothing is added"
  )
  func importKeysBeforeTheDate() throws {
    let directory = TemporaryDirectory()
    let (fixture, budget) = try Self.copy("ledger-with-undated-import-keys", into: directory, today: "2024-03-31")
    let statement = fixture.appendingPathComponent("statement.csv").path
    func imported(_ file: String, _ extra: [String] = []) throws -> (added: Int?, skipped: Int?) {
      try budget.importCSV(file, extra)
    }

    let dryRun = try imported(statement, ["--dry-run"])
    #expect(dryRun.added == 0 && dryRun.skipped == 6)
    let again = try imported(statement, ["--batch-size", "4"])
    #expect(again.added == 0 && again.skipped == 6)

    // The next month's statement overlaps: only its new rows are added, under today's keys,
    // and a third import of it adds nothing either.
    let text = try String(contentsOfFile: statement, encoding: .utf8)
    let next = directory.file("next.csv")
    try Data((text + "2024-03-20,-9.90,Cinema,Restaurants\n2024-03-01,-2.80,Coffee,Restaurants\n").utf8)
      .write(to: URL(fileURLWithPath: next))
    let overlapping = try imported(next)
    #expect(overlapping.added == 2 && overlapping.skipped == 6)
    let repeated = try imported(next)
    #expect(repeated.added == 0 && repeated.skipped == 8)
    let list = try budget.run(["tx", "list", "--json"])
    let rows =
      (try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])?["rows"] as? [[String: Any]]
    #expect(rows?.count == 9)  // the opening balance, six rows, two new ones

    // The earlier release's import undone (two undos: the overlap, then it), and the file
    // imported again: its rows come back, though recorded under the legacy keys.
    #expect(try budget.run(["undo"]).status == 0)
    #expect(try budget.run(["undo"]).status == 0)
    let back = try imported(statement)
    #expect(back.added == 6 && back.skipped == 0)
    #expect(try imported(statement).added == 0)
  }
}
