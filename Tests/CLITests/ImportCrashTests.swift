import Foundation
import LedgerTesting
import Testing

/// kill -9 during a real `budget import csv`, again and again; the ledger must always verify
/// (chain, seals, every projection == a fresh fold) and re-running the import must add exactly
/// what was missing.
@Suite("Crash safety of imports")
struct ImportCrashTests {
  @Test("given a 4,000-row CSV, when the import is killed at random 12 times and then re-run, then every row is there exactly once and verify passes")
  func killImportRepeatedly() throws {
    let directory = TemporaryDirectory()
    let ledger = directory.file("crash.ledger")
    let budget = try BinaryRunner("budget", environment: ["BUDGET_LEDGER": ledger, "BUDGET_TODAY": "2024-12-31"])
    #expect(try budget.run(["init"]).status == 0)
    #expect(try budget.run(["account", "open", "Checking", "--date", "2015-01-01"]).status == 0)
    var csv = "date,payee,amount,category\n"
    var generator = SeededGenerator(seed: 99)
    let categories = ["Food", "Transport", "Bills", "Health"]
    for row in 0..<4_000 {
      let day = 1 + Int.random(in: 0..<28, using: &generator)
      let month = 1 + Int.random(in: 0..<12, using: &generator)
      csv += "2024-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day),Shop \(row % 37),-\(1 + row % 90).\(row % 10)0,\(categories[row % 4])\n"
    }
    let file = directory.file("bank.csv")
    try Data(csv.utf8).write(to: URL(fileURLWithPath: file))

    var kills = 0
    for _ in 0..<12 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: budget.path)
      process.arguments = ["import", "csv", file, "--account", "Checking", "--ledger", ledger]
      process.environment = ProcessInfo.processInfo.environment.merging(["BUDGET_TODAY": "2024-12-31"]) { $1 }
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      usleep(UInt32.random(in: 150_000...900_000, using: &generator))
      if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        kills += 1
      }
      process.waitUntilExit()
      let verify = try budget.run(["verify"])
      #expect(verify.status == 0, "verify after a kill: \(verify.stderr)")
    }
    #expect(kills >= 6, "the imports finished too fast to be interrupted; the test proves little")

    let final = try budget.run(["import", "csv", file, "--account", "Checking", "--json"])
    #expect(final.status == 0)
    let summary = try JSONSerialization.jsonObject(with: Data(final.stdout.utf8)) as? [String: Any]
    let added = summary?["added"] as? Int ?? -1
    let skipped = summary?["skipped"] as? Int ?? -1
    #expect(added + skipped == 4_000)
    let categoryReport = try budget.run(["report", "categories", "--year", "2024", "--json"])
    let rows = try JSONSerialization.jsonObject(with: Data(categoryReport.stdout.utf8)) as? [[String: String]] ?? []
    #expect(rows.reduce(0) { $0 + (Int($1["count"] ?? "0") ?? 0) } == 4_000)
    #expect(try budget.run(["verify"]).status == 0)
  }
}
