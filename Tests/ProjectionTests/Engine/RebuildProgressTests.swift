import EventLog
import LedgerDomain
import LedgerTesting
import ProjectionEngine
import RunningBalances
import Synchronization
import Testing

@Suite("Rebuild: progress")
struct RebuildProgressTests {
  @Test(
    "given a log, when it is rebuilt with a progress handler, then the last report says the tables are being written, for the whole log"
  )
  func writingPhaseIsReportedLast() async throws {
    let harness = try await ProjectionHarness([RunningBalancesProjector()])
    for index in 1...30 { try await harness.given(.transactionAdded(expense(UInt64(index), "2.50"))) }
    let head = try harness.log.head().position
    let reports = Mutex<[ProjectionProgress]>([])

    try await harness.engine.rebuild(["running-balances"]) { update in reports.withLock { $0.append(update) } }

    let seen = reports.withLock { $0 }
    #expect(seen.last?.phase == .writing)
    #expect(seen.last?.done == head && seen.last?.total == head)
    #expect(seen.filter { $0.phase == .writing }.count == 1)
    #expect(seen.dropLast().allSatisfy { $0.phase == .folding })
  }
}
