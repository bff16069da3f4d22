import Foundation
import LedgerDomain
import LedgerTesting
import Testing

/// The stored bytes of every event type, in every schema version this program writes, frozen
/// in `Tests/LedgerDomainTests/Fixtures/events/` (hex, one file per sample:
/// `TYPE.vVERSION.N.hex`). The log is hash-chained and never rewritten, so an encoder that
/// starts writing other bytes for the same event — two `var` lines swapped, a field retyped —
/// must fail here, not in someone's ledger: such a change needs a new schema version
/// (docs/events.md). Run once with `BUDGET_FREEZE_EVENTS=1` to write the files of a new event
/// or version, review them, and commit them.
@Suite("Event codec: frozen bytes")
struct GoldenEventBytesTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/events")

  static var freezing: Bool { ProcessInfo.processInfo.environment["BUDGET_FREEZE_EVENTS"] == "1" }

  /// The codec tests' samples, and one that an earlier version can hold (no tags).
  static var samples: [LedgerEvent] {
    var untagged = TransactionAdded(
      transaction: txID(3), account: Scenario.checking, date: day("2023-12-31"), amount: eur("5"), type: .income,
      category: Scenario.income, name: "Gift")
    untagged.notes = "old"
    return EventCodecTests.samples + [.transactionAdded(untagged)]
  }

  @Test(
    "given every event type in every version it is written in, when encoded, then the bytes are the frozen ones, and the frozen ones decode and encode back"
  )
  func storedBytesAreFrozen() throws {
    var counts: [String: Int] = [:]
    var frozenTypes: Set<String> = []
    for event in Self.samples {
      for version in 1...event.schemaVersion {
        guard let bytes = try? event.encodedPayload(schemaVersion: version) else { continue }
        let key = "\(event.typeName).v\(version)"
        counts[key, default: 0] += 1
        let file = Self.directory.appendingPathComponent("\(key).\(counts[key]!).hex")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
          if Self.freezing {
            try Data((Self.hex(bytes) + "\n").utf8).write(to: file)
          } else {
            Issue.record(
              "no frozen bytes for \(file.lastPathComponent): run the tests once with BUDGET_FREEZE_EVENTS=1, review the file and commit it"
            )
          }
          continue
        }
        let frozen = try #require(Self.bytes(hex: text), "\(file.lastPathComponent) is not hex")
        #expect(
          bytes == frozen,
          "\(file.lastPathComponent): the encoder writes other bytes than the frozen ones — a field reordered or retyped? Old events must keep reading as they were: add a schema version instead (docs/events.md)"
        )
        let decoded = try LedgerEvent.decode(type: event.typeName, schemaVersion: version, payload: frozen)
        if version == event.schemaVersion { #expect(decoded == event, "\(file.lastPathComponent)") }
        #expect(try decoded.encodedPayload(schemaVersion: version) == frozen, "\(file.lastPathComponent)")
        frozenTypes.insert(event.typeName)
      }
    }
    // Every type this program reads has frozen bytes.
    #expect(frozenTypes == Set(LedgerEvent.catalog.map(\.typeName)))
  }

  @Test("given the frozen files, then each one is a sample of the tests: none is left over from a removed sample")
  func noStrayFiles() throws {
    var expected: Set<String> = []
    var counts: [String: Int] = [:]
    for event in Self.samples {
      for version in 1...event.schemaVersion where (try? event.encodedPayload(schemaVersion: version)) != nil {
        let key = "\(event.typeName).v\(version)"
        counts[key, default: 0] += 1
        expected.insert("\(key).\(counts[key]!).hex")
      }
    }
    let files = Set(try FileManager.default.contentsOfDirectory(atPath: Self.directory.path))
    #expect(files.subtracting(expected).isEmpty, "files without a sample: \(files.subtracting(expected).sorted())")
  }

  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  static func bytes(hex text: String) -> [UInt8]? {
    let digits = Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
    guard digits.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    for index in stride(from: 0, to: digits.count, by: 2) {
      guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
      bytes.append(byte)
    }
    return bytes
  }
}
