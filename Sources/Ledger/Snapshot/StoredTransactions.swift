import EventLog
import LMDB
import LedgerDomain
import Synchronization

/// The rules' transactions as the log stores them: each one's record is its own stream
/// (`transaction-<id>`) folded, read when the rules ask for it.
///
/// The log already keeps every transaction's events by id, so the rules' state stores no copy
/// of them: a command that amends a transaction reads its stream, and an import of a million
/// rows writes them once, as events. What the log does not index — ids by their last eight
/// digits, the short form tables show — is ``RulesSnapshot/tails`` and, for the ids added
/// since its last merge, ``RulesSnapshot/recentTails``.
///
/// The writer's instance is bound to the write transaction it runs in (``bind(_:)``); any
/// other instance, or one not bound, reads in a read transaction of its own.
final class StoredTransactions: TransactionSource {
  let log: EventLog
  /// The index of ids by their last four bytes (``RulesSnapshot/tails``).
  let tails: Database
  /// The ids indexed since the last merge into ``tails`` (``RulesSnapshot/recentTails``).
  let recentTails: Database
  /// The stored snapshot's header (``RulesSnapshot/header``): how far the index of tails goes.
  let snapshotHeader: Database
  let bound = Mutex<Bound?>(nil)

  /// The writer's transaction: used only on the thread that runs it (which binds it), hence
  /// `@unchecked Sendable`. It keeps the last record read through it: a command's rule and
  /// then its fold ask for the same transaction at the same position (an undo of an import
  /// deletes each of its rows so), and the log below that position cannot change while the
  /// transaction runs, since it only appends.
  struct Bound: @unchecked Sendable {
    let transaction: WriteTransaction
    var last: (id: TransactionID, through: UInt64, record: TransactionRecord?)?
  }

  /// The stream-name prefix of every transaction.
  static let streamPrefix = TransactionID.streamPrefix + "-"

  init(log: EventLog, snapshot: RulesSnapshot) {
    self.log = log
    self.tails = snapshot.tails
    self.recentTails = snapshot.recentTails
    self.snapshotHeader = snapshot.header
  }

  /// Reads through `transaction` until ``unbind()``: only the thread that runs it may look up.
  func bind(_ transaction: WriteTransaction) {
    let value = Bound(transaction: transaction)
    bound.withLock { $0 = value }
  }

  func unbind() { bound.withLock { $0 = nil } }

  /// Runs `body` in the bound write transaction, or else in a read transaction of its own.
  func reading<R>(_ body: (any Transaction) throws -> R) throws -> R {
    if let transaction = bound.withLock({ $0?.transaction }) { return try body(transaction) }
    return try log.environment.read { try body($0) }
  }

  func record(for id: TransactionID, through position: UInt64) -> TransactionRecord? {
    let bound = self.bound.withLock { $0 }
    guard let bound else { return try? reading { try Self.record(for: id, through: position, in: $0, log: log) } }
    if let last = bound.last, last.id == id, last.through == position { return last.record }
    guard let record = try? Self.record(for: id, through: position, in: bound.transaction, log: log) else {
      return nil
    }
    self.bound.withLock { $0?.last = (id, position, record) }
    return record
  }

  func count(through position: UInt64) -> Int {
    var count = 0
    try? reading { transaction in
      try forEachID(in: transaction) { id in
        if try Self.firstPosition(of: id, in: transaction, log: log).map({ $0 <= position }) == true { count += 1 }
        return true
      }
    }
    return count
  }

  func forEach(through position: UInt64, _ body: (TransactionID, TransactionRecord) -> Bool) {
    // A stream that cannot be read ends the walk (a table comparing counts then differs).
    try? reading { transaction in
      try forEachID(in: transaction) { id in
        guard let record = try Self.record(for: id, through: position, in: transaction, log: log) else { return true }
        return body(id, record)
      }
    }
  }

  /// Calls `body` with every transaction's id, in id order, until it returns `false`.
  func forEachID(in transaction: some Transaction, _ body: (TransactionID) throws -> Bool) throws {
    try log.forEachStream(startingWith: Self.streamPrefix, in: transaction) { name in
      let text = name.dropFirst(Self.streamPrefix.count)
      guard let id = try? EntityID(parsing: String(text)) else {
        throw CodecError.malformed("the log has a transaction stream named '\(name)', which holds no id")
      }
      return try body(TransactionID(raw: id))
    }
  }

  /// The record `id`'s stream folds into, from its events up to `position`.
  static func record(
    for id: TransactionID, through position: UInt64, in transaction: some Transaction, log: EventLog
  ) throws -> TransactionRecord? {
    let recorded = try log.read(stream: try StreamName(id.stream), limit: .max, in: transaction)
    var events: [LedgerEvent] = []
    events.reserveCapacity(recorded.count)
    for event in recorded where event.position <= position { events.append(try StoredEvent.decode(event)) }
    return TransactionRecord(folding: events)
  }

