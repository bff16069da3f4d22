import EventLog
import LMDB
import LedgerCodec
import LedgerDomain

/// The rules' state stored in the ledger file, kept current in the same write transaction as
/// the events it reflects: a command, a server or a report opens it in milliseconds instead of
/// folding the whole history.
///
/// Three tables:
/// - `rules-state`: one value — a ``SnapshotHeader`` (position, chain hash, checksum) and
///   ``LedgerState/snapshotPayload()``: everything but the transactions, which the log itself
///   holds by id (``StoredTransactions``);
/// - `rules-transaction-tails`: the last four bytes of each id (the eight digits tables show)
///   followed by the id, for resolving a short id without reading every stream;
/// - `rules-transaction-tails-recent`: the ids indexed since the last merge into the former,
///   by id (``RulesSnapshot+Tails``). The header counts the keys of both.
///
/// All are written in one transaction, so they always reflect the same position; a crash
/// leaves the old set or the new one. (`rules-transactions`, one row per transaction, was
/// written by earlier versions; it is emptied when the state is next stored afresh.)
struct RulesSnapshot: Sendable {
  static let stateKey = "state"
  let environment: Environment
  let header: Database
  /// No longer written: see above.
  let legacyRows: Database
  let tails: Database
  /// The ids indexed since the last merge into ``tails``, by id.
  let recentTails: Database

  /// Opens (creating them if need be) the snapshot's tables in `environment`.
  static func open(in environment: Environment) throws -> RulesSnapshot {
    try environment.write { txn in
      RulesSnapshot(
        environment: environment, header: try txn.openDatabase(named: "rules-state", flags: .create),
        legacyRows: try txn.openDatabase(named: "rules-transactions", flags: .create),
        tails: try txn.openDatabase(named: "rules-transaction-tails", flags: .create),
        recentTails: try txn.openDatabase(named: "rules-transaction-tails-recent", flags: .create))
    }
  }

  /// An id's 16 bytes, big-endian.
  static func key(_ id: TransactionID) -> [UInt8] { id.raw.bigEndianBytes }

  /// The id 16 big-endian bytes name (`nil` for another length).
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

  /// Reads the stored snapshot, with `source` as its transactions' source (read through the
  /// snapshot's position), and checks it against the log: a position past the head, a hash
  /// the log does not have at that position (an older copy of the file put back, say), or an
  /// index of tails of another size makes it unusable.
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
    let indexed = try indexedCount(in: transaction)
    guard UInt64(indexed) == header.rows else {
      return .unusable("the snapshot names \(header.rows) transactions, \(indexed) are indexed")
    }
    do {
      let state = try LedgerState(
        snapshotPayload: payload, transactions: TransactionTable(source: source, through: header.position))
      var folded = FoldedState(state: state, position: header.position, hash: header.hash)
      folded.snapshotStamp = header.stamp
      folded.snapshotPosition = header.position
      return .usable(folded)
    } catch {
      return .unusable("the snapshot cannot be read: \(error)")
    }
  }

  /// Whether the stored snapshot is usable and at the log's head, checked from its header alone
  /// (``load(in:log:head:source:)``'s checks, without reading the state it holds): what an
  /// opening asks, which leaves reading the state to its first use.
  func isCurrent(in transaction: some Transaction, log: EventLog, head: UInt64) throws -> Bool {
    guard let bytes = try transaction.get(Self.stateKey, in: header),
      case .success(let (header, _)) = SnapshotHeader.decode(bytes), header.position == head,
      try UInt64(indexedCount(in: transaction)) == header.rows
    else { return false }
    return try header.position == 0 || log.hash(at: header.position, in: transaction) == header.hash
  }

  // MARK: Writing

  /// Stores `folded` as the snapshot at its position: the tails of the ids it added since it
  /// was last stored (``FoldedState/unindexed``), and the rest of its state. Its transactions
  /// are in the log already.
  func store(_ folded: inout FoldedState, in txn: WriteTransaction) throws {
    // Kept until the writer sees this store committed (``SnapshotKeeper/synchronize(_:with:)``):
    // a transaction that fails after this point takes the entries with it.
    try index(folded.unindexed, in: txn)
    try writeHeader(of: &folded, in: txn)
  }

  /// Replaces whatever is stored with `folded` (every transaction of it in memory, as a fold
  /// of the whole log holds them), which then reads its transactions from `source`.
  func replace(with folded: inout FoldedState, source: StoredTransactions, in txn: WriteTransaction) throws {
    try txn.clear(legacyRows)
    try txn.clear(tails)
    try txn.clear(recentTails)
    folded.unindexed = []
    try indexSorted(Array(folded.state.transactions.changes.keys), in: txn, appending: true)
    folded.state.transactions.read(from: source)
    try writeHeader(of: &folded, in: txn)
  }

  private func writeHeader(of folded: inout FoldedState, in txn: WriteTransaction) throws {
    let payload = try folded.state.snapshotPayload()
    let header = SnapshotHeader(
      stateVersion: LedgerState.snapshotVersion, position: folded.position, hash: folded.hash,
      rows: UInt64(try indexedCount(in: txn)), stamp: UInt64.random(in: 1...UInt64.max))
    try txn.put(header.encoded(payload: payload), for: Self.stateKey, in: self.header)
    folded.snapshotStamp = header.stamp
    folded.snapshotPosition = header.position
    folded.storedAt = .now
    folded.storeDue = false
  }

  /// The stamp of the stored snapshot as `txn` sees it, if there is one.
  func storedStamp(in txn: some Transaction) throws -> UInt64? {
    guard let bytes = try txn.get(Self.stateKey, in: header) else { return nil }
    return SnapshotHeader.stamp(of: bytes)
  }

  /// The position of the stored snapshot as `txn` sees it: the index of tails holds every
  /// transaction added up to it.
  static func storedPosition(in txn: some Transaction, header: Database) throws -> UInt64? {
    guard let bytes = try txn.get(stateKey, in: header) else { return nil }
    return SnapshotHeader.position(of: bytes)
  }
}
