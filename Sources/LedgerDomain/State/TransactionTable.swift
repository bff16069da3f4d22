/// The rules' table of transactions, by id: what a dictionary of them would be, but able to
/// leave the stored ones on disk.
///
/// Records the table was given — by folding events, or by a ``TransactionSource``'s caller —
/// are held in memory (``changes``); any other id is looked up in the source, if it has one.
/// A state folded from the log without a source holds every transaction in memory; the
/// writer's state holds only what the current command changed, until the ledger stores it
/// (``takeChanges()``) in the same transaction as the command's events.
public struct TransactionTable: Sendable {
  /// Records held in memory: changed since the source was current, or all of them.
  public private(set) var changes: [TransactionID: TransactionRecord] = [:]
  /// The stored records, if they are stored.
  public private(set) var source: (any TransactionSource)?

  public init(source: (any TransactionSource)? = nil) {
    self.source = source
  }

  /// The record of `id`: the one in memory, else the stored one. Setting it keeps it in memory.
  public subscript(id: TransactionID) -> TransactionRecord? {
    get { changes[id] ?? source?.record(for: id) }
    set { changes[id] = newValue }
  }

  /// Reads stored records from `source` from now on; records in memory stay.
  public mutating func read(from source: (any TransactionSource)?) {
    self.source = source
  }

  /// Hands over the records in memory (for storing them) and forgets them: from then on they
  /// are read from the source, which must hold them by the next lookup.
  public mutating func takeChanges() -> [TransactionID: TransactionRecord] {
    defer { changes = [:] }
    return changes
  }

  /// Makes room for `count` records in memory (a fold of the whole history).
  public mutating func reserveCapacity(_ count: Int) {
    changes.reserveCapacity(count)
  }

  /// How many transactions the table holds, stored and in memory.
  public var count: Int {
    guard let source else { return changes.count }
    return source.count + changes.keys.count { source.record(for: $0) == nil }
  }

  /// Whether the table holds no transaction at all.
  public var isEmpty: Bool { changes.isEmpty && (source?.count ?? 0) == 0 }

  /// Every id, in no particular order.
  public var keys: [TransactionID] { map(\.key) }

  /// Every record, in no particular order.
  public var values: [TransactionRecord] { map(\.value) }

  /// The transactions `reference` names, as a user types an id: the whole id, or at least
  /// four of its characters in a row — typically the start of the eight that tables show
  /// (the id's last eight), or the start of the id. Stored ones are found through an index
  /// by those starts; any other run of characters only when the starts find nothing. At
  /// most `limit`.
  public func named(_ reference: String, limit: Int = 1_000) -> [Element] {
    var found = changes.filter { $0.key.raw.isNamed(by: reference) }.prefix(limit).map { ($0.key, $0.value) }
    guard let source, found.count < limit else { return found }
    for id in source.ids(named: reference, limit: limit) where changes[id] == nil && found.count < limit {
      if let record = source.record(for: id) { found.append((id, record)) }
    }
    return found
  }

  /// Every transaction with its id — read from the source as well, so this is O(transactions):
  /// for exports and checks, not for the rules.
  public func forEach(_ body: (TransactionID, TransactionRecord) -> Bool) {
    for (id, record) in changes where !body(id, record) { return }
    source?.forEach { id, record in changes[id] != nil || body(id, record) }
  }
}

extension TransactionTable: Sequence {
  public typealias Element = (key: TransactionID, value: TransactionRecord)

  /// Iterates a copy of every record (see ``forEach(_:)``).
  public func makeIterator() -> IndexingIterator<[Element]> {
    var all: [Element] = []
    all.reserveCapacity(changes.count + (source?.count ?? 0))
    forEach { id, record in
      all.append((id, record))
      return true
    }
    return all.makeIterator()
  }

  public var underestimatedCount: Int { changes.count }
}

extension TransactionTable: Hashable {
  /// Tables are equal when they hold the same records (comparing stored ones record by record).
  public static func == (a: Self, b: Self) -> Bool {
    if a.source == nil, b.source == nil { return a.changes == b.changes }
    if let left = a.source, let right = b.source, left === right, a.changes == b.changes { return true }
    let count = a.count
    guard count == b.count else { return false }
    var equal = true
    var visited = 0
    a.forEach { id, record in
      visited += 1
      equal = b[id] == record
      return equal
    }
    // A source that cannot read every row ends the walk early: not equal then.
    return equal && visited == count
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
  }
}