  /// Where `id`'s stream begins in the log, if it exists.
  static func firstPosition(of id: TransactionID, in transaction: some Transaction, log: EventLog) throws -> UInt64? {
    try log.read(stream: try StreamName(id.stream), limit: 1, in: transaction).first?.position
  }
}

extension StoredTransactions {
  func ids(named reference: String, limit: Int) -> [TransactionID] {
    ids(named: reference, limit: limit, lookingAtEveryID: true)
  }

  /// ``ids(named:limit:)``; without `lookingAtEveryID`, only what the indexes find.
  func ids(named reference: String, limit: Int, lookingAtEveryID: Bool) -> [TransactionID] {
    let text = reference.lowercased()
    let digits = text.filter { $0 != "-" }
    guard text.count >= 4, digits.count <= 32, digits.allSatisfy(\.isHexDigit) else { return [] }
    let nibbles = digits.utf8.map { UInt8(String(UnicodeScalar($0)), radix: 16) ?? 0 }
    let lookup = { [self] (transaction: any Transaction) throws -> [TransactionID] in
      var found: [TransactionID] = []
      var seen = Set<TransactionID>()
      func add(_ id: TransactionID) -> Bool {
        if found.count < limit, seen.insert(id).inserted { found.append(id) }
        return found.count < limit
      }
      // The start of the id, through the log's streams (named by the id's canonical form).
      try log.forEachStream(startingWith: Self.streamPrefix + Self.canonicalPrefix(digits), in: transaction) { name in
        guard let id = try? EntityID(parsing: String(name.dropFirst(Self.streamPrefix.count))) else { return true }
        return add(TransactionID(raw: id))
      }
      // The start of its last eight digits, through the index of tails.
      if nibbles.count <= 8 {
        try Self.scanTails(tails, in: transaction, startingWith: nibbles) { add($0) }
        try Self.scanRecentIndex(recentTails, in: transaction, startingWith: nibbles) { add($0) }
        // A log tail that cannot be read finds nothing more; what the index found stands
        // (`budget verify` reports the damage).
        try? scanRecentTails(in: transaction, startingWith: digits) { add($0) }
      }
      guard found.isEmpty, lookingAtEveryID else { return found }
      // Any other run of digits: every id is looked at.
      try forEachID(in: transaction) { id in
        id.raw.isNamed(by: text) ? add(id) : true
      }
      return found
    }
    return (try? reading { try lookup($0) }) ?? []
  }

  /// The canonical form's first characters for `digits` (hex digits, no hyphens): the
  /// hyphens put back after the 8th, 12th, 16th and 20th.
  static func canonicalPrefix(_ digits: String) -> String {
    var text = ""
    for (index, digit) in digits.enumerated() {
      if [8, 12, 16, 20].contains(index) { text.append("-") }
      text.append(digit)
    }
    return text
  }

  /// Calls `body` with every id of the recent index whose last four bytes start with
  /// `nibbles` (one of its sixteen buckets, scanned), until it returns `false`.
  private static func scanRecentIndex(
    _ database: Database, in transaction: some Transaction, startingWith nibbles: [UInt8],
    _ body: (TransactionID) -> Bool
  ) throws {
    guard let bucket = nibbles.first else { return }
    try transaction.withCursor(on: database) { cursor in
      var entry = try cursor.seek(atLeast: [bucket])
      entries: while let (key, _) = entry, key.first == bucket {
        entry = try cursor.next()
        guard key.count == 17 else { continue }  // damaged: `budget verify --deep` names it
        // The key: the bucket, then the id, whose last four bytes are the tail.
        for (index, nibble) in nibbles.enumerated().dropFirst() {
          let byte = key[13 + index / 2]
          guard (index % 2 == 0 ? byte >> 4 : byte & 0xF) == nibble else { continue entries }
        }
        if let id = RulesSnapshot.transactionID(fromRecentKey: key), !body(id) { return }
      }
    }
  }

  /// Calls `body` with the id of every key of the tails index whose first bytes hold
  /// `nibbles`, until it returns `false`.
  private static func scanTails(
    _ database: Database, in transaction: some Transaction, startingWith nibbles: [UInt8],
    _ body: (TransactionID) -> Bool
  ) throws {
    var low: [UInt8] = []
    for pair in stride(from: 0, to: nibbles.count, by: 2) {
      low.append(nibbles[pair] << 4 | (pair + 1 < nibbles.count ? nibbles[pair + 1] : 0))
    }
    try transaction.withCursor(on: database) { cursor in
      var entry = try cursor.seek(atLeast: low)
      while let (key, _) = entry, key.count >= 20 {
        for (index, nibble) in nibbles.enumerated() {
          let byte = key[index / 2]
          guard (index % 2 == 0 ? byte >> 4 : byte & 0xF) == nibble else { return }
        }
        if let id = RulesSnapshot.transactionID(UnsafeRawBufferPointer(rebasing: key[4..<20])), !body(id) { return }
        entry = try cursor.next()
      }
    }
  }
}
