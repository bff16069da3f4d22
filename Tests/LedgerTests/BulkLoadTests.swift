import EventLog
import LMDB
import LedgerDomain
import LedgerTesting
import ProjectionEngine
import Testing

@testable import Ledger

@Suite("Bulk loads: room reserved, readers' state released")
struct BulkLoadTests {
  @Test(
    "given a ledger, when room for 100,000 transactions is reserved, then the map holds that much more than is used")
  func roomIsReserved() async throws {
    let fixture = try await LedgerFixture()
    let environment = fixture.ledger.log.environment
    let before = environment.mapSize

    try fixture.ledger.reserveRoom(forTransactions: 100_000)

    #expect(environment.mapSize >= environment.usedSize + 100_000 * Ledger.bytesPerImportedTransaction)
    #expect(environment.mapSize > before)
    try fixture.ledger.reserveRoom(forTransactions: 10)  // already room: nothing changes
    #expect(environment.mapSize >= environment.usedSize + 100_000 * Ledger.bytesPerImportedTransaction)
  }

  @Test(
    "given a ledger whose readers' state is loaded, when it is released and commands follow in batches, then the state read next holds every command"
  )
  func releasedStateIsFoldedAgain() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    try await ledger.execute(.addTransaction(expense(1, "1.00")))
    #expect(ledger.state.transactions.count == 1)  // loaded

    ledger.releaseReadersState()
    for batch in 0..<3 {
      let commands = (0..<50).map { index in
        BatchCommand(.addTransaction(expense(UInt64(100 + batch * 50 + index), "2.00")))
      }
      let results = try await ledger.execute(batch: commands)
      #expect(results.allSatisfy { (try? $0.get()) != nil })
    }

    #expect(ledger.state.transactions.count == 151)
    // And it is kept current again from here on.
    try await ledger.execute(.addTransaction(expense(2, "3.00")))
    #expect(ledger.state.transactions.count == 152)
    #expect(try ledger.projections.verifyDeep() == [])
  }
}
