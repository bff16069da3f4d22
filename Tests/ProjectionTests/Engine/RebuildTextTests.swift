import EventLog
import LedgerDomain
import LedgerTesting
import ProjectionEngine
import Testing

/// Records the name of every added transaction under its position: what a fold saw. It
/// declares, as a rebuild hint, whether it reads the text.
private struct NameRecorder: TunedProjector {
  let name: String
  let readsTransactionText: Bool

  var rebuildHints: RebuildHints { RebuildHints(readsTransactionText: readsTransactionText) }
  var version: Int { 1 }
  var tables: [TableSpec] { [TableSpec("names", keySize: 8)] }

  func apply<Store: ProjectionStore>(_ event: LedgerEvent, at point: LogPoint, into store: inout Store) throws {
    guard case .transactionAdded(let added) = event else { return }
    try store.put(
      in: "names", key: KeyBuilder.words(point.position), value: Array(("seen:" + added.name).utf8), at: point.position)
  }
}

/// A ``NameRecorder`` that declares nothing but the four things every projector does: a
/// rebuild must assume it reads the text.
private struct PlainNameRecorder: Projector {
  let name: String

  var version: Int { 1 }
  var tables: [TableSpec] { NameRecorder(name: name, readsTransactionText: true).tables }

  func apply<Store: ProjectionStore>(_ event: LedgerEvent, at point: LogPoint, into store: inout Store) throws {
    try NameRecorder(name: name, readsTransactionText: true).apply(event, at: point, into: &store)
  }
}

@Suite("Rebuild: decoding only what the projectors read")
struct RebuildTextTests {
  private static func names(_ projector: String, in harness: ProjectionHarness) throws -> [String] {
    try harness.read { reader in
      var names: [String] = []
      try reader.scan(projector, "names", from: KeyBuilder.words(0), to: KeyBuilder.words(.max)) { _, value in
        names.append(String(decoding: value, as: UTF8.self))
        return .continue
      }
      return names
    }
  }

  @Test(
    "given added transactions, when projectors that do not read text are rebuilt alone, then they see no names; with one that reads text, or one that says nothing, all see them"
  )
  func textIsDecodedWhenSomeoneReadsIt() async throws {
    let harness = try await ProjectionHarness([
      NameRecorder(name: "amounts-a", readsTransactionText: false),
      NameRecorder(name: "amounts-b", readsTransactionText: false),
      NameRecorder(name: "words", readsTransactionText: true), PlainNameRecorder(name: "plain"),
    ])
    for index in 1...5 {
      try await harness.given(.transactionAdded(expense(UInt64(index), "1.00", name: "Shop \(index)")))
    }
    let named = (1...5).map { "seen:Shop \($0)" }
    // Inline, every projector folds the events as they were appended: whole.
    #expect(try Self.names("amounts-a", in: harness) == named)

    try await harness.engine.rebuild(["amounts-a", "amounts-b"])
    #expect(try Self.names("amounts-a", in: harness) == Array(repeating: "seen:", count: 5))
    #expect(try Self.names("amounts-b", in: harness) == Array(repeating: "seen:", count: 5))

    try await harness.engine.rebuild(["amounts-a", "words"])
    #expect(try Self.names("amounts-a", in: harness) == named)
    #expect(try Self.names("words", in: harness) == named)

    // A projector that gives no hints is rebuilt as one that reads the text.
    try await harness.engine.rebuild(["amounts-b", "plain"])
    #expect(try Self.names("amounts-b", in: harness) == named)
    #expect(try Self.names("plain", in: harness) == named)
  }
}
