import EventLog
import Ledger
import LedgerDomain
import LedgerTesting
import Testing

/// A replica's log after a pull is a byte-identical prefix of its hub's; events that do not
/// continue it are refused whole.
@Suite struct ReplicationTests {
  @Test func aPulledLogIsTheHubsByteForByte() async throws {
    // Given a hub ledger with some history
    let hub = try await LedgerFixture()
    try await hub.ledger.execute(.createCategory(CreateCategory(name: "Garden")))
    let replica = try await LedgerFixture(created: false)
    // When every event is pulled
    let frames = try hub.ledger.frames(after: 0, limit: 10_000)
    try await replica.ledger.replicate(frames.bytes)
    // Then both logs end at the same position with the same chain hash, holding the same bytes
    #expect(try replica.ledger.chainHead() == hub.ledger.chainHead())
    #expect(try replica.ledger.frames(after: 0, limit: 10_000) == frames)
    #expect(replica.ledger.state == hub.ledger.state)
  }
}
