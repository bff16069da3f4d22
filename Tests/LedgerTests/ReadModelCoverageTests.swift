import LedgerDomain
import LedgerTesting
import ProjectionEngine
import Testing

@testable import Ledger

/// Every read model has decided what it does with every kind of event. A projector's fold
/// ends in a `default` that ignores what it does not read, so a new event would otherwise be
/// ignored by all of them without anyone choosing that: ``EventSamples/foldedBy``, beside the
/// new kind's sample, must name it (with the read models that fold it, or none), and the folds
/// must agree with it.
@Suite("Read models and the events they fold")
struct ReadModelCoverageTests {
  @Test(
    "given the event registry, when the table is read, then every kind of event has its line and names only read models that exist"
  )
  func everyKindIsDecided() {
    let missing = EventKind.allCases.filter { EventSamples.foldedBy[$0] == nil }.map(\.rawValue)
    #expect(
      missing.isEmpty,
      "say which read models fold \(missing) (or none, with []) in EventSamples.foldedBy (Tests/LedgerTesting/EventSamples.swift), and add the arms to those projectors"
    )
    let names = Set(Ledger.standardProjectors.map(\.name))
    let unknown = Set(EventSamples.foldedBy.values.flatMap { $0 }).subtracting(names)
    #expect(unknown.isEmpty, "not a standard read model: \(unknown.sorted())")
  }

  @Test(
    "given one event of every kind, when each standard read model folds them in order, then it writes rows only for kinds the table gives it",
    arguments: Ledger.standardProjectors.map(\.name))
  func foldsAgreeWithTheTable(projectorName: String) throws {
    let projector = try #require(Ledger.standardProjectors.first { $0.name == projectorName })
    var store = RecordingStore()
    var written: Set<EventKind> = []
    var read: Set<EventKind> = []
    for (offset, event) in EventSamples.all.enumerated() {
      let (puts, reads) = (store.puts, store.reads.count)
      try projector.apply(event, at: LogPoint(position: UInt64(offset + 1), recordedAt: 0), into: &store)
      if store.puts > puts { written.insert(event.kind) }
      if store.reads.count > reads { read.insert(event.kind) }
    }
    let claimed = Set(EventSamples.foldedBy.filter { $0.value.contains(projectorName) }.keys)
    let unclaimed = written.subtracting(claimed).map(\.rawValue).sorted()
    #expect(unclaimed.isEmpty, "\(projectorName) folds \(unclaimed): add it to their lines")
    // And the other way: a kind whose line names this read model makes it read or write rows
    // (a fold may look a row up and find nothing to change for the sample) — an arm left out
    // of its fold would leave the kind ignored while the table says it is folded.
    let ignored = claimed.subtracting(written).subtracting(read).map(\.rawValue).sorted()
    #expect(
      ignored.isEmpty,
      "\(projectorName) neither reads nor writes rows for \(ignored), which their lines say it folds: add the arms")
    #expect(!written.isEmpty, "\(projectorName) wrote rows for the samples")
  }
}

/// A projection store in memory that counts what is written: the newest value of each key,
/// whatever the position asked.
private struct RecordingStore: ProjectionStore {
  /// Counts the rows looked up: a reference, as a lookup does not mutate the store.
  final class Reads: @unchecked Sendable { var count = 0 }

  var rows: [String: [[UInt8]: [UInt8]]] = [:]
  var puts = 0
  let reads = Reads()

  func value(in table: String, key: [UInt8], asKnownAt position: UInt64) throws -> [UInt8]? {
    reads.count += 1
    return rows[table]?[key].flatMap { $0.isEmpty ? nil : $0 }
  }

  mutating func put(in table: String, key: [UInt8], value: [UInt8], at position: UInt64) throws {
    rows[table, default: [:]][key] = value
    puts += 1
  }
}
