import EventLog
import LMDB
import Ledger
import LedgerDomain
import LedgerTesting
import Testing

@Suite("Tampering: period seals catch a recomputed chain")
struct TamperSealTests {
  @Test("given a closed period, when an event before it is altered and the whole chain recomputed, then the chain verifies but the seal names the period")
  func recomputedChainBreaksTheSeal() async throws {
    let directory = TemporaryDirectory()
    let path = directory.file("sealed.ledger")
    let period = PeriodID.random()
    do {
      let ledger = try await Ledger(path: path, options: LedgerFixture.options)
      try await ledger.execute(.createLedger(LedgerCreated(name: "H", baseCurrency: .eur)))
      try await ledger.execute(.openAccount(OpenAccount(account: Scenario.checking, name: "C", type: .checking, date: day("2024-01-01"))))
      try await ledger.execute(.openPeriod(OpenPeriod(period: period, name: "February", start: day("2024-02-01"), end: day("2024-02-29"))))
      try await ledger.execute(.addTransaction(expense(1, "100.00", on: "2024-02-10")))
      try await ledger.execute(.closePeriod(period, end: nil))
      try await ledger.execute(.addTransaction(expense(2, "5.00", on: "2024-03-10")))
      #expect(try ledger.verify().isOK)
    }

    // An attacker rewrites the February expense and recomputes every later hash.
    let environment = try Environment(path: path)
    let events = try environment.openDatabase(named: "events")
    try environment.write { txn in
      var previous = ChainHash.genesis
      var position: UInt64 = 1
      while let stored = try txn.get(BigEndianKey(position), in: events) {
        var record = Array(stored)
        let canonical = record.count - 32
        if position == 13, let at = record.firstRange(of: Array("Groceries".utf8))?.lowerBound {
          record[at] = UInt8(ascii: "P")  // the payee becomes "Proceries"
        }
        let hash = record.withUnsafeBytes { previous.next(record: UnsafeRawBufferPointer(rebasing: $0[..<canonical])) }
        record.replaceSubrange(canonical..., with: hash.bytes)
        try txn.put(record, for: BigEndianKey(position), in: events)
        previous = hash
        position += 1
      }
    }

    let report = try await Ledger(path: path, options: LedgerFixture.options).verify()

    #expect(report.events == 15)  // the recomputed chain itself is consistent …
    #expect(!report.problems.contains { $0.hasPrefix("chain broken") })
    #expect(report.problems.contains { $0.contains("period 'February' seal at position 14 no longer matches") })  // … the seal is not
  }
}
