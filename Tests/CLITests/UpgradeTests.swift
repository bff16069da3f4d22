import Foundation
import Ledger
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
      // The earlier release's every field, with its value; the report may have gained fields
      // since (the API's shape, which --json now prints).
      let earlier = try JSONDecoder().decode(JSONValue.self, from: Data(expected.utf8))
      let now = try JSONDecoder().decode(JSONValue.self, from: Data(output.stdout.utf8))
      #expect(now.keeps(earlier), "budget \(parts[1]):\n\(output.stdout)")
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
    try Data(
      text.replacingOccurrences(of: #","schemaVersion":1"#, with: "").replacingOccurrences(
        of: #","schemaVersion":2"#, with: ""
      ).utf8
    )
    .write(to: URL(fileURLWithPath: unversioned))
    #expect(!(try String(contentsOfFile: unversioned, encoding: .utf8)).contains("schemaVersion"))
    let fromOld = directory.file("from-old.ledger")
    #expect(try budget.run(["restore", unversioned, "--ledger", fromOld]).status == 0)
    #expect(try budget.run(["verify", "--ledger", fromOld]).stdout == verify.stdout)

    // Rebuilt to this release's versions, caught up with the log.
    let status = try budget.run(["projections", "status", "--json"])
    let projectors = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]])
    #expect(projectors.count == Ledger.standardProjectors.count, "every read model, the schedules among them")
    for projector in projectors {
      #expect(projector["storedVersion"] as? Int == projector["codeVersion"] as? Int, "\(projector)")
      #expect(projector["lag"] as? Int == 0, "\(projector)")
      #expect(projector["generation"] as? Int ?? 0 >= 1, "\(projector)")
    }
  }

  @Test(
    "given a ledger with refunds written before refunds lowered spending, when opened by this release, then every report counts them as negative spending"
  )
  func refundsWrittenEarlier() throws {
    let directory = TemporaryDirectory()
    let (_, budget) = try Self.copy("ledger-with-refunds", into: directory, today: "2026-12-06")
    #expect(try budget.run(["verify"]).status == 0)

    func json<T>(_ arguments: [String], as: T.Type) throws -> T? {
      let output = try budget.run(arguments + ["--json"])
      #expect(output.status == 0, "budget \(arguments): \(output.stderr)")
      return try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? T
    }
    func food(_ month: String) throws -> [String: Any]? {
      let sheet = try json(["report", "budget-vs-actual", "--month", month], as: [String: Any].self)
      return (sheet?["lines"] as? [[String: Any]])?.first { $0["name"] as? String == "Food" }
    }
    // October: 100 budgeted, 50 spent, 20 refunded: 30 actual, 70 left — and carried on.
    let october = try food("2026-10")
    #expect(october?["actual"] as? String == "30.00" && october?["difference"] as? String == "70.00")
    // November: 100 + 70 carried = 170; 5 spent, 15 refunded: −10 actual, 180 left.
    let november = try food("2026-11")
    #expect(november?["carried"] as? String == "70.00" && november?["budgeted"] as? String == "170.00")
    #expect(november?["actual"] as? String == "-10.00" && november?["difference"] as? String == "180.00")
    #expect(november?["usedPercent"] as? String == "-5.88")
    // December: 100 + 180 carried = 280; 50 − 20 = 30 actual; 250 left.
    let december = try food("2026-12")
    #expect(december?["carried"] as? String == "180.00" && december?["actual"] as? String == "30.00")
    #expect(december?["difference"] as? String == "250.00")
    // Category totals and cashflow of December: Food nets 30; the refund is not income.
    let rows = try json(["report", "categories", "--month", "2026-12"], as: [[String: Any]].self) ?? []
    #expect(rows.first { $0["category"] as? String == "Food" }?["net"] as? String == "30.00")
    let months = try json(["report", "cashflow", "--year", "2026"], as: [[String: String]].self) ?? []
    let cashflow = months.first { $0["month"] == "2026-12" }
    #expect(cashflow?["income"] == "1000.00" && cashflow?["expenses"] == "30.00" && cashflow?["net"] == "970.00")
    // As known before December's refund (position 20 of 22: the shop, not yet its refund): Food spent 50 in December.
    let before = try json(
      ["report", "budget-vs-actual", "--month", "2026-12", "--as-known-at", "20"], as: [String: Any].self)
    let earlier = (before?["lines"] as? [[String: Any]])?.first { $0["name"] as? String == "Food" }
    #expect(earlier?["actual"] as? String == "50.00")
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
