/// The rules' table of transactions, by id: what a dictionary of them would be, but able to
/// leave the logged ones on disk.
///
/// Records the table was given — by folding events, or by a ``TransactionSource``'s caller —
/// are held in memory (``changes``); any other id is looked up in the source, as the log stood
/// at the table's ``position``. A state folded from the log without a source holds every
/// transaction in memory; the writer's state holds only what the log's last write
/// transaction changed, until it has committed (``settle(through:)``).
public struct TransactionTable: Sendable {
  /// Records held in memory: changed after ``position``, or all of them.
  public private(set) var changes: [TransactionID: TransactionRecord] = [:]
  /// Where the other records are read, if anywhere.
  public private(set) var source: (any TransactionSource)?
  /// The log position the source is read through: every change after it is in ``changes``.
  public private(set) var position: UInt64 = 0

  public init(source: (any TransactionSource)? = nil, through position: UInt64 = 0) {
    self.source = source
    self.position = position
  }

  /// The record of `id`: the one in memory, else the source's. Setting it keeps it in memory.
  public subscript(id: TransactionID) -> TransactionRecord? {
    get { changes[id] ?? source?.record(for: id, through: position) }
    set { changes[id] = newValue }
  }

  /// Reads records not in memory from `source` from now on, through the same position;
  /// records in memory stay.
  public mutating func read(from source: (any TransactionSource)?) {
    self.source = source
  }

  /// Forgets the records in memory and reads them from the source through `position` from now
  /// on: the log holds, at `position`, every change they reflect (and has committed it, where
  /// the source reads committed data only). Does nothing without a source.
  public mutating func settle(through position: UInt64) {
    guard source != nil else { return }
    changes = [:]
    self.position = position
  }

  /// Makes room for `count` records in memory (a fold of the whole history).
  public mutating func reserveCapacity(_ count: Int) {
    changes.reserveCapacity(count)
  }

  /// How many transactions the table holds, read and in memory.
  public var count: Int {
    guard let source else { return changes.count }
    return source.count(through: position) + changes.keys.count { source.record(for: $0, through: position) == nil }
  }

  /// Whether the table holds no transaction at all.
  public var isEmpty: Bool { changes.isEmpty && (source?.count(through: position) ?? 0) == 0 }

  /// Every id, in no particular order.
  public var keys: [TransactionID] { map(\.key) }

  /// Every record, in no particular order.
  public var values: [TransactionRecord] { map(\.value) }

  /// The transactions `reference` names, as a user types an id: the whole id, or at least
  /// four of its characters in a row — typically the start of the eight that tables show
  /// (the id's last eight), or the start of the id. Read ones are found through an index
  /// by those starts; any other run of characters only when the starts find nothing. At
  /// most `limit`.
  public func named(_ reference: String, limit: Int = 1_000) -> [Element] {
    var found = changes.filter { $0.key.raw.isNamed(by: reference) }.prefix(limit).map { ($0.key, $0.value) }
    guard let source, found.count < limit else { return found }
    for id in source.ids(named: reference, limit: limit) where changes[id] == nil && found.count < limit {
      if let record = source.record(for: id, through: position) { found.append((id, record)) }
    }
    return found
  }

  /// Every transaction with its id — read from the source as well, so this is O(transactions):
  /// for exports and checks, not for the rules.
  public func forEach(_ body: (TransactionID, TransactionRecord) -> Bool) {
    for (id, record) in changes where !body(id, record) { return }
    source?.forEach(through: position) { id, record in changes[id] != nil || body(id, record) }
  }
}

extension TransactionTable: Sequence {
  public typealias Element = (key: TransactionID, value: TransactionRecord)

  /// Iterates a copy of every record (see ``forEach(_:)``).
  public func makeIterator() -> IndexingIterator<[Element]> {
    var all: [Element] = []
    all.reserveCapacity(changes.count + (source?.count(through: position) ?? 0))
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
    if let left = a.source, let right = b.source, left === right, a.position == b.position, a.changes == b.changes {
      return true
    }
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
