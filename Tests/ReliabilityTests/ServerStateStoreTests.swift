import EventLog
import Foundation
import LMDB
import LedgerTesting
import Testing

@testable import Ledger

/// `budget serve` stores the rules' state at most twice a second under load
/// (`SnapshotSchedule`); as it stops, it stores the state at the log's head, so that the next
/// process to open the ledger finds it there.
@Suite("budget serve: the rules' state stored as it stops")
struct ServerStateStoreTests {
  /// The stored state's position and the log's head, read from the file by LMDB alone (opening
  /// a `Ledger` would bring the state up to date itself).
  static func storedAndHead(_ path: String) throws -> (stored: UInt64?, head: UInt64) {
    let environment = try Environment(path: path)
    let header = try environment.openDatabase(named: "rules-state")
    let events = try environment.openDatabase(named: "events")
    return try environment.read { txn in
      let stored = try RulesSnapshot.storedPosition(in: txn, header: header)
      let head = try txn.withCursor(on: events) { cursor in try cursor.last().flatMap { BigEndianKey.decode($0.key) } }
      return (stored, head ?? 0)
    }
  }

  @Test(
    "given budget serve taking POSTs from 8 clients at once, when it is stopped (SIGTERM), then the stored rules' state is at the log's head and the ledger verifies"
  )
  func stopStoresTheStateAtTheHead() throws {
    let directory = TemporaryDirectory()
    let ledger = directory.file("server.ledger")
    let budget = try BinaryRunner.checkingLedger(at: ledger)
    let server = try ServerProcess(budget: budget, ledger: ledger)
    let port = server.port
    onThreads(8) { client in
      let http = RawHTTP(port: port)
      for index in 0..<25 {
        let body =
          #"{"amount": "1.\#(10 + index)", "name": "client \#(client) row \#(index)", "category": "Food", "account": "Checking", "date": "2024-06-15"}"#
        _ = try? http.send("POST", "/api/v1/transactions", json: body)
      }
    }
    server.stop()

    let (stored, head) = try Self.storedAndHead(ledger)
    #expect(head > 200, "the writes landed: \(head) events")
    #expect(stored == head, "stored at \(stored), the log ends at \(head)")
    #expect(try budget.verify(deep: true).status == 0)
  }
}
