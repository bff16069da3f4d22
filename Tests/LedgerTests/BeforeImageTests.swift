import BudgetVsActual
import CategoryTotals
import EventLog
import LMDB
import Ledger
import LedgerDomain
import LedgerTesting
import ProjectionEngine
import RunningBalances
import Testing

/// Amends and deletes carry the transaction as it stood (schema version 2); those written
/// before (version 1) do not, and the engine reads it from the transaction's stream.
@Suite("Before-images of amends and deletes")
struct BeforeImageTests {
  static let projectors: [any Projector] = [RunningBalancesProjector(), CategoryTotalsProjector(), BudgetVsActualProjector()]

  /// `event` as schema version 1 stored it: without its before-image.
  static func stripped(_ event: LedgerEvent) -> LedgerEvent {
    switch event {
    case .transactionAmended(var e):
      e.previous = nil
      return .transactionAmended(e)
    case .transactionDeleted(var e):
      e.deleted = nil
      return .transactionDeleted(e)
    default:
      return event
    }
  }

  /// Every live row of every table of the three projectors, as known at `position`.
  static func rows(_ harness: ProjectionHarness, asKnownAt position: UInt64) throws -> [String: [[UInt8]]] {
    try harness.read { reader in
      var rows: [String: [[UInt8]]] = [:]
      for projector in projectors {
        for spec in projector.tables {
          var table: [[UInt8]] = []
          try reader.scan(
            projector.name, spec.name, from: [UInt8](repeating: 0, count: spec.keySize),
            to: [UInt8](repeating: 0xFF, count: spec.keySize), asKnownAt: position
          ) { key, value in
            table.append(Array(key) + [0xFE] + Array(value))
            return .continue
          }
          rows["\(projector.name).\(spec.name)"] = table
        }
      }
      return rows
    }
  }

  @Test(
    "given a random history whose amends and deletes lack their before-images, as schema version 1 wrote them, when folded inline and rebuilt, then every table answers as for the same history with them"
  )
  func missingImagesFoldAlike() async throws {
    let directory = TemporaryDirectory()
    let ledger = try await ProjectionPropertyTests.randomLedger(seed: 21, count: 300, directory: directory)
    let events = try ledger.log.all().map {
      try LedgerEvent.decode(type: $0.type, schemaVersion: $0.schemaVersion, payload: $0.payload)
    }
    let edits = events.filter { Self.stripped($0) != $0 }
    #expect(edits.count > 20, "the history amends and deletes")

    let complete = try await ProjectionHarness(Self.projectors)
    let old = try await ProjectionHarness(Self.projectors)
    var head: UInt64 = 0
    for start in stride(from: 0, to: events.count, by: 7) {
      let chunk = Array(events[start..<min(start + 7, events.count)])
      head = try await complete.given(chunk)
      try await old.given(chunk.map(Self.stripped))
    }

    let positions = Array(stride(from: 1, through: head, by: 9)) + [head]
    for position in positions {
      #expect(try Self.rows(old, asKnownAt: position) == Self.rows(complete, asKnownAt: position), "inline, at \(position)")
    }
    try await old.engine.rebuild(Self.projectors.map(\.name))
    for position in positions {
      #expect(try Self.rows(old, asKnownAt: position) == Self.rows(complete, asKnownAt: position), "rebuilt, at \(position)")
    }
    #expect(try old.engine.verifyDeep() == [])
    #expect(try complete.engine.verifyDeep() == [])
  }

  /// A projector whose version 1 has a table that version 2 no longer has.
  struct Retiring: Projector {
    var version: Int
    var name: String { "retiring" }
    var tables: [TableSpec] { version == 1 ? [TableSpec("kept", keySize: 16), TableSpec("retired", keySize: 16)] : [TableSpec("kept", keySize: 16)] }
    func apply<Store: ProjectionStore>(_ event: LedgerEvent, at point: LogPoint, into store: inout Store) throws {
      guard case .transactionAdded(let e) = event else { return }
      let key = KeyBuilder.words(e.transaction.raw.high, e.transaction.raw.low)
      for table in tables { try store.put(in: table.name, key: key, value: [1], at: point.position) }
    }
  }

  /// The stored tables of `Retiring`, by name, and whether each holds rows.
  static func retiringTables(_ log: EventLog) async throws -> [String: Bool] {
    try await log.transact { session in
      var tables: [String: Bool] = [:]
      for table in try ProjectionEngine.storedTables(of: "retiring", in: session.transaction) {
        let database = try session.transaction.openDatabase(named: table.name)
        tables[table.name] = try session.transaction.withCursor(on: database) { try $0.first() != nil }
      }
      return tables
    }
  }

  @Test("given a table a projector's new version drops, when rebuilt, then the table is emptied; when rebuilt again, then it is gone")
  func retiredTablesGo() async throws {
    let harness = try await ProjectionHarness([Retiring(version: 1)])
    try await harness.given((1...5).map { .transactionAdded(expense(UInt64($0), "2")) })
    #expect(try await Self.retiringTables(harness.log) == ["p.retiring.kept.g1": true, "p.retiring.retired.g1": true])

    let upgraded = try ProjectionEngine(projectors: [Retiring(version: 2)], log: harness.log)
    try await upgraded.rebuild()
    #expect(try await Self.retiringTables(harness.log) == ["p.retiring.kept.g1": false, "p.retiring.retired.g1": false, "p.retiring.kept.g2": true])

    try await upgraded.rebuild(["retiring"])
    #expect(try await Self.retiringTables(harness.log) == ["p.retiring.kept.g2": false, "p.retiring.kept.g3": true])
    #expect(try upgraded.verifyDeep() == [])
  }
}
