import Ledger
import LedgerDomain

/// Turns names and id prefixes typed by the user into ids, with "did you mean" hints.
struct Resolve {
  private let source: Source

  /// What names are resolved against.
  private enum Source {
    /// A state the caller read (the whole rules' state, or a family of streams).
    case state(LedgerState)
    /// The ledger itself: its rules' state read only if a name needs it, transaction ids
    /// resolved through their index and streams alone (``Ledger/transactions``).
    case ledger(Ledger)
  }

  /// Resolves against `state`.
  init(state: LedgerState) { source = .state(state) }

  /// Resolves against `ledger`'s current state, reading only what a name needs.
  init(ledger: Ledger) { source = .ledger(ledger) }

  var state: LedgerState {
    switch source {
    case .state(let state): state
    case .ledger(let ledger): ledger.state
    }
  }

  /// The transactions ids are resolved in.
  private var transactions: TransactionTable {
    switch source {
    case .state(let state): state.transactions
    case .ledger(let ledger): ledger.transactions
    }
  }

  func category(_ name: String) throws -> CategoryID {
    try userFacing { try state.category(named: name).id }
  }

  /// The category called `name`, archived ones too: for reading what a category holds.
  func categoryToRead(_ name: String) throws -> CategoryID {
    try userFacing { try state.category(named: name, archived: true).id }
  }

  func period(_ name: String) throws -> PeriodID {
    try userFacing { try state.period(named: name).id }
  }

  /// The named account, or — when no name is given — the only open account.
  func account(_ name: String?) throws -> (id: AccountID, record: AccountRecord) {
    if let name { return try userFacing { try state.account(named: name) } }
    let open = state.accounts.filter { !$0.value.isClosed }
    guard open.count == 1, let only = open.first else {
      let names = open.values.map(\.name).sorted().joined(separator: ", ")
      throw UserError(
        open.isEmpty
          ? "there is no open account; open one with: budget account open NAME --type checking"
          : "several accounts are open (\(names)); choose one with --account NAME")
    }
    return (only.key, only.value)
  }

  /// The transaction whose id holds `prefix` (at least 4 characters in a row, like a short git
  /// hash: typically the 8 a table shows, or either end of them).
  func transaction(_ prefix: String) throws -> (id: TransactionID, record: TransactionRecord) {
    let prefix = prefix.lowercased()
    guard prefix.count >= 4 else {
      throw UserError("transaction id '\(prefix)' is too short; give at least 4 characters")
    }
    // Ids are time-ordered, so their heads are shared by everything made at the same time:
    // tables show the (random) tail, and either end works.
    let matches = transactions.named(prefix)
    guard let match = matches.first else {
      throw notATransaction(prefix) ?? UserError("transaction '\(prefix)' not found; list ids with: budget tx list")
    }
    guard matches.count == 1 else {
      let shown = matches.sorted { $0.key.description < $1.key.description }.prefix(5).map { id, record in
        "  \(id.short)  \(record.added.date)  \(record.added.name)"
      }
      throw UserError(
        "transaction id '\(prefix)' is ambiguous (\(matches.count) match); give more characters:\n"
          + shown.joined(separator: "\n") + (matches.count > 5 ? "\n  …" : ""))
    }
    return (match.key, match.value)
  }
}

extension Resolve {
  /// What `prefix` names, when it is a row of an account's log that is not a transaction: a
  /// leg of a transfer, or an account's opening balance.
  func notATransaction(_ prefix: String) -> UserError? {
    func name(_ id: AccountID) -> String { state.accounts[id]?.name ?? id.description }
    if let transfer = self.transfer(prefix) {
      return UserError(
        "'\(prefix)' is a transfer, not a transaction: \(transfer.amount.formatted()) \(transfer.amount.currency.code) "
          + "from '\(name(transfer.from))' to '\(name(transfer.to))' on \(transfer.date)\(transfer.note.map { " (\($0))" } ?? ""); "
          + "to change it, cancel it with `budget tx delete \(prefix)` and make it again")
    }
    if cancelledTransfer(prefix) != nil {
      return UserError(
        "'\(prefix)' is a transfer that was cancelled; see what happened to it with `budget history tx \(prefix)`")
    }
    if let account = state.accounts.first(where: { $0.key.raw.isNamed(by: prefix) })?.value {
      return UserError(
        "'\(prefix)' is the opening balance of account '\(account.name)', not a transaction; change it with "
          + "`budget account opening \(Self.quotedIfNeeded(account.name)) AMOUNT`")
    }
    return nil
  }

  /// The transfer one of whose legs (as `tx list` shows them) `prefix` names, if it names
  /// exactly one.
  func transfer(_ prefix: String) -> TransferMade? {
    let matches = transfers(prefix)
    return matches.count == 1 ? matches.first : nil
  }

  /// Every transfer one of whose legs `prefix` (4+ characters) starts or ends.
  func transfers(_ prefix: String) -> [TransferMade] {
    prefix.count >= 4 ? state.transfers(named: prefix) : []
  }

  /// The cancelled transfer one of whose legs `prefix` (4+ characters) names, if exactly one.
  func cancelledTransfer(_ prefix: String) -> TransferID? {
    let found = prefix.count >= 4 ? state.cancelledTransfers(named: prefix) : []
    return found.count == 1 ? found.first : nil
  }

  /// How many transactions `prefix` (4+ characters) starts or ends.
  func transactionCount(_ prefix: String) -> Int {
    prefix.count >= 4 ? transactions.named(prefix).count : 0
  }

  static func quotedIfNeeded(_ name: String) -> String {
    name.contains(where: { $0 == " " || $0 == "'" || $0 == "\"" }) ? "\"\(name)\"" : name
  }
}

extension EntityIdentifier {
  /// The last 8 characters of the id, as shown in tables: ids are time-ordered (version 7), so
  /// their first characters are shared by ids made at the same time, and their last are random.
  var short: String { String(description.suffix(8)) }
}
