import Foundation
import LedgerTesting
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// kill -9 during `budget projections rebuild` and during `budget restore`.
///
/// Kill moments are drawn from the length of an uninterrupted run measured on this machine
/// first (as `ImportCrashTests` does), so the test does not depend on the machine's speed.
@Suite("Crash safety: kill -9 during a projection rebuild and during a restore", .serialized)
struct RebuildRestoreCrashTests {
  /// A ledger with `rows` imported transactions, and its backup.
  static func sourceLedger(
    rows: Int, in directory: TemporaryDirectory
  ) throws -> (budget: BinaryRunner, ledger: String, backup: String) {
    let ledger = directory.file("source.ledger")
    let budget = try BinaryRunner.checkingLedger(at: ledger)
    var csv = "date,payee,amount,category\n"
    let categories = ["Food", "Transport", "Bills", "Health"]
    for row in 0..<rows {
      let month = 1 + row % 12, day = 1 + row % 28
      csv +=
        "2024-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day),Shop \(row % 53),-\(1 + row % 90).\(row % 10)5,\(categories[row % 4])\n"
    }
    let file = directory.file("bank.csv")
    try Data(csv.utf8).write(to: URL(fileURLWithPath: file))
    let imported = try budget.run(["import", "csv", file, "--account", "Checking"])
    #expect(imported.status == 0, "import: \(imported.stderr)")
    let backup = directory.file("backup.json")
    #expect(try budget.run(["backup", backup]).status == 0)
    return (budget, ledger, backup)
  }

