import Foundation
import LedgerTesting
import Testing

/// The `budget` executable runs on jemalloc (Sources/budget/Support/Allocator.swift), which a
/// million-row import is measured with: a build that lost the library would fall back to
/// glibc's malloc silently, and only the benchmark would tell. jemalloc's `stats_print`
/// option makes it print its statistics — settings included — when the process exits.
@Suite("The executable's allocator")
struct AllocatorTests {
  @Test("given the built budget executable, when it runs with jemalloc's stats_print option, then jemalloc prints its statistics at exit, with freed memory handed back after 10 s (its default)")
  func runsOnJemalloc() throws {
    let budget = try BinaryRunner("budget", environment: ["MALLOC_CONF": "stats_print:true"])
    let output = try budget.run(["--help"])
    #expect(output.status == 0)
    #expect(output.stderr.contains("Begin jemalloc statistics"))
    #expect(output.stderr.contains("arenas.dirty_decay_ms: 10000"))
  }

  @Test("given a ledger and a bank file, when budget import csv runs with jemalloc's stats_print option, then the import kept the memory it freed (decay off) and added the rows")
  func importKeepsFreedMemory() throws {
    let directory = TemporaryDirectory()
    let file = directory.file("bank.csv")
    try Data("date,payee,amount,category\n2024-03-01,Bakery,-4.50,Food\n2024-03-02,Market,-12.00,Food\n".utf8)
      .write(to: URL(fileURLWithPath: file))
    let ledger = directory.file("a.ledger")
    let budget = try BinaryRunner(
      "budget", environment: ["BUDGET_LEDGER": ledger, "BUDGET_TODAY": "2024-12-31", "MALLOC_CONF": "stats_print:true"])
    #expect(try budget.run(["init"]).status == 0)
    #expect(try budget.run(["account", "open", "Checking", "--date", "2024-01-01"]).status == 0)
    let output = try budget.run(["import", "csv", file, "--account", "Checking", "--default-category", "Food"])
    #expect(output.status == 0, "\(output.stderr.prefix(500))")
    #expect(output.stdout.contains("added 2"))
    #expect(output.stderr.contains("arenas.dirty_decay_ms: -1"))
    #expect(output.stderr.contains("arenas.muzzy_decay_ms: -1"))
  }
}
