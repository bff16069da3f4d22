import EventRecords
import Ledger
import LedgerDomain
import Synchronization

/// The names requests resolve against — settings, accounts, categories, periods, budgets and
/// planned income, schedules, debts and goals — kept in step with the log by folding only the events that
/// change them.
///
/// Requests could read `Ledger.state` instead, but that is a value: while any copy of it is
/// alive, the writer's next commit must copy the whole state (every transaction) rather than
/// update it in place, which under many concurrent clients on a large ledger turns every
/// commit into an O(transactions) copy. This index shares nothing with the ledger's state.
final class NameIndex: Sendable {
  private let cache: Mutex<(position: UInt64, state: LedgerState)>
  private let ledger: Ledger

  init(ledger: Ledger) {
    self.ledger = ledger
    let position = ledger.position
    var names = LedgerState()
    do {
      let full = ledger.state  // one copy, when the server starts
      names.settings = full.settings
      names.accounts = full.accounts
      names.categories = full.categories
      names.periods = full.periods
      names.budgets = full.budgets
      // What a budget copy carries over with the budgets.
      names.plannedIncome = full.plannedIncome
      // Every named entity recorded before the server started, so that it resolves too.
      names.schedules = full.schedules
      names.debts = full.debts
      names.goals = full.goals
    }
    cache = Mutex((position, names))
  }

  /// The names as of the ledger's last commit.
  func current() throws -> LedgerState {
    let head = ledger.position
    return try cache.withLock { cached in
      while cached.position < head {
        let events = try ledger.events(from: cached.position + 1, limit: Int(min(head - cached.position, 1000)))
        guard let last = events.last else { break }
        for recorded in events where Self.changesNames(recorded.type) {
          cached.state.apply(
            try LedgerEvent.decode(
              type: recorded.type, schemaVersion: recorded.schemaVersion, payload: recorded.payload))
        }
        cached.position = last.position
      }
      return cached.state
    }
  }

  /// Transactions and transfers change no name (their per-category counts are not needed to
  /// resolve a reference).
  private static func changesNames(_ type: String) -> Bool {
    type != TransactionAdded.typeName && type != TransactionAmended.typeName && type != TransactionDeleted.typeName
      && type != TransactionRestored.typeName
      && type != TransferMade.typeName
  }
}
