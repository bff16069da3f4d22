import LedgerDomain

/// A read model folded from the log: a named, versioned function from events to rows in the
/// tables it owns. It holds no business rules — it only records what events say.
///
/// Every table is *versioned*: a row is written under `key ‖ position`, so the table answers
/// both "now" and "as known at position P" with one seek (see ``ProjectionStore``).
///
/// A read model declares four things: ``name``, ``version``, ``tables`` and the fold,
/// ``apply(_:at:into:)``. That is a correct projector. How the engine may fold it faster in a
/// rebuild is a separate matter, which a read model opts into by also conforming to
/// ``TunedProjector``.
public protocol Projector: Sendable {
  /// Stable name, used for its tables and checkpoint, e.g. `"running-balances"`.
  var name: String { get }
  /// Bump when the fold or the row layout changes; the engine then rebuilds the projector.
  var version: Int { get }
  /// The tables it owns, with their fixed key sizes.
  var tables: [TableSpec] { get }

  /// Folds one event into `store`. Reads may only use the projector's own tables.
  func apply<Store: ProjectionStore>(_ event: LedgerEvent, at point: LogPoint, into store: inout Store) throws
}

/// A table of a projector: its name and the fixed size of its logical keys (the stored key
/// adds 8 bytes of position).
public struct TableSpec: Sendable, Hashable {
  public var name: String
  public var keySize: Int

  public init(_ name: String, keySize: Int) {
    self.name = name
    self.keySize = keySize
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
