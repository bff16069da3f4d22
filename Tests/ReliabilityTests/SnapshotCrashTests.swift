import Foundation
import LedgerTesting
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// kill -9 while the rules' stored state is being written: during `budget projections rebuild
/// rules` (which replaces it whole) and during an import (which updates it batch by batch).
/// Either the old stored state or the new one must be there, and valid.
@Suite("Crash safety: kill -9 while the rules' stored state is written", .serialized)
struct SnapshotCrashTests {
  /// `budget verify --deep --skip-projections`: the stored state against a fold of the log.
  static func verifyStoredState(_ budget: BinaryRunner, _ round: Int) throws {
    let verify = try budget.run(["verify", "--deep", "--skip-projections"])
    #expect(verify.status == 0, "verify after kill \(round): \(verify.stderr)")
    #expect(
      !verify.stderr.contains("was not used"), "round \(round): the stored state was found broken: \(verify.stderr)")
  }

  @Test(
    "given a ledger of 4,000 transactions, when the rebuild of the rules' stored state is killed -9 at random moments, then every reopening finds a valid stored state equal to the log's fold"
  )
  func killStateRebuildRepeatedly() throws {
    let rounds = Soak.rounds(8)
    let directory = TemporaryDirectory()
    let (budget, _, _) = try RebuildRestoreCrashTests.sourceLedger(rows: 4_000, in: directory)
    var generator = SeededGenerator(seed: 41)
    let seconds = try (0..<3).map { _ in
      try RebuildRestoreCrashTests.timed { () throws -> Void in
        #expect(try budget.run(["projections", "rebuild", "rules"]).status == 0)
      }
    }.min()!
    for round in 0..<rounds {
      _ = try RebuildRestoreCrashTests.runKilled(
        budget, ["projections", "rebuild", "rules"], after: seconds * Double.random(in: 0.05...0.95, using: &generator))
      try Self.verifyStoredState(budget, round)
    }
  }

  @Test(
    "given a ledger, when imports of 3,000 rows are killed -9 at random moments, then every reopening finds a valid stored state equal to the log's fold, and adding a transaction works"
  )
  func killImportRepeatedly() throws {
    let rounds = Soak.rounds(6)
    let directory = TemporaryDirectory()
    let (budget, _, _) = try RebuildRestoreCrashTests.sourceLedger(rows: 200, in: directory)
    var generator = SeededGenerator(seed: 43)
    func statement(_ index: Int) throws -> String {
      var csv = "date,payee,amount,category\n"
      for row in 0..<3_000 {
        csv += "2024-0\(1 + row % 9)-1\(row % 9),Shop \(index)-\(row),-\(1 + row % 70).\(row % 10)0,Food\n"
      }
      let file = directory.file("statement-\(index).csv")
      try Data(csv.utf8).write(to: URL(fileURLWithPath: file))
      return file
    }
    let calibration = try statement(999)
    let seconds = try RebuildRestoreCrashTests.timed { () throws -> Void in
      #expect(try budget.run(["import", "csv", calibration, "--account", "Checking"]).status == 0)
    }
    for round in 0..<rounds {
      _ = try RebuildRestoreCrashTests.runKilled(
        budget, ["import", "csv", try statement(round), "--account", "Checking"],
        after: seconds * Double.random(in: 0.05...0.95, using: &generator))
      try Self.verifyStoredState(budget, round)
      let add = try budget.run([
        "tx", "add", "1.00", "--name", "after kill \(round)", "--category", "Food", "--account", "Checking", "--date",
        "2024-07-01",
      ])
      #expect(add.status == 0, "add after kill \(round): \(add.stderr)")
    }
  }
}