  /// Starts `arguments`, kills it after `delay` seconds if it still runs; whether it was killed.
  static func runKilled(_ budget: BinaryRunner, _ arguments: [String], after delay: Double) throws -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: budget.path)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(budget.environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    usleep(UInt32(delay * 1_000_000))
    var killed = false
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      killed = true
    }
    process.waitUntilExit()
    return killed
  }

  /// Runs `budget restore`; with a delay, kills it that long after the ledger it builds
  /// (beside the target, renamed into place at the end) appears (polled: the signal itself).
  /// Returns whether it was killed and, for a full run, how long the writing phase took.
  static func restore(
    _ budget: BinaryRunner, _ backup: String, into target: String, killAfterFileAppearsBy delay: Double?
  ) throws -> (killed: Bool, writingSeconds: Double) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: budget.path)
    process.arguments = ["restore", backup, "--ledger", target]
    process.environment = ProcessInfo.processInfo.environment.merging(budget.environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    while process.isRunning && !FileManager.default.fileExists(atPath: staging(target)) { usleep(1_000) }
    let appeared = ContinuousClock.now
    guard let delay else {
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "the calibration restore failed")
      return (false, seconds(ContinuousClock.now - appeared))
    }
    usleep(UInt32(delay * 1_000_000))
    var killed = false
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      killed = true
    }
    process.waitUntilExit()
    return (killed, 0)
  }

  /// Where `budget restore` builds the ledger before renaming it to `target`.
  static func staging(_ target: String) -> String { target + ".restoring" }

  static func timed(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    return seconds(ContinuousClock.now - start)
  }

  @Test(
    "given a ledger of 4,000 transactions, when `budget projections rebuild` is killed -9 at random moments and a transaction is added after each kill, then the ledger verifies every time, projections equal a fresh fold, and a final rebuild completes"
  )
  func killRebuildRepeatedly() throws {
    let rounds = Soak.rounds(10)
    let directory = TemporaryDirectory()
    let (budget, _, _) = try Self.sourceLedger(rows: 4_000, in: directory)
    var generator = SeededGenerator(seed: 31)
    // The fastest of three: with the other tests loading both cores, one timing can be slow
    // enough that the killed rebuilds mostly finish before their kill.
    let rebuildSeconds = try (0..<3).map { _ in
      try Self.timed { () throws -> Void in #expect(try budget.run(["projections", "rebuild"]).status == 0) }
    }.min()!
    var kills = 0
    for round in 0..<rounds {
      if try Self.runKilled(
        budget, ["projections", "rebuild"], after: rebuildSeconds * Double.random(in: 0.05...0.95, using: &generator))
      {
        kills += 1
      }
      // Writes still work (inline projection into whichever tables are current) …
      let add = try budget.run([
        "tx", "add", "12.34", "--name", "after kill \(round)", "--category", "Food", "--account", "Checking", "--date",
        "2024-07-01",
      ])
      #expect(add.status == 0, "add after kill \(round): \(add.stderr)")
      // … and the ledger verifies; projections against a fresh fold every fifth round.
      let verify = try budget.verify(deep: round % 5 == 4)
      #expect(verify.status == 0, "verify after kill \(round): \(verify.stderr)")
    }
    #expect(
      kills >= rounds / 2, "only \(kills) of \(rounds) rebuilds were still running when killed; the test proves little")
    #expect(try budget.run(["projections", "rebuild"]).status == 0)
    let status = try budget.json(["projections", "status"]) as? [[String: Any]] ?? []
    #expect(
      !status.isEmpty && status.allSatisfy { $0["lag"] as? Int == 0 },
      "projections lag after the final rebuild: \(status)")
    let verify = try budget.verify(deep: true)
    #expect(verify.status == 0, "final verify: \(verify.stderr)")
  }

  @Test(
    "given a restore into a target already running (its guard file locked), when another restore into it starts, then it is refused and touches nothing"
  )
  func concurrentRestoreIsRefused() throws {
    let directory = TemporaryDirectory()
    let (budget, _, backup) = try Self.sourceLedger(rows: 50, in: directory)
    let target = directory.file("busy.ledger")
    let guardFile = open(Self.staging(target) + ".guard", O_CREAT | O_RDWR, 0o600)
    #expect(guardFile >= 0 && flock(guardFile, LOCK_EX | LOCK_NB) == 0)
    try Data("partial".utf8).write(to: URL(fileURLWithPath: Self.staging(target)))

    let refused = try budget.run(["restore", backup, "--ledger", target])

    #expect(refused.status == 1 && refused.stderr.contains("another restore into"), "\(refused.stderr)")
    #expect(try String(contentsOfFile: Self.staging(target), encoding: .utf8) == "partial")  // not removed
    #expect(!FileManager.default.fileExists(atPath: target))
    close(guardFile)
    #expect(try budget.run(["restore", backup, "--ledger", target]).status == 0)  // free again: it starts over
    #expect(!FileManager.default.fileExists(atPath: Self.staging(target)))
  }

  @Test(
    "given a backup of 7,000 transactions, when `budget restore` is killed -9 at random moments, then nothing appears at the target, each partial ledger it was building verifies and holds whole 5,000-event transactions with the original chain, and restoring again into the same target completes with the original chain head"
  )
  func killRestoreRepeatedly() throws {
    let rounds = Soak.rounds(10)
    let directory = TemporaryDirectory()
    let (budget, _, backup) = try Self.sourceLedger(rows: 7_000, in: directory)
    let original = try budget.json(["verify", "--skip-projections"]) as? [String: Any] ?? [:]
    let total = original["events"] as? Int ?? 0
    let originalEvents = try budget.events()
    let hashAt = Dictionary(
      uniqueKeysWithValues: originalEvents.map { ($0["position"] as? Int ?? 0, $0["hash"] as? String ?? "") })
    #expect(total > 5_000)

    var generator = SeededGenerator(seed: 77)
    // Calibrate: a restore first reads the whole backup, then creates the file and commits
    // 5,000 events per transaction. Kills are placed in the writing phase, measured here from
    // the moment the file appears to the process's exit.
    // The shorter of two runs: the first is often slower (cold caches), and a phase measured
    // too long puts the late kills after the process has ended.
    let calibration = directory.file("calibrate.ledger")
    let (_, firstSeconds) = try Self.restore(budget, backup, into: calibration, killAfterFileAppearsBy: nil)
    let (_, secondSeconds) = try Self.restore(
      budget, backup, into: directory.file("calibrate-again.ledger"), killAfterFileAppearsBy: nil)
    let writingSeconds = min(firstSeconds, secondSeconds)
    var kills = 0
    var seen: Set<Int> = []
    var lastKilledTarget: String?
    for round in 0..<rounds {
      let target = directory.file("restore-\(round).ledger")
      // Stratified over the writing phase — round r kills somewhere in the r-th of `rounds`
      // equal slices — so that the kills cover every stretch between commits however the
      // phase divides.
      let delay = writingSeconds * 0.95 * (Double(round) + Double.random(in: 0..<1, using: &generator)) / Double(rounds)
      var killed = try Self.restore(budget, backup, into: target, killAfterFileAppearsBy: delay).killed
      if killed && FileManager.default.fileExists(atPath: target) {
        // Killed after the rename, on its way out: the target must then be the whole ledger.
        let report = try budget.json(["verify", "--skip-projections", "--ledger", target]) as? [String: Any] ?? [:]
        #expect(
          report["events"] as? Int == total, "round \(round): a killed restore left an incomplete ledger at the target")
        killed = false
      }
      if killed {
        kills += 1
        lastKilledTarget = target
      }
      let partial = killed ? Self.staging(target) : target
      guard FileManager.default.fileExists(atPath: partial) else {
        seen.insert(0)
        continue
      }
      let verify = try budget.run(
        ["verify", "--json"] + (round % 4 == 3 ? [] : ["--skip-projections"]) + ["--ledger", partial])
      let report = (try? JSONSerialization.jsonObject(with: Data(verify.stdout.utf8))) as? [String: Any] ?? [:]
      let events = report["events"] as? Int ?? -1
      if verify.status != 0, verify.stderr.contains("no ledger at"), events == -1 {
        // Killed before the first 5,000 events committed: the file holds no event at all.
        seen.insert(0)
        continue
      }
      #expect(verify.status == 0, "verify after restore kill \(round): \(verify.stderr)")
      #expect(
        events % 5_000 == 0 || events == total,
        "round \(round): \(events) events restored: a partial transaction is visible")
      if events > 0 {
        let restored = try budget.events(ledger: partial)
        #expect(
          restored.last?["hash"] as? String == hashAt[events],
          "round \(round): the restored chain differs from the original at \(events)")
      }
      seen.insert(events)
    }
    #expect(kills >= rounds / 2, "only \(kills) of \(rounds) restores were still running when killed")
    #expect(seen.count >= 2, "every kill left the same state \(seen): the kills did not land on both sides of a commit")
    let final = try budget.json(["verify", "--ledger", calibration]) as? [String: Any] ?? [:]
    #expect(final["head"] as? String == original["head"] as? String && final["events"] as? Int == total)
    // A killed restore does not block the next: run again into a killed round's target, over
    // the partial ledger it left beside it.
    let retried = try #require(lastKilledTarget)
    _ = try Self.restore(budget, backup, into: retried, killAfterFileAppearsBy: nil)
    let again = try budget.json(["verify", "--ledger", retried]) as? [String: Any] ?? [:]
    #expect(again["head"] as? String == original["head"] as? String && again["events"] as? Int == total)
    #expect(!FileManager.default.fileExists(atPath: Self.staging(retried)))
    print("restore kills: \(kills); event counts seen after kills: \(seen.sorted())")
  }
}
