import Dispatch
import EventLog
import Foundation
import LedgerDomain
import LedgerTesting
import Synchronization
import Testing

@testable import Ledger

/// The writer and the readers' state: the writer must not wait for the readers' lock inside a
/// transaction or after its commit (a reader holding it can be waiting for a map resize that
/// waits for the transaction); and a state published late never replaces a later one.
@Suite("Writer and readers' state")
struct WriterResyncTests {
  static func ledgerWithHistory(_ directory: TemporaryDirectory) async throws -> String {
    let path = directory.file("resync.ledger")
    let ledger = try await Ledger(path: path, options: LedgerFixture.options)
    try await ledger.execute(.createLedger(LedgerCreated(name: "Home", baseCurrency: .eur)))
    try await ledger.execute(
      .openAccount(OpenAccount(account: Scenario.checking, name: "Checking", type: .checking, date: day("2024-01-01"))))
    try await ledger.execute(.addTransaction(expense(1, "4.20")))
    return path
  }

  @Test(
    "given a reader holding the readers' state, when the writer must bring itself up to the log's head, then it folds the history itself instead of waiting"
  )
  func writerDoesNotWaitForReaders() async throws {
    let directory = TemporaryDirectory()
    let reopened = try await Ledger(path: try await Self.ledgerWithHistory(directory), options: LedgerFixture.options)
    _ = reopened.state  // loaded: the writer would start from a copy of it, if it could take one
    // The lock is held on a thread of its own, and this task waits by sleeping: blocking the
    // cooperative pool's two threads here would stall every other test of the run.
    let holder = LockHolder()
    let release = DispatchSemaphore(value: 0)
    Thread {
      reopened.committedState.withLock { _ in
        holder.held.store(true, ordering: .releasing)
        // Released once the writer is prepared. A writer that waits for this lock makes the
        // preparation wait the full two minutes, and the holder records that it timed out.
        // (Ten and then thirty seconds failed in full runs: with the other tests' tasks on
        // the two threads of the shared pool, resuming this one after the preparation can
        // itself take that long.)
        if release.wait(timeout: .now() + .seconds(120)) == .timedOut {
          holder.timedOut.store(true, ordering: .releasing)
        }
      }
      holder.done.store(true, ordering: .releasing)
    }.start()
    while !holder.held.load(ordering: .acquiring) { try await Task.sleep(for: .milliseconds(1)) }

    try await reopened.prepareWriter()
    release.signal()
    while !holder.done.load(ordering: .acquiring) { try await Task.sleep(for: .milliseconds(1)) }

    let timedOut = holder.timedOut.load(ordering: .acquiring)
    #expect(!timedOut, "the writer waited for the readers' lock")
    // It folded the history itself: the earlier transaction can be amended.
    var amendment = TransactionAmended(transaction: txID(1))
    amendment.amount = eur("5")
    try await reopened.execute(.amendTransaction(amendment, expectedVersion: 1))
    #expect(reopened.state.transactions[txID(1)]?.added.amount == eur("5"))
  }

  @Test(
    "given readers' state at a later position, when an earlier state is published, then the later one is kept; a later one replaces it"
  )
  func publishingKeepsTheLatestState() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    try await ledger.execute(.addTransaction(expense(1, "4.20")))
    let earlier = ledger.committedState.withLock { $0 }
    try await ledger.execute(.addTransaction(expense(2, "1.00")))
    let later = ledger.committedState.withLock { $0 }

    Ledger.publish(earlier, to: ledger.committedState, keeper: ledger.keeper)
    #expect(ledger.committedState.withLock { $0.position } == later.position)
    #expect(ledger.state.categories[Scenario.food]?.transactionCount == 2)

    ledger.releaseReadersState()
    Ledger.publish(earlier, to: ledger.committedState, keeper: ledger.keeper)
    #expect(ledger.committedState.withLock { $0.position } == earlier.position, "an unloaded state takes any")
    Ledger.publish(later, to: ledger.committedState, keeper: ledger.keeper)
    #expect(ledger.state == later.state)
  }
}

/// What the thread holding the readers' lock reports.
private final class LockHolder: Sendable {
  let held = Atomic<Bool>(false)
  let timedOut = Atomic<Bool>(false)
  let done = Atomic<Bool>(false)
}
