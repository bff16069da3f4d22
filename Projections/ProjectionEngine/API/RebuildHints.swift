/// What a rebuild may leave out or arrange for one projector because its fold does not need
/// it: performance only — a projector folds to the same rows with or without its hints.
///
/// A read model declares them as a ``TunedProjector``; the engine reads them with
/// ``init(of:)``, and a projector that declares none gets the defaults, which assume nothing.
public struct RebuildHints: Sendable, Hashable {
  /// Whether the fold reads a transaction's free text (name, description, notes, import id,
  /// tags, split memos). A rebuild of projectors that do not decodes `TransactionAdded`
  /// events without it, which is most of a replay's decoding. `true` unless declared.
  public var readsTransactionText: Bool
  /// The tables the projector only ever puts and deletes rows of while it folds, never reads
  /// (an index): a rebuild keeps their rows in the order they come, with no lookup structure,
  /// and sorts them once (``MemoryProjectionStore``). None unless declared.
  public var writeOnlyTables: Set<String>

  public init(readsTransactionText: Bool = true, writeOnlyTables: Set<String> = []) {
    self.readsTransactionText = readsTransactionText
    self.writeOnlyTables = writeOnlyTables
  }

  /// The hints `projector` declares as a ``TunedProjector``, or the defaults.
  public init(of projector: any Projector) {
    self = (projector as? any TunedProjector)?.rebuildHints ?? RebuildHints()
  }
}
