import Foundation
import LedgerTesting
import Testing

/// kill -9 during a real `budget import csv`, again and again; the ledger must always verify
/// (chain, seals, every projection == a fresh fold) and re-running the import must add exactly
/// what was missing.
///
/// Each round imports its own file, so every round has a full import's work left to interrupt;
/// kill moments are drawn from the length of an uninterrupted import measured on this machine,
/// so the test does not depend on how fast the machine is.
@Suite("Crash safety of imports")
struct ImportCrashTests {
  static let rounds = 12
  static let rowsPerFile = 1_000
  /// Four all-or-nothing commits per import, so kills land between batches too.
  static let batchSize = "250"

  @Test("given 12 CSV files, when each import (4 batches) is killed at a random moment and all are then re-run, then every row is there exactly once and verify passes")
  func killImportRepeatedly() throws {
    let directory = TemporaryDirectory()
    var generator = SeededGenerator(seed: 99)
    let files = try (0..<Self.rounds).map { round in
      let file = directory.file("bank-\(round).csv")
      try Data(Self.csv(round: round, using: &generator).utf8).write(to: URL(fileURLWithPath: file))
      return file
    }

    // Calibrate: how long one uninterrupted import (process start to exit) takes here.
    let scratch = try Self.freshLedger(directory.file("calibrate.ledger"))
    let started = ContinuousClock.now
    #expect(try scratch.run(["import", "csv", files[0], "--account", "Checking", "--batch-size", Self.batchSize]).status == 0)
    let importSeconds = Self.seconds(ContinuousClock.now - started)

    let ledger = directory.file("crash.ledger")
    let budget = try Self.freshLedger(ledger)
    var kills = 0
    for (round, file) in files.enumerated() {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: budget.path)
      process.arguments = ["import", "csv", file, "--account", "Checking", "--batch-size", Self.batchSize, "--ledger", ledger]
      process.environment = ProcessInfo.processInfo.environment.merging(["BUDGET_TODAY": "2024-12-31"]) { $1 }
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      let fraction = Double.random(in: 0.15...0.9, using: &generator)
      usleep(UInt32(importSeconds * fraction * 1_000_000))
      if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        kills += 1
      }
      process.waitUntilExit()
      // The chain and seals after every kill; every projection against a fresh fold now and
      // then (a deep verify is slow in a debug build) and at the end.
      let deep = round % 4 == 3
      let verify = try budget.run(deep ? ["verify"] : ["verify", "--skip-projections"])
      #expect(verify.status == 0, "verify after a kill in round \(round): \(verify.stderr)")
    }
    #expect(kills >= Self.rounds / 2, "only \(kills) of \(Self.rounds) imports were still running when killed; the test proves little")

    for file in files {
      let rerun = try budget.run(["import", "csv", file, "--account", "Checking", "--json"])
      #expect(rerun.status == 0, "re-run of \(file): \(rerun.stderr)")
      let summary = try JSONSerialization.jsonObject(with: Data(rerun.stdout.utf8)) as? [String: Any]
      let added = summary?["added"] as? Int ?? -1
      let skipped = summary?["skipped"] as? Int ?? -1
      #expect(added + skipped == Self.rowsPerFile, "\(file): added \(added) + skipped \(skipped)")
    }
    let categoryReport = try budget.run(["report", "categories", "--year", "2024", "--json"])
    let rows = try JSONSerialization.jsonObject(with: Data(categoryReport.stdout.utf8)) as? [[String: Any]] ?? []
    #expect(rows.reduce(0) { $0 + ($1["count"] as? Int ?? 0) } == Self.rounds * Self.rowsPerFile)
    #expect(try budget.run(["verify"]).status == 0)
  }

  /// A new ledger with a Checking account, and a runner bound to it.
  static func freshLedger(_ path: String) throws -> BinaryRunner {
    let budget = try BinaryRunner("budget", environment: ["BUDGET_LEDGER": path, "BUDGET_TODAY": "2024-12-31"])
    #expect(try budget.run(["init"]).status == 0)
    #expect(try budget.run(["account", "open", "Checking", "--date", "2015-01-01"]).status == 0)
    return budget
  }

  /// A bank export whose rows are unique to `round` (payees carry the round number).
  static func csv(round: Int, using generator: inout SeededGenerator) -> String {
    let categories = ["Food", "Transport", "Bills", "Health"]
    var csv = "date,payee,amount,category\n"
    for row in 0..<rowsPerFile {
      let day = 1 + Int.random(in: 0..<28, using: &generator)
      let month = 1 + Int.random(in: 0..<12, using: &generator)
      let date = "2024-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
      csv += "\(date),Shop \(round)-\(row % 37),-\(1 + row % 90).\(row % 10)0,\(categories[row % 4])\n"
    }
    return csv
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
