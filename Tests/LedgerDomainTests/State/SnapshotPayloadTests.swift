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
  static var sample: LedgerState { sample(of: nil) }

  /// A state folded from the samples of `kinds` (every kind when nil), in their order.
  static func sample(of kinds: Set<String>?) -> LedgerState {
    var state = LedgerState()
    state.apply(EventCodecTests.samples.filter { kinds?.contains($0.typeName) ?? true })
    return state
  }

  /// The frozen form: a line naming the event kinds the state was folded from (so that an
  /// event added later, which changes no stored field, leaves it as it is), then the bytes.
  static func frozen(_ kinds: [String], _ payload: [UInt8]) -> String {
    "kinds: " + kinds.joined(separator: " ") + "\n" + GoldenEventBytesTests.hex(payload) + "\n"
  }

  @Test(
    "given a state folded from a sample of every event, when stored, then its bytes are the frozen ones of this state version"
  )
  func payloadIsFrozen() throws {
    let file = Self.directory.appendingPathComponent("snapshot-v\(LedgerState.snapshotVersion).hex")
    if GoldenEventBytesTests.freezing, !FileManager.default.fileExists(atPath: file.path) {
      var kinds: [String] = []
      for event in EventCodecTests.samples where !kinds.contains(event.typeName) { kinds.append(event.typeName) }
      try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
      try Data(Self.frozen(kinds, try Self.sample.snapshotPayload()).utf8).write(to: file)
    }
    let text = try #require(
      try? String(contentsOf: file, encoding: .utf8),
      "no frozen bytes for state version \(LedgerState.snapshotVersion): run the tests once with BUDGET_FREEZE_EVENTS=1"
    )
    // Older files hold the bytes alone, of a state folded from every sample of their time.
    let lines = text.split(separator: "\n").map(String.init)
    let kinds = lines.first { $0.hasPrefix("kinds: ") }.map {
      Set($0.dropFirst(7).split(separator: " ").map(String.init))
    }
    let frozen = try #require(lines.last { !$0.hasPrefix("kinds: ") })
    let payload = try Self.sample(of: kinds).snapshotPayload()
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
