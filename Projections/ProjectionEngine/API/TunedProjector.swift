import LedgerDomain

/// A projector that helps the engine fold it fast in a rebuild: what a read model may declare
/// beyond the four things every ``Projector`` declares.
///
/// The engine looks for this conformance once per fold. A projector without it is folded
/// just as correctly — with the text of every transaction, its tables kept in lookup order,
/// and its fold called through the generic ``Projector/apply(_:at:into:)`` — only slower; a
/// read model that conforms gets its ``rebuildHints`` and the specialised entry below.
public protocol TunedProjector: Projector {
  /// What a rebuild may leave out or arrange for this projector. The default: nothing.
  var rebuildHints: RebuildHints { get }

  /// ``Projector/apply(_:at:into:)`` into the memory store that rebuilds and deep
  /// verification fold millions of events into. Not for a projector to declare: the default
  /// below is it. The engine calls the fold through an existential, and called through the
  /// protocol, the generic fold would run unspecialised — every read and write of a row
  /// through a witness table, every type looked up at run time. This requirement is the
  /// fold's entry for the memory store: its default is inlinable, so the witness the
  /// compiler emits in the projector's own module calls the fold compiled for this store.
  func apply(_ event: LedgerEvent, at point: LogPoint, into store: inout MemoryProjectionStore) throws
}

extension TunedProjector {
  /// No hints: a rebuild decodes transactions with their text and keeps every table ready
  /// for lookups.
  public var rebuildHints: RebuildHints { RebuildHints() }

  /// ``TunedProjector/apply(_:at:into:)`` for every tuned projector: the generic fold,
  /// specialised for the memory store in the module that declares the projector (being
  /// inlinable, this body is compiled into the witness there).
  @inlinable
  public func apply(_ event: LedgerEvent, at point: LogPoint, into store: inout MemoryProjectionStore) throws {
    try applyGenerically(event, at: point, into: &store)
  }

  /// Calls the generic ``Projector/apply(_:at:into:)`` — which a call with a memory store
  /// would not pick — for the memory store's entry to forward to.
  @inlinable @inline(__always)
  public func applyGenerically<Store: ProjectionStore>(
    _ event: LedgerEvent, at point: LogPoint, into store: inout Store
  ) throws {
    try apply(event, at: point, into: &store)
  }
}
