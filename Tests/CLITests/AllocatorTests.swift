import Foundation
import LedgerTesting
import Testing

/// The `budget` executable runs on jemalloc (Sources/budget/Support/Allocator.swift), which a
/// million-row import is measured with: a build that lost the library would fall back to
/// glibc's malloc silently, and only the benchmark would tell. With `BUDGET_ALLOCATOR_REPORT`
/// set, the executable writes at exit what jemalloc answers through `mallctl`, as JSON.
@Suite("The executable's allocator")
struct AllocatorTests {
  /// What the executable wrote to its allocator report.
  struct Report: Decodable {
    var version: String?
    var startDirtyDecay: Int?
    var dirtyDecay: Int?
    var muzzyDecay: Int?
    var allocated: Int?

    enum CodingKeys: String, CodingKey {
      case version
      case startDirtyDecay = "opt.dirty_decay_ms"
      case dirtyDecay = "arenas.dirty_decay_ms"
      case muzzyDecay = "arenas.muzzy_decay_ms"
      case allocated = "stats.allocated"
    }

    init(at path: String) throws {
      self = try JSONDecoder().decode(Report.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }
  }

  @Test(
    "given the built budget executable, when it prints its help, then jemalloc served its allocations and its decay is the one it started with (freed memory handed back)"
  )
  func runsOnJemalloc() throws {
    let directory = TemporaryDirectory()
    let reportPath = directory.file("allocator.json")
    let budget = try BinaryRunner("budget", environment: ["BUDGET_ALLOCATOR_REPORT": reportPath])
    let output = try budget.run(["--help"])
    #expect(output.status == 0)
    let report = try Report(at: reportPath)
    #expect(report.version?.isEmpty == false, "jemalloc did not answer 'version'")
    #expect((report.allocated ?? 0) > 0, "jemalloc has handed out no memory: malloc is not jemalloc's")
    let dirtyDecay = try #require(report.dirtyDecay)
    #expect(dirtyDecay >= 0, "--help turned decay off")
    #expect(dirtyDecay == report.startDirtyDecay)
  }

  @Test(
    "given a ledger and a bank file, when budget import csv runs, then the import kept the memory it freed (decay off) and added the rows"
  )
  func importKeepsFreedMemory() throws {
    let directory = TemporaryDirectory()
    let file = directory.file("bank.csv")
    try Data("date,payee,amount,category\n2024-03-01,Bakery,-4.50,Food\n2024-03-02,Market,-12.00,Food\n".utf8)
      .write(to: URL(fileURLWithPath: file))
    let ledger = directory.file("a.ledger")
    let reportPath = directory.file("allocator.json")
    let budget = try BinaryRunner(
      "budget",
      environment: ["BUDGET_LEDGER": ledger, "BUDGET_TODAY": "2024-12-31", "BUDGET_ALLOCATOR_REPORT": reportPath])
    #expect(try budget.run(["init"]).status == 0)
    #expect(try budget.run(["account", "open", "Checking", "--date", "2024-01-01"]).status == 0)
    #expect(try Report(at: reportPath).dirtyDecay != -1, "a command other than import turned decay off")
    let output = try budget.run(["import", "csv", file, "--account", "Checking", "--default-category", "Food"])
    #expect(output.status == 0, "\(output.stderr.prefix(500))")
    #expect(output.stdout.contains("added 2"))
    let report = try Report(at: reportPath)
    #expect(report.dirtyDecay == -1)
    #expect(report.muzzyDecay == -1)
  }
}
