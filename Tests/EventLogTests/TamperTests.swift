import EventLog
import Foundation
import LMDB
import LedgerTesting
import Testing

@Suite("Tamper evidence")
struct TamperTests {
  /// Writes `count` single-event appends with unique payloads and closes the log.
  private func makeLedger(_ directory: TemporaryDirectory, count: Int = 200) async throws -> String {
    let path = directory.file("tamper.ledger")
    let log = try EventLog(path: path, options: .init(durability: .noSync))
    for index in 1...count {
      _ = try await log.append([Fixtures.event("Posted", "amount=\(index)00;marker=M\(index)#")], to: "s-\(index % 7)".stream)
    }
    #expect(try log.verify().isIntact)
    return path
  }

  @Test("given a ledger file, when one byte of a stored event is flipped on disk, then verify names that exact position")
  func flippedByteOnDisk() async throws {
    let directory = TemporaryDirectory()
    let path = try await makeLedger(directory)

    // Flip the first digit of event 137's amount in every copy of its page in the file.
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let marker = Array("amount=13700;marker=M137#".utf8)
    var flipped = 0
    for offset in 0...(bytes.count - marker.count) where bytes[offset] == marker[0] {
      if Array(bytes[offset..<offset + marker.count]) == marker {
        bytes[offset + 7] ^= 0x01  // "1" becomes "0": amount=03700
        flipped += 1
      }
    }
    #expect(flipped >= 1)
    try Data(bytes).write(to: URL(fileURLWithPath: path))

    let verification = try EventLog(path: path).verify()

    #expect(verification.verifiedCount == 136)
    let failure = try #require(verification.firstFailure)
    #expect(failure.position == 137)
    guard case .hashMismatch = failure.kind else { Issue.record("expected a hash mismatch, got \(failure)"); return }
    #expect(failure.description.contains("position 137"))
  }

  @Test("given a ledger, when an event is deleted, then verify reports the gap at its position")
  func deletedEvent() async throws {
    let directory = TemporaryDirectory()
    let path = try await makeLedger(directory)
    try rawEdit(path) { txn, events in try txn.delete(BigEndianKey(50), in: events) }

    let failure = try #require(try EventLog(path: path).verify().firstFailure)

    #expect(failure == ChainFailure(position: 50, kind: .gap(found: 51)))
  }

  @Test("given a ledger, when two events are swapped, then verify reports the first misplaced position")
  func swappedEvents() async throws {
    let directory = TemporaryDirectory()
    let path = try await makeLedger(directory)
    try rawEdit(path) { txn, events in
      let a = Array(try #require(try txn.get(BigEndianKey(80), in: events)))
      let b = Array(try #require(try txn.get(BigEndianKey(81), in: events)))
      try txn.put(b, for: BigEndianKey(80), in: events)
      try txn.put(a, for: BigEndianKey(81), in: events)
    }

    let failure = try #require(try EventLog(path: path).verify().firstFailure)

    #expect(failure == ChainFailure(position: 80, kind: .misplaced(recordPosition: 81)))
  }

  @Test("given a ledger, when an event is altered and its hash recomputed, then the next event no longer verifies")
  func recomputedHash() async throws {
    let directory = TemporaryDirectory()
    let path = try await makeLedger(directory)
    try rawEdit(path) { txn, events in
      var record = Array(try #require(try txn.get(BigEndianKey(10), in: events)))
      let previous = try #require(try txn.get(BigEndianKey(9), in: events))
      let previousHash = ChainHash(bytes: UnsafeRawBufferPointer(rebasing: previous[(previous.count - 32)...]))
      record[record.count - 40] ^= 0xFF  // a payload byte
      let canonical = record.count - 32
      let newHash = record.withUnsafeBytes { previousHash.next(record: UnsafeRawBufferPointer(rebasing: $0[..<canonical])) }
      record.replaceSubrange(canonical..., with: newHash.bytes)
      try txn.put(record, for: BigEndianKey(10), in: events)
    }

    let failure = try #require(try EventLog(path: path).verify().firstFailure)

    #expect(failure.position == 11)
  }

  private func rawEdit(_ path: String, _ edit: (WriteTransaction, Database) throws -> Void) throws {
    let environment = try Environment(path: path)
    let events = try environment.openDatabase(named: "events")
    try environment.write { txn in try edit(txn, events) }
  }
}

extension String {
  fileprivate var stream: StreamName { StreamName(stringLiteral: self) }
}
