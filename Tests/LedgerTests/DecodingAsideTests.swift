import Dispatch
import EventLog
import Foundation
import LedgerDomain
import LedgerTesting
import Synchronization
import Testing

@testable import Ledger

@Suite("The history fold, decoding on a second thread")
struct DecodingAsideTests {
  @Test(
    "given a ledger after random commands, when its history is folded with the decoding on another thread in chunks of 1, 7 or 2,048 events, then the state equals the fold on one thread",
    arguments: [1, 7, 2_048])
  func sameStateAsOneThread(chunkSize: Int) async throws {
    let directory = TemporaryDirectory()
    let ledger = try await ProjectionPropertyTests.randomLedger(seed: 11, count: 300, directory: directory)
    let oneThread = try #require(Ledger.fold(ledger.log, decodingAside: .max))

    var aside = FoldedState()
    let read = Ledger.foldDecodingAside(&aside, of: ledger.log, chunkSize: chunkSize)

    #expect(read)
    #expect(aside.state == oneThread.state)
    #expect(aside.position == oneThread.position && aside.hash == oneThread.hash)
    #expect(aside.position == (try ledger.log.head().position) && aside.position > 300)
  }

  @Test(
    "given a log holding an event this program cannot read, when the history is folded decoding aside, then the fold reports failure, as on one thread"
  )
  func unreadableEventFails() async throws {
    let fixture = try await LedgerFixture()
    let log = fixture.ledger.log
    _ = try await log.transact(weight: 1) { session in
      let bogus = ProposedEvent(type: "FromTheFuture", schemaVersion: 1, payload: [1, 2, 3])
      return try session.append(AppendBatch([StreamAppend(stream: try StreamName("future-1"), events: [bogus])])).get()
    }

    var aside = FoldedState()
    #expect(!Ledger.foldDecodingAside(&aside, of: log, chunkSize: 1))
    #expect(Ledger.fold(log, decodingAside: .max) == nil)
    #expect(Ledger.fold(log, decodingAside: 0) == nil)
  }

  @Test(
    "given every thread of the shared pool blocked, when the history is folded decoding aside, then the fold still completes (its decoder has a thread of its own)"
  )
  func completesWhenThePoolIsBlocked() async throws {
    let directory = TemporaryDirectory()
    let ledger = try await ProjectionPropertyTests.randomLedger(seed: 12, count: 100, directory: directory)
    let log = ledger.log
    let result = Mutex<Bool?>(nil)
    // Alone it takes milliseconds; waiting for the pool, seconds (until libdispatch adds a thread).
    let finished = finishesWithSharedPoolBlocked(within: .seconds(2)) {
      var folded = FoldedState()
      let read = Ledger.foldDecodingAside(&folded, of: log, chunkSize: 16)
      result.withLock { $0 = read }
    }

    #expect(finished, "the fold waited for a thread of the blocked pool")
    #expect(result.withLock { $0 } == true)
  }
}
