import Foundation
import LedgerCodec
import Testing

@testable import LedgerDomain

/// The stored form of the rules' state (``LedgerState/snapshotPayload()``): frozen per
/// ``LedgerState/snapshotVersion``, as event payloads are, so that a change to the state or its
/// encoding cannot reach ledger files without a new version (which makes them fold afresh).
@Suite("Rules' state: its stored form")
struct SnapshotPayloadTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/state")

  /// A state touched by a sample of every event type.
  static var sample: LedgerState {
    var state = LedgerState()
    state.apply(EventCodecTests.samples)
    return state
  }

  @Test(
    "given a state folded from a sample of every event, when stored, then its bytes are the frozen ones of this state version"
  )
  func payloadIsFrozen() throws {
    let payload = try Self.sample.snapshotPayload()
    let file = Self.directory.appendingPathComponent("snapshot-v\(LedgerState.snapshotVersion).hex")
    if GoldenEventBytesTests.freezing, !FileManager.default.fileExists(atPath: file.path) {
      try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
      try Data((GoldenEventBytesTests.hex(payload) + "\n").utf8).write(to: file)
    }
    let frozen = try #require(
      try? String(contentsOf: file, encoding: .utf8),
      "no frozen bytes for state version \(LedgerState.snapshotVersion): run the tests once with BUDGET_FREEZE_EVENTS=1"
    )
    #expect(
      GoldenEventBytesTests.hex(payload) == frozen.trimmingCharacters(in: .whitespacesAndNewlines),
      "the state's stored form changed: raise LedgerState.snapshotVersion and freeze the new form")
  }

  @Test(
    "given stored states, when read back, then they equal what was stored; dictionaries in any insertion order give the same bytes"
  )
  func payloadRoundTrips() throws {
    let state = Self.sample
    let read = try LedgerState(snapshotPayload: try state.snapshotPayload(), transactions: state.transactions)
    #expect(read == state)
    #expect(!state.accounts.isEmpty && !state.categories.isEmpty && !state.budgets.isEmpty)

    var reordered = LedgerState()
    for event in EventCodecTests.samples.reversed() where event.typeName == "CategoryCreated" { reordered.apply(event) }
    var forward = LedgerState()
    for event in EventCodecTests.samples where event.typeName == "CategoryCreated" { forward.apply(event) }
    forward.eventCount = reordered.eventCount
    #expect(try forward.snapshotPayload() == reordered.snapshotPayload())
  }

  @Test("given stored bytes cut short, with a byte too many or a bad flag, when read, then a codec error says so")
  func damagedPayloadIsRefused() throws {
    let payload = try Self.sample.snapshotPayload()
    #expect(throws: CodecError.self) {
      try LedgerState(snapshotPayload: Array(payload.dropLast(3)), transactions: .init())
    }
    #expect(throws: CodecError.self) { try LedgerState(snapshotPayload: payload + [0], transactions: .init()) }
    #expect(throws: CodecError.self) {
      try LedgerState(snapshotPayload: [7] + payload.dropFirst(), transactions: .init())
    }
  }
}
