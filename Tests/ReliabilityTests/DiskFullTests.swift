import EventLog
import Foundation
import LMDB
import Ledger
import LedgerDomain
import LedgerTesting
import RunningBalances
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A full disk and a size-capped map: writes fail clearly, reads go on, nothing committed is
/// lost, and writes resume once there is room again.
@Suite("Disk full and map limits", .serialized)
struct DiskFullTests {
  /// A tmpfs of `megabytes` mounted by the test, unmounted on release; `nil` when this
  /// sandbox does not allow mounting (not root, no CAP_SYS_ADMIN).
  final class SmallFileSystem {
    let path: String
    private let directory: TemporaryDirectory

    init?(megabytes: Int) {
      directory = TemporaryDirectory(prefix: "budget-ledger-tmpfs")
      path = directory.file("mnt")
      try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      guard geteuid() == 0, mount("tmpfs", path, "tmpfs", 0, "size=\(megabytes)m,mode=0700") == 0 else { return nil }
    }

    deinit { umount2(path, Int32(MNT_DETACH)) }

    /// Writes a file of zeros until the file system refuses more; returns its path.
    func fill() -> String {
      let filler = "\(path)/filler"
      let fd = open(filler, O_CREAT | O_WRONLY, 0o600)
      let block = [UInt8](repeating: 0, count: 64 * 1024)
      var size = block.count
      while size > 0 {
        let written = block.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, size) }
        if written <= 0 {
          if size == 1 { break }
          size /= 2  // fill the last crumbs too
        }
      }
      close(fd)
      return filler
    }
  }

  static func csv(rows: Int, tag: String) -> String {
    var csv = "date,payee,amount,category\n"
    for row in 0..<rows {
      csv += "2024-0\(1 + row % 9)-1\(row % 9),\(tag) shop \(row),-\(1 + row % 70).\(row % 10)0,Food\n"
    }
    return csv
  }

  static func transactionCount(_ budget: BinaryRunner) throws -> Int {
    try budget.events().filter { $0["type"] as? String == "TransactionAdded" }.count
  }

  @Test(
    "given a ledger on a 64 MiB tmpfs, when the disk is filled (by a file, then by the ledger's own import), then small writes still fit in the ledger's headroom, bigger ones fail saying the disk is full, reads and verify still work, only whole batches are committed, and once space is freed the same import adds exactly the rest"
  )
  func diskFullOnASmallFileSystem() throws {
    guard let fileSystem = SmallFileSystem(megabytes: 64) else {
      print("SKIPPED: cannot mount a tmpfs here (needs root / CAP_SYS_ADMIN); only the size-capped map is tested")
      return
    }
    let ledger = "\(fileSystem.path)/full.ledger"
    let budget = try BinaryRunner("budget", environment: ["BUDGET_LEDGER": ledger, "BUDGET_TODAY": "2024-12-31"])
    let scratch = TemporaryDirectory()
    let first = scratch.file("first.csv"), second = scratch.file("second.csv"), big = scratch.file("big.csv")
    let huge = scratch.file("huge.csv")
    try Data(Self.csv(rows: 300, tag: "first").utf8).write(to: URL(fileURLWithPath: first))
    try Data(Self.csv(rows: 300, tag: "second").utf8).write(to: URL(fileURLWithPath: second))
    try Data(Self.csv(rows: 10_000, tag: "huge").utf8).write(to: URL(fileURLWithPath: huge))
    // Big enough to overrun 8 MiB also when the import defers the read models (it records
    // only the log's entries then: ~0.6 KB per row).
    let bigRows = 20_000
    try Data(Self.csv(rows: bigRows, tag: "big").utf8).write(to: URL(fileURLWithPath: big))
    #expect(try budget.run(["init"]).status == 0)
    #expect(try budget.run(["account", "open", "Checking", "--date", "2015-01-01"]).status == 0)
    #expect(try budget.run(["import", "csv", first, "--account", "Checking"]).status == 0)
    // A: another file takes every last byte. The ledger keeps 2–4 MiB of zeros written ahead
    // of its data (docs/event-log.md, "File headroom"): a small write still fits there...
    let filler = fileSystem.fill()
    let add = try budget.run(["tx", "add", "5", "--name", "Coffee", "--category", "Food", "--account", "Checking"])
    #expect(add.status == 0, "tx add into the ledger's headroom on a full disk: \(add.status) \(add.stderr)")
    let before = try Self.transactionCount(budget)
    let balancesBefore = try budget.run(["report", "balances", "--json"]).stdout
    // ... a batch bigger than the headroom fails whole, saying why.
    let refused = try budget.run(["import", "csv", huge, "--account", "Checking", "--batch-size", "10000"])
    #expect(
      refused.status == 1 && refused.stderr.contains("disk is full"),
      "import onto a full disk: \(refused.status) \(refused.stderr)")
    #expect(try budget.run(["report", "balances", "--json"]).stdout == balancesBefore)
    #expect(try Self.transactionCount(budget) == before)
    let verifyFull = try budget.verify(deep: true)
    #expect(verifyFull.status == 0, "verify on a full disk: \(verifyFull.stderr)")
    try FileManager.default.removeItem(atPath: filler)
    let resumed = try budget.run(["import", "csv", second, "--account", "Checking"])
    #expect(resumed.status == 0, "import after freeing space: \(resumed.stderr)")
    #expect(try Self.transactionCount(budget) == before + 300)

    // B: the ledger itself fills the disk in the middle of an import of 500-row batches
    // (LMDB sees a short write here, not ENOSPC).
    let ballast = "\(fileSystem.path)/ballast"
    let stats = try FileManager.default.attributesOfFileSystem(forPath: fileSystem.path)
    let free = (stats[.systemFreeSize] as? NSNumber)?.intValue ?? 0
    try Data(count: max(0, free - (8 << 20))).write(to: URL(fileURLWithPath: ballast))  // leave 8 MiB
    let overrun = try budget.run(["import", "csv", big, "--account", "Checking", "--batch-size", "500"])
    #expect(
      overrun.status == 1 && overrun.stderr.contains("disk is full"),
      "an import that fills the disk: \(overrun.status) \(overrun.stderr)")
    let committed = try Self.transactionCount(budget) - before - 300
    #expect(
      committed >= 0 && committed < bigRows && committed % 500 == 0,
      "\(committed) rows of the big import committed: not whole batches")
    // The user is told what stayed.
    #expect(
      committed == 0 || overrun.stderr.contains("stopped after adding \(committed) rows"),
      "the partial import is reported: \(overrun.stderr)")
    let verifyOverrun = try budget.verify(deep: true)
    #expect(verifyOverrun.status == 0, "verify after the disk filled mid-import: \(verifyOverrun.stderr)")
    try FileManager.default.removeItem(atPath: ballast)
    let rerun = try budget.run(["import", "csv", big, "--account", "Checking", "--json"])
    #expect(rerun.status == 0, "re-run after freeing space: \(rerun.stderr)")
    let summary = (try? JSONSerialization.jsonObject(with: Data(rerun.stdout.utf8))) as? [String: Any]
    #expect(
      summary?["added"] as? Int == bigRows - committed && summary?["skipped"] as? Int == committed,
      "re-run: \(rerun.stdout)")
    #expect(try Self.transactionCount(budget) == before + 300 + bigRows)
    #expect(try budget.verify(deep: true).status == 0)
  }

  @Test(
    "given a tmpfs with less than two stretches free, when a durable log opens there, then it writes no zeros ahead; with room, it does"
  )
  func headroomLeavesANearlyFullDiskAlone() throws {
    guard let fileSystem = SmallFileSystem(megabytes: 16) else {
      print("SKIPPED: cannot mount a tmpfs here (needs root / CAP_SYS_ADMIN)")
      return
    }
    // 16 MiB in all: the stretch of a new log is 4 MiB, so it needs 8 MiB free.
    let ballast = "\(fileSystem.path)/ballast"
    try Data(count: 10 << 20).write(to: URL(fileURLWithPath: ballast))  // ~6 MiB left
    do {
      let crowded = try EventLog(path: "\(fileSystem.path)/crowded.ledger")
      #expect(crowded.environment.fileSize < 1 << 20, "zeros written on a nearly full disk")
    }
    try FileManager.default.removeItem(atPath: ballast)
    let roomy = try EventLog(path: "\(fileSystem.path)/roomy.ledger")
    #expect(roomy.environment.fileSize >= roomy.usedSize + (4 << 20))
  }

  @Test(
    "given a ledger whose map is capped at 2 MiB, when transactions are added until it is full, then the error names the size limit, reads still answer, every acknowledged transaction is there, and reopening with a larger cap lets writes resume"
  )
  func sizeCappedMap() async throws {
    let directory = TemporaryDirectory()
    let path = directory.file("capped.ledger")
    func options(cap: Int) -> Ledger.Options {
      Ledger.Options(
        log: EventLog.Options(durability: .noSync, initialMapSize: 512 << 10, maxMapSize: cap),
        today: { LedgerFixture.today })
    }
    var acknowledged = 0
    var failure: LedgerError?
    do {
      let ledger = try await Ledger(path: path, options: options(cap: 2 << 20))
      try await ledger.execute(.createLedger(LedgerCreated(name: "Home", baseCurrency: .eur)))
      try await ledger.execute(
        .openAccount(
          OpenAccount(account: Scenario.checking, name: "Checking", type: .checking, date: day("2024-01-01"))))
      for id in 1...200_000 {
        do {
          try await ledger.execute(
            .addTransaction(expense(UInt64(id), "1.00", name: "Item \(id) with a longer name to fill pages")))
          acknowledged += 1
        } catch {
          failure = error
          break
        }
      }
      let error = try #require(failure, "2 MiB never filled up")
      #expect("\(error)".contains("size limit"), "the error does not name the limit: \(error)")
      let balance = try ledger.balances(on: day("2024-03-31")).value.first?.balance
      #expect(
        balance == Money(units: -10_000 * Int64(acknowledged), currency: .eur),
        "reads after the limit: \(String(describing: balance))")
      #expect(ledger.state.transactions.count == acknowledged)
    }
    let reopened = try await Ledger(path: path, options: options(cap: 64 << 20))
    #expect(
      reopened.state.transactions.count == acknowledged,
      "after reopening, \(reopened.state.transactions.count) of \(acknowledged) transactions")
    try await reopened.execute(.addTransaction(expense(UInt64(acknowledged + 1), "1.00")))
    #expect(reopened.state.transactions.count == acknowledged + 1)
    #expect(try reopened.verify().isOK)
  }
}
