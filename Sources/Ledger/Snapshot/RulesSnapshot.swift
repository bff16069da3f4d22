import EventLog
import LMDB
import LedgerDomain

/// The rules' state stored in the ledger file, kept current in the same write transaction as
/// the events it reflects: a command, a server or a report opens it in milliseconds instead of
/// folding the whole history.
///
/// Three tables:
/// - `rules-state`: one value — a ``SnapshotHeader`` (position, chain hash, checksum) and
///   ``LedgerState/snapshotPayload()``: everything but the transactions;
/// - `rules-transactions`: one row per transaction, by id (``TransactionRecord/storedBytes()``);
/// - `rules-transaction-tails`: the last four bytes of each id (the eight digits tables show)
///   followed by the id, for resolving a short id without reading every row.
///
/// The header and the rows are written in one transaction, so they always reflect the same
/// position; a crash leaves the old pair or the new one.
struct RulesSnapshot: Sendable {
  static let stateKey = "state"
  let environment: Environment
  let header: Database
  let rows: Database
  let tails: Database

  /// Opens (creating them if need be) the snapshot's tables in `environment`.
  static func open(in environment: Environment) throws -> RulesSnapshot {
    try environment.write { txn in
      RulesSnapshot(
        environment: environment, header: try txn.openDatabase(named: "rules-state", flags: .create),
        rows: try txn.openDatabase(named: "rules-transactions", flags: .create),
        tails: try txn.openDatabase(named: "rules-transaction-tails", flags: .create))
    }
  }

  /// The key of a transaction's row: its id's 16 bytes, big-endian (rows sort by id).
  static func key(_ id: TransactionID) -> [UInt8] { id.raw.bigEndianBytes }

  /// The id a row's key names (`nil` for a key of another length).
  static func transactionID(_ key: UnsafeRawBufferPointer) -> TransactionID? {
    EntityID(bigEndianBytes: key).map(TransactionID.init(raw:))
  }

  /// The key of a transaction in the tails table: the id's last four bytes, then the id.
  static func tailKey(_ id: TransactionID) -> [UInt8] {
    let key = key(id)
    return Array(key[12..<16]) + key
  }

  // MARK: Reading

  /// What the stored snapshot says, checked against the log `transaction` sees.
  enum Stored {
    /// Nothing stored yet (a ledger written by a program without snapshots, or a new one).
    case missing
    /// A snapshot that cannot be trusted, and why.
    case unusable(String)
    /// A trusted snapshot: its position and hash are in the log (it may be behind the head).
    case usable(FoldedState)
  }

  /// Reads the stored snapshot, with `source` as its transactions' source, and checks it
  /// against the log: a position past the head, or a hash the log does not have at that
  /// position (an older copy of the file put back, say), makes it unusable.
  func load(in transaction: some Transaction, log: EventLog, head: UInt64, source: StoredTransactions) throws -> Stored
  {
    guard let bytes = try transaction.get(Self.stateKey, in: header) else { return .missing }
    let header: SnapshotHeader
    let payload: [UInt8]
    switch SnapshotHeader.decode(bytes) {
    case .failure(let problem): return .unusable(problem.description)
    case .success(let decoded): (header, payload) = decoded
    }
    guard header.position <= head else {
      return .unusable("the snapshot is at position \(header.position), past the log's last event (\(head))")
    }
    if header.position > 0 {
      let logged = try log.hash(at: header.position, in: transaction)
      guard logged == header.hash else {
        return .unusable("the snapshot's chain hash at position \(header.position) is not the log's")
      }
    }
    let stored = try transaction.count(of: rows)
    guard UInt64(stored) == header.rows else {
      return .unusable("the snapshot names \(header.rows) transactions, \(stored) are stored")
    }
    do {
      let state = try LedgerState(snapshotPayload: payload, transactions: TransactionTable(source: source))
      var folded = FoldedState(state: state, position: header.position, hash: header.hash)
      folded.snapshotStamp = header.stamp
      return .usable(folded)
    } catch {
      return .unusable("the snapshot cannot be read: \(error)")
    }
  }

  // MARK: Writing

  /// Stores what `folded` changed since it was last stored — its transactions in memory, and
  /// the rest of its state — as the snapshot at its position.
  func store(_ folded: inout FoldedState, in txn: WriteTransaction) throws {
    // In key order: a bulk load's many rows then fill the tables' pages one after another.
    let changes = folded.state.transactions.takeChanges()
    for (id, record) in changes.count > 64 ? changes.sorted(by: { $0.key < $1.key }) : Array(changes) {
      try txn.put(try record.storedBytes(), for: Self.key(id), in: rows)
    }
    // A tail never changes: one already stored is left alone rather than rewritten, which
    // would copy its page — for a command that changes many stored transactions (an undo of
    // an import), nearly every page of the table.
    for tail in changes.keys.map(Self.tailKey).sorted(by: { $0.lexicographicallyPrecedes($1) }) {
      _ = try txn.insert([UInt8](), for: tail, in: tails)
    }
    try writeHeader(of: &folded, in: txn)
  }

  /// Replaces whatever is stored with `folded` (every transaction of it in memory, as a fold
  /// of the whole log holds them), which then reads its transactions from `source`.
  func replace(with folded: inout FoldedState, source: StoredTransactions, in txn: WriteTransaction) throws {
    try txn.clear(rows)
    try txn.clear(tails)
    let changes = folded.state.transactions.takeChanges()
    for (id, record) in changes.sorted(by: { $0.key < $1.key }) {
      try txn.put(try record.storedBytes(), for: Self.key(id), in: rows, flags: .append)
    }
    for tail in changes.keys.map(Self.tailKey).sorted(by: { $0.lexicographicallyPrecedes($1) }) {
      try txn.put([UInt8](), for: tail, in: tails, flags: .append)
    }
    folded.state.transactions.read(from: source)
    try writeHeader(of: &folded, in: txn)
  }

  private func writeHeader(of folded: inout FoldedState, in txn: WriteTransaction) throws {
    let payload = try folded.state.snapshotPayload()
    let header = SnapshotHeader(
      stateVersion: LedgerState.snapshotVersion, position: folded.position, hash: folded.hash,
      rows: UInt64(try txn.count(of: rows)), stamp: UInt64.random(in: 1...UInt64.max))
    try txn.put(header.encoded(payload: payload), for: Self.stateKey, in: self.header)
    folded.snapshotStamp = header.stamp
  }

  /// The stamp of the stored snapshot as `txn` sees it, if there is one.
  func storedStamp(in txn: some Transaction) throws -> UInt64? {
    guard let bytes = try txn.get(Self.stateKey, in: header) else { return nil }
    return SnapshotHeader.stamp(of: bytes)
  }
}
