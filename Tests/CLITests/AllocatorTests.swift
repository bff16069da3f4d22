import LedgerTesting
import Testing

/// The `budget` executable runs on jemalloc (Sources/budget/Support/Allocator.swift), which a
/// million-row import is measured with: a build that lost the library would fall back to
/// glibc's malloc silently, and only the benchmark would tell.
@Suite("The executable's allocator")
struct AllocatorTests {
  @Test("given the built budget executable, when it runs with jemalloc's stats_print option, then jemalloc prints its statistics at exit")
  func runsOnJemalloc() throws {
    let budget = try BinaryRunner("budget", environment: ["MALLOC_CONF": "stats_print:true"])
    let output = try budget.run(["--help"])
    #expect(output.status == 0)
    #expect(output.stderr.contains("Begin jemalloc statistics"))
  }
}
