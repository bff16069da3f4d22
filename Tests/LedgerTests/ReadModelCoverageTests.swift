import LedgerDomain
import LedgerTesting
import ProjectionEngine
import Testing

@testable import Ledger

/// Every read model has decided what it does with every kind of event. A projector's fold
/// ends in a `default` that ignores what it does not read, so a new event would otherwise be
/// ignored by all of them without anyone choosing that: the table below must name the new
/// kind (with the read models that fold it, or none), and the folds must agree with it.
@Suite("Read models and the events they fold")
struct ReadModelCoverageTests {
  /// The kinds of event each standard read model folds; every other kind it leaves alone.
  /// A kind no read model folds is listed with `[]`: the choice is written down. A read
  /// model may fold a kind only in some states (the schedules fold an amended transaction
  /// only when it paid a bill).
  static let folders: [EventKind: Set<String>] = [
    .ledgerCreated: [],
    .accountOpened: ["running-balances"],
    .accountRenamed: ["running-balances"],
    .accountClosed: [],
    .accountReopened: [],
    .openingBalanceChanged: ["running-balances"],
    .accountRoleChanged: ["running-balances"],
    .categoryCreated: ["category-totals", "budget-vs-actual"],
    .categoryRenamed: ["category-totals", "budget-vs-actual"],
    .categoryMoved: ["category-totals", "budget-vs-actual"],
    .categoryRestyled: ["category-totals", "budget-vs-actual"],
    .categoryArchived: ["category-totals", "budget-vs-actual"],
    .categoryRestored: ["category-totals", "budget-vs-actual"],
    .categoryDeleted: ["category-totals", "budget-vs-actual"],
    .periodOpened: [],
    .periodClosed: [],
    .periodReopened: [],
    .budgetSet: ["budget-vs-actual"],
    .incomePlanned: ["budget-vs-actual"],
    .budgetMoved: ["budget-vs-actual"],
    .dueDateSet: ["budget-vs-actual"],
    .dueDateCleared: ["budget-vs-actual"],
    .rolloverSet: ["budget-vs-actual"],
    .transactionAdded: ["running-balances", "category-totals", "budget-vs-actual", "transaction-index"],
    .transactionAmended: [
      "running-balances", "category-totals", "budget-vs-actual", "transaction-index", "schedules",
    ],
    .transactionDeleted: [
      "running-balances", "category-totals", "budget-vs-actual", "transaction-index", "schedules",
    ],
    .transactionRestored: [
      "running-balances", "category-totals", "budget-vs-actual", "transaction-index", "schedules",
    ],
    .transferMade: ["running-balances"],
    .transferCancelled: ["running-balances", "schedules"],
    .scheduleCreated: ["schedules"],
    .scheduleChanged: ["schedules"],
    .scheduleChangeWithdrawn: ["schedules"],
    .schedulePaused: ["schedules"],
    .scheduleResumed: ["schedules"],
    .scheduleEnded: ["schedules"],
    .scheduleReinstated: ["schedules"],
    .scheduleDeleted: ["schedules"],
    .scheduleOccurrencePaid: ["schedules"],
    .scheduleOccurrenceUnpaid: ["schedules"],
    .scheduleOccurrenceSkipped: ["schedules"],
    .scheduleOccurrenceUnskipped: ["schedules"],
    .debtAdded: [],
    .debtTermsChanged: [],
    .debtTermsWithdrawn: [],
    .debtRemoved: [],
    .goalAdded: [],
    .goalChanged: [],
    .goalContributed: [],
    .goalContributionWithdrawn: [],
    .goalEntryRemoved: [],
    .goalCompleted: [],
    .goalArchived: [],
    .goalReopened: [],
  ]

  @Test(
    "given the event registry, when the table is read, then every kind of event has its line and names only read models that exist"
  )
  func everyKindIsDecided() {
    let missing = EventKind.allCases.filter { Self.folders[$0] == nil }.map(\.rawValue)
    #expect(
      missing.isEmpty,
      "say which read models fold \(missing) (or none, with []) in ReadModelCoverageTests.folders, and add the arms to those projectors"
    )
    let names = Set(Ledger.standardProjectors.map(\.name))
    let unknown = Set(Self.folders.values.flatMap { $0 }).subtracting(names)
    #expect(unknown.isEmpty, "not a standard read model: \(unknown.sorted())")
  }

  @Test(
    "given one event of every kind, when each standard read model folds them in order, then it writes rows only for kinds the table gives it",
    arguments: Ledger.standardProjectors.map(\.name))
  func foldsAgreeWithTheTable(projectorName: String) throws {
    let projector = try #require(Ledger.standardProjectors.first { $0.name == projectorName })
    var store = RecordingStore()
    var written: Set<EventKind> = []
    for (offset, event) in EventSamples.all.enumerated() {
      let before = store.puts
      try projector.apply(event, at: LogPoint(position: UInt64(offset + 1), recordedAt: 0), into: &store)
      if store.puts > before { written.insert(event.kind) }
    }
    let claimed = Set(Self.folders.filter { $0.value.contains(projectorName) }.keys)
    let unclaimed = written.subtracting(claimed).map(\.rawValue).sorted()
    #expect(unclaimed.isEmpty, "\(projectorName) folds \(unclaimed): add it to their lines")
    #expect(!written.isEmpty, "\(projectorName) wrote rows for the samples")
  }
}

/// A projection store in memory that counts what is written: the newest value of each key,
/// whatever the position asked.
private struct RecordingStore: ProjectionStore {
  var rows: [String: [[UInt8]: [UInt8]]] = [:]
  var puts = 0

  func value(in table: String, key: [UInt8], asKnownAt position: UInt64) throws -> [UInt8]? {
    rows[table]?[key].flatMap { $0.isEmpty ? nil : $0 }
  }

  mutating func put(in table: String, key: [UInt8], value: [UInt8], at position: UInt64) throws {
    rows[table, default: [:]][key] = value
    puts += 1
  }
}
