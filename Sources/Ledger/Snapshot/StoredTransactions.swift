import EventLog
import LMDB
import LedgerDomain
import Synchronization

/// The rules' transactions as the ledger file stores them (``RulesSnapshot/rows``), read one
/// by id when the rules ask.
///
/// The writer's instance is bound to the write transaction it runs in (``bind(_:)``), so that
/// it reads what the transaction wrote before committing; any other instance, or one not
/// bound, reads in a read transaction of its own.
final class StoredTransactions: TransactionSource {
  let environment: Environment
  let rows: Database
  /// The index of ids by their last four bytes (``RulesSnapshot/tails``).
  let tails: Database
  let bound = Mutex<Bound?>(nil)

  /// The writer's transaction: used only on the thread that runs it (which binds it), hence
  /// `@unchecked Sendable`.
  struct Bound: @unchecked Sendable {
    let transaction: WriteTransaction
  }

  init(environment: Environment, rows: Database, tails: Database) {
    self.environment = environment
    self.rows = rows
    self.tails = tails
  }

  /// Reads through `transaction` until ``unbind()``: only the thread that runs it may look up.
  func bind(_ transaction: WriteTransaction) {
    let value = Bound(transaction: transaction)
    bound.withLock { $0 = value }
  }

  func unbind() { bound.withLock { $0 = nil } }

  func record(for id: TransactionID) -> TransactionRecord? {
    do {
      if let transaction = bound.withLock({ $0?.transaction }) {
        return try Self.record(for: id, in: transaction, rows: rows)
      }
      return try environment.read { try Self.record(for: id, in: $0, rows: rows) }
    } catch {
      return nil
    }
  }

  var count: Int {
    do {
      if let transaction = bound.withLock({ $0?.transaction }) { return try transaction.count(of: rows) }
      return try environment.read { try $0.count(of: rows) }
    } catch {
      return 0
    }
  }

  func forEach(_ body: (TransactionID, TransactionRecord) -> Bool) {
    try? forEachStored(body)
  }

  /// ``forEach(_:)``, throwing when a row cannot be read (which `forEach` ends the walk on).
  func forEachStored(_ body: (TransactionID, TransactionRecord) -> Bool) throws {
    func scan(_ transaction: some Transaction) throws {
      try transaction.withCursor(on: rows) { cursor in
        var entry = try cursor.first()
        while let (key, value) = entry {
          guard let id = RulesSnapshot.transactionID(key) else {
            throw CodecError.malformed("a stored transaction's key is \(key.count) bytes, not 16")
          }
          guard body(id, try TransactionRecord(storedBytes: value)) else { return }
          entry = try cursor.next()
        }
      }
    }
    if let transaction = bound.withLock({ $0?.transaction }) {
      try scan(transaction)
    } else {
      try environment.read { try scan($0) }
    }
  }

  static func record(
    for id: TransactionID, in transaction: some Transaction, rows: Database
  ) throws -> TransactionRecord? {
    guard let bytes = try transaction.get(RulesSnapshot.key(id), in: rows) else { return nil }
    return try TransactionRecord(storedBytes: bytes)
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
    let rows = self.rows
    let tails = self.tails
    let lookup = { (transaction: any Transaction) throws -> [TransactionID] in
      var found: [TransactionID] = []
      var seen = Set<TransactionID>()
      func add(_ id: TransactionID) {
        if found.count < limit, seen.insert(id).inserted { found.append(id) }
      }
      // The start of the id; the start of its last eight digits.
      try Self.scan(rows, in: transaction, startingWith: nibbles, at: 0) { key in add(key) }
      if nibbles.count <= 8 {
        try Self.scan(tails, in: transaction, startingWith: nibbles, at: 4) { key in add(key) }
      }
      guard found.isEmpty, lookingAtEveryID else { return found }
      // Any other run of digits: every id is looked at.
      try transaction.withCursor(on: rows) { cursor in
        var entry = try cursor.first()
        while let (key, _) = entry, found.count < limit {
          if let id = RulesSnapshot.transactionID(key), id.raw.isNamed(by: text) { add(id) }
          entry = try cursor.next()
        }
      }
      return found
    }
    do {
      if let transaction = bound.withLock({ $0?.transaction }) { return try lookup(transaction) }
      return try environment.read { try lookup($0) }
    } catch {
      return []
    }
  }

  /// Calls `body` with the id of every key of `database` whose first bytes (from the key's
  /// start) hold `nibbles`; the id is the 16 bytes at `idOffset`.
  private static func scan(
    _ database: Database, in transaction: some Transaction, startingWith nibbles: [UInt8], at idOffset: Int,
    _ body: (TransactionID) -> Void
  ) throws {
    var low: [UInt8] = []
    for pair in stride(from: 0, to: nibbles.count, by: 2) {
      low.append(nibbles[pair] << 4 | (pair + 1 < nibbles.count ? nibbles[pair + 1] : 0))
    }
    try transaction.withCursor(on: database) { cursor in
      var entry = try cursor.seek(atLeast: low)
      while let (key, _) = entry, key.count >= idOffset + 16 {
        for (index, nibble) in nibbles.enumerated() {
          let byte = key[index / 2]
          guard (index % 2 == 0 ? byte >> 4 : byte & 0xF) == nibble else { return }
        }
        if let id = RulesSnapshot.transactionID(UnsafeRawBufferPointer(rebasing: key[idOffset..<idOffset + 16])) {
          body(id)
        }
        entry = try cursor.next()
      }
    }
  }
}
