import BudgetVsActual
import CategoryTotals
import EventLog
import EventRecords
import LedgerDomain
import LedgerTesting
import ProjectionEngine
import RunningBalances
import Schedules
import Testing
import TransactionIndex

@testable import Ledger

/// The read models and the rules' state are two folds of the same log, written apart: a new
/// kind of event that the state folds but a read model forgets (no arm, and no line in
/// ``EventSamples/foldedBy`` that would ask for one) leaves the two telling the user different
/// things. After every sample event, each read model must give every transaction, account,
/// category, month's budget and schedule as the state holds it.
@Suite("Read models answer as the rules' state does")
struct ReadModelsAgreeWithStateTests {
  @Test(
    "given one event of every kind folded one at a time, when the read models are asked after each, then their transactions, accounts, categories, budgets and schedules are the state's"
  )
  func everySampleLeavesThemAgreeing() async throws {
    let harness = try await ProjectionHarness(Ledger.standardProjectors)
    var state = LedgerState()
    for event in EventSamples.all {
      let position = try await harness.given(event)
      // As the ledger folds it: an older form completed by when it was recorded.
      let recordedAt = try #require(try harness.log.event(at: position)).recordedAt
      state.apply(event.completed(recordedAt: recordedAt))
      let differences = try harness.read { reader in try Self.differences(between: state, and: reader) }
      #expect(differences.isEmpty, "after \(event.kind.rawValue): \(differences)")
    }
  }

  @Test("given a read model that misses an event the state folds, when compared, then the difference is named")
  func aMissedEventIsFound() async throws {
    let harness = try await ProjectionHarness(Ledger.standardProjectors)
    var state = LedgerState()
    for event in EventSamples.all.prefix(while: { $0.kind != .transactionAmended }) {
      state.apply(event)
      try await harness.given(event)
    }
    // The state folds an amendment the read models never see.
    let added = try #require(state.transactions.values.first?.added)
    var renamed = TransactionAmended(transaction: added.transaction)
    renamed.name = "Renamed"
    renamed.previous = added
    state.apply(.transactionAmended(renamed))

    let differences = try harness.read { reader in try Self.differences(between: state, and: reader) }
    #expect(differences.count == 1)
    #expect(differences.first?.contains("transaction-index") == true)
  }

  /// What the read models say otherwise than `state`, one line per thing.
  static func differences(between state: LedgerState, and reader: ProjectionReader) throws -> [String] {
    var found: [String] = []
    func expect<T: Equatable>(_ model: String, _ what: String, _ read: T, _ held: T) {
      if read != held { found.append("\(model) gives \(what) as \(read), the state as \(held)") }
    }

    var transactions: [(TransactionID, TransactionRecord)] = []
    state.transactions.forEach { id, record in
      transactions.append((id, record))
      return true
    }
    let index = TransactionQueries(reader)
    for (id, record) in transactions {
      expect(
        "transaction-index", "transaction \(id)", try index.transaction(id),
        record.isDeleted ? nil : TransactionRow(record.added))
    }

    let accounts = Dictionary(uniqueKeysWithValues: try BalanceQueries(reader).accounts().map { ($0.account, $0) })
    expect("running-balances", "the accounts", Set(accounts.keys), Set(state.accounts.keys))
    for (id, record) in state.accounts {
      guard let info = accounts[id] else { continue }
      expect("running-balances", "account \(id)'s name", info.name, record.name)
      expect("running-balances", "account \(id)'s type", info.type, record.type.rawValue)
      expect("running-balances", "account \(id)'s currency", info.currency, record.currency)
      expect("running-balances", "account \(id)'s role", info.role, record.role)
    }

    let categories = Dictionary(
      uniqueKeysWithValues: try CategoryQueries(reader).categories().categories.map { ($0.category, $0) })
    let kept = state.categories.filter { !$0.value.isDeleted }
    expect("category-totals", "the categories", Set(categories.keys), Set(kept.keys))
    for (id, record) in kept {
      guard let info = categories[id] else { continue }
      expect("category-totals", "category \(id)'s name", info.name, record.name)
      expect("category-totals", "category \(id)'s kind", info.kind, record.kind)
      expect("category-totals", "category \(id)'s budget type", info.budgetType, record.budgetType)
      expect("category-totals", "category \(id)'s parent", info.parent, record.parent)
      expect("category-totals", "category \(id)'s archived", info.archived, record.isArchived)
      expect("category-totals", "category \(id)'s order", info.sortOrder, record.sortOrder)
      expect("category-totals", "category \(id)'s icon", info.icon, record.icon)
      expect("category-totals", "category \(id)'s color", info.color, record.color)
    }

    // A quarter's budget is shared by the month it is set in and the two after.
    let budgets = BudgetQueries(reader)
    let months = Set(state.budgets.keys.flatMap { month in (0...2).compactMap { try? month.adding(months: $0) } })
    for month in months {
      for line in try budgets.month(month, currency: state.baseCurrency).lines {
        expect(
          "budget-vs-actual", "\(line.category)'s budget in \(month)", line.assigned,
          state.assigned(line.category, in: month))
        let rollover =
          state.categories[line.category]?.rollover(in: month) ?? (carryUnspent: false, carryOverspent: false)
        expect(
          "budget-vs-actual", "\(line.category)'s rollover in \(month)",
          line.rollover.map { [$0.carryUnspent, $0.carryOverspent] } ?? [false, false],
          [rollover.carryUnspent, rollover.carryOverspent])
      }
    }

    let scheduleQueries = ScheduleQueries(reader)
    let schedules = Dictionary(uniqueKeysWithValues: try scheduleQueries.schedules().map { ($0.schedule, $0) })
    expect("schedules", "the schedules", Set(schedules.keys), Set(state.schedules.keys))
    for (id, record) in state.schedules {
      guard let info = schedules[id] else { continue }
      expect("schedules", "schedule \(id)'s terms", info.timeline, record.timeline)
      expect("schedules", "schedule \(id)'s deletion", info.isDeleted, record.isDeleted)
      let occurrences = try scheduleQueries.occurrences(
        of: info, from: day("2020-01-01"), through: day("2030-12-31"), today: day("2020-01-01"))
      expect(
        "schedules", "schedule \(id)'s paid dates",
        Set(occurrences.filter { $0.status == .paid }.map(\.nominal)),
        record.isDeleted ? [] : Set(record.payments.keys))
      expect(
        "schedules", "schedule \(id)'s skipped dates",
        Set(occurrences.filter { $0.status == .skipped }.map(\.nominal)),
        record.isDeleted ? [] : record.skipped)
    }
    return found
  }
}
