import LedgerDomain

/// A read model folded from the log: a named, versioned function from events to rows in the
/// tables it owns. It holds no business rules — it only records what events say.
///
/// Every table is *versioned*: a row is written under `key ‖ position`, so the table answers
/// both "now" and "as known at position P" with one seek (see ``ProjectionStore``).
///
/// A read model declares four things: ``name``, ``version``, ``tables`` and the fold,
/// ``apply(_:at:into:)-(_,_,Store)``. It may also declare ``readsTransactionText`` (`false`
/// for a fold that only reads amounts, dates, accounts and categories); the remaining
/// requirement is the engine's, implemented once below for every projector.
public protocol Projector: Sendable {
  /// Stable name, used for its tables and checkpoint, e.g. `"running-balances"`.
  var name: String { get }
  /// Bump when the fold or the row layout changes; the engine then rebuilds the projector.
  var version: Int { get }
  /// The tables it owns, with their fixed key sizes.
  var tables: [TableSpec] { get }

  /// Folds one event into `store`. Reads may only use the projector's own tables.
  func apply<Store: ProjectionStore>(_ event: LedgerEvent, at point: LogPoint, into store: inout Store) throws

  /// Whether the fold reads a transaction's free text (name, description, notes, import id,
  /// tags, split memos). A rebuild of projectors that do not decodes `TransactionAdded`
  /// events without it, which is most of a replay's decoding. `true` unless declared.
  var readsTransactionText: Bool { get }

  /// ``apply(_:at:into:)-(_,_,Store)`` into the memory store that rebuilds and deep
  /// verification fold millions of events into. Not for a projector to declare: the default
  /// below is it. The engine calls the fold through an existential, and called through the
  /// protocol, the generic fold would run unspecialized — every read and write of a row
  /// through a witness table, every type looked up at run time. This requirement is the
  /// fold's entry for the memory store: its default is inlinable, so the witness the
  /// compiler emits in the projector's own module calls the fold compiled for this store.
  func apply(_ event: LedgerEvent, at point: LogPoint, into store: inout MemoryProjectionStore) throws
}

extension Projector {
  /// `true`: a rebuild decodes transactions with their text for any projector that does not
  /// declare otherwise.
  public var readsTransactionText: Bool { true }

  /// ``Projector/apply(_:at:into:)-(_,_,MemoryProjectionStore)`` for every projector: the
  /// generic fold, specialized for the memory store in the module that declares the
  /// projector (being inlinable, this body is compiled into the witness there).
  @inlinable
  public func apply(_ event: LedgerEvent, at point: LogPoint, into store: inout MemoryProjectionStore) throws {
    try applyGenerically(event, at: point, into: &store)
  }

  /// Calls the generic ``apply(_:at:into:)-(_,_,Store)`` — which a call with a memory store
  /// would not pick — for the memory store's ``apply(_:at:into:)-(_,_,MemoryProjectionStore)``
  /// to forward to.
  @inlinable @inline(__always)
  public func applyGenerically<Store: ProjectionStore>(
    _ event: LedgerEvent, at point: LogPoint, into store: inout Store
  ) throws {
    try apply(event, at: point, into: &store)
  }
}

/// A table of a projector: its name and the fixed size of its logical keys (the stored key
/// adds 8 bytes of position).
public struct TableSpec: Sendable, Hashable {
  public var name: String
  public var keySize: Int
  /// The projector only ever puts and deletes rows of this table while it folds, never reads
  /// them (an index): a rebuild then keeps them in the order they come, with no lookup
  /// structure, and sorts them once (``MemoryProjectionStore``).
  public var isWriteOnly: Bool

  public init(_ name: String, keySize: Int, writeOnly: Bool = false) {
    self.name = name
    self.keySize = keySize
    self.isWriteOnly = writeOnly
  }
}

/// A point of the log: a position and its recorded-at time.
public struct LogPoint: Sendable, Hashable {
  public var position: UInt64
  public var recordedAt: Int64

  public init(position: UInt64, recordedAt: Int64) {
    self.position = position
    self.recordedAt = recordedAt
  }
}
