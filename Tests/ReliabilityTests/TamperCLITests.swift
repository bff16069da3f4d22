import EventLog
import Foundation
import LMDB
import LedgerTesting
import Testing

/// Tampering with a real ledger file, checked end to end through `budget verify`: exit code 1
/// and a message that names the first bad position, or the period seal that no longer matches.
/// (`TamperTests` and `TamperSealTests` check the same at the library level.)
@Suite("Tampering caught by budget verify", .serialized)
struct TamperCLITests {
  /// A ledger with a closed, sealed February and some events after it: 20 events.
  static func sealedLedger(_ directory: TemporaryDirectory) throws -> (BinaryRunner, String) {
    let path = directory.file("tamper.ledger")
    let budget = try BinaryRunner("budget", environment: ["BUDGET_LEDGER": path, "BUDGET_TODAY": "2024-12-31"])
    let steps: [[String]] = [
      ["init"], ["account", "open", "Checking", "--date", "2024-01-01"],
      ["period", "open", "February", "--start", "2024-02-01", "--end", "2024-02-29"],
      [
        "tx", "add", "100", "--name", "Groceries", "--category", "Food", "--account", "Checking", "--date",
        "2024-02-10",
      ],
      ["tx", "add", "20", "--name", "Bakery", "--category", "Food", "--account", "Checking", "--date", "2024-02-11"],
      ["period", "close", "February"],
      ["tx", "add", "5", "--name", "Coffee", "--category", "Food", "--account", "Checking", "--date", "2024-03-10"],
      ["tx", "add", "7", "--name", "Tea", "--category", "Food", "--account", "Checking", "--date", "2024-03-11"],
    ]
    for step in steps {
      let output = try budget.run(step)
      #expect(output.status == 0, "\(step): \(output.stderr)")
    }
    #expect(try budget.verify(deep: true).status == 0)
    return (budget, path)
  }

  static func position(of text: String, in path: String) throws -> UInt64 {
    let environment = try Environment(path: path)
    let events = try environment.openDatabase(named: "events")
    return try environment.read { txn in
      var position: UInt64 = 1
      while let stored = try txn.get(BigEndianKey(position), in: events) {
        if Array(stored).firstRange(of: Array(text.utf8)) != nil { return position }
        position += 1
      }
      return 0
    }
  }

  static func edit(_ path: String, _ body: (WriteTransaction, Database) throws -> Void) throws {
    let environment = try Environment(path: path)
    let events = try environment.openDatabase(named: "events")
    try environment.write { txn in try body(txn, events) }
  }

  @Test(
    "given a sealed ledger, when one byte of a stored event is flipped in the file, then budget verify fails naming that position"
  )
  func flippedByte() throws {
    let directory = TemporaryDirectory()
    let (budget, path) = try Self.sealedLedger(directory)
    let target = try Self.position(of: "Bakery", in: path)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    var flipped = 0
    let marker = Array("Bakery".utf8)
    for offset in 0...(bytes.count - marker.count)
    where bytes[offset] == marker[0] && Array(bytes[offset..<offset + marker.count]) == marker {
      bytes[offset] ^= 0x01  // "B" becomes "C" in every copy of the page
      flipped += 1
    }
    #expect(flipped >= 1)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let verify = try budget.verify(deep: false)
    #expect(verify.status == 1)
    #expect(verify.stderr.contains("position \(target)"), "verify does not name position \(target): \(verify.stderr)")
  }

  @Test("given a sealed ledger, when an event is deleted, then budget verify fails naming the missing position")
  func deletedEvent() throws {
    let directory = TemporaryDirectory()
    let (budget, path) = try Self.sealedLedger(directory)
    let target = try Self.position(of: "Coffee", in: path)
    try Self.edit(path) { txn, events in try txn.delete(BigEndianKey(target), in: events) }
    let verify = try budget.verify(deep: false)
    #expect(verify.status == 1)
    #expect(verify.stderr.contains("position \(target)"), "verify does not name position \(target): \(verify.stderr)")
  }

  @Test(
    "given a sealed ledger, when two adjacent events are swapped, then budget verify fails naming the first of them")
  func swappedPair() throws {
    let directory = TemporaryDirectory()
    let (budget, path) = try Self.sealedLedger(directory)
    let target = try Self.position(of: "Groceries", in: path)
    try Self.edit(path) { txn, events in
      let a = Array(try #require(try txn.get(BigEndianKey(target), in: events)))
      let b = Array(try #require(try txn.get(BigEndianKey(target + 1), in: events)))
      try txn.put(b, for: BigEndianKey(target), in: events)
      try txn.put(a, for: BigEndianKey(target + 1), in: events)
    }
    let verify = try budget.verify(deep: false)
    #expect(verify.status == 1)
    #expect(verify.stderr.contains("position \(target)"), "verify does not name position \(target): \(verify.stderr)")
  }

  @Test(
    "given a sealed ledger, when an event before the seal is altered and every later hash recomputed, then the chain holds but budget verify fails naming the February seal"
  )
  func recomputedChainWithoutTheSeal() throws {
    let directory = TemporaryDirectory()
    let (budget, path) = try Self.sealedLedger(directory)
    let target = try Self.position(of: "Groceries", in: path)
    try Self.edit(path) { txn, events in
      var previous = ChainHash.genesis
      var position: UInt64 = 1
      while let stored = try txn.get(BigEndianKey(position), in: events) {
        var record = Array(stored)
        let canonical = record.count - 32
        if position == target, let at = record.firstRange(of: Array("Groceries".utf8))?.lowerBound {
          record[at] = UInt8(ascii: "P")
        }
        let hash = record.withUnsafeBytes { previous.next(record: UnsafeRawBufferPointer(rebasing: $0[..<canonical])) }
        record.replaceSubrange(canonical..., with: hash.bytes)
        try txn.put(record, for: BigEndianKey(position), in: events)
        previous = hash
        position += 1
      }
    }
    let verify = try budget.verify(deep: false)
    #expect(verify.status == 1)
    #expect(!verify.stderr.contains("chain broken"), "the recomputed chain should verify on its own: \(verify.stderr)")
    #expect(verify.stderr.contains("period 'February' seal"), "verify does not name the seal: \(verify.stderr)")
  }
}
