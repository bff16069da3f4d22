extension LedgerEvent {
  /// The payload as `schemaVersion` of its type wrote it — for restoring a backup of events
  /// recorded by an earlier release byte for byte, so that the restored hash chain (and the
  /// periods' seals over it) is the original one. The current version is ``encodedPayload()``.
  ///
  /// - Throws: ``CodecError/unknownEvent(type:schemaVersion:)`` for a version this program
  ///   never wrote, or when the event holds what that version could not (tags on a version 1
  ///   `TransactionAdded`, a before-image on a version 1 amend or delete).
  public func encodedPayload(schemaVersion: UInt16) throws(CodecError) -> [UInt8] {
    guard schemaVersion != self.schemaVersion else { return try encodedPayload() }
    let refusal = CodecError.unknownEvent(type: typeName, schemaVersion: schemaVersion)
    guard schemaVersion == 1 else { throw refusal }
    switch self {
    case .transactionAdded(let e):
      guard e.tags.isEmpty else { throw refusal }
      return try BinaryEncoder().encode(TransactionAddedV1(e))
    case .transactionAmended(let e) where e.previous == nil:
      return try Self.withoutTrailingNone(try encodedPayload(), refusal)
    case .transactionDeleted(let e) where e.deleted == nil:
      return try Self.withoutTrailingNone(try encodedPayload(), refusal)
    case .rolloverSet(var e):
      // Version 1 had no month: the one it means is the month it was recorded in.
      e.from = nil
      return try Self.withoutTrailingNone(try LedgerEvent.rolloverSet(e).encodedPayload(), refusal)
    default:
      throw refusal
    }
  }

  /// The schema version an event of a backup that does not say was recorded in, told by its
  /// content: version 2 of an amend, a delete and a rollover always fills the field it added
  /// (the before-image, the month), so without it the event is version 1's. Others: current.
  public var impliedSchemaVersion: UInt16 {
    switch self {
    case .transactionAmended(let e) where e.previous == nil: 1
    case .transactionDeleted(let e) where e.deleted == nil: 1
    case .rolloverSet(let e) where e.from == nil: 1
    default: schemaVersion
    }
  }

  /// A version 2 payload whose only addition, a trailing optional, is absent (one 0 byte),
  /// minus that byte: the version 1 payload of the same event.
  private static func withoutTrailingNone(_ bytes: [UInt8], _ refusal: CodecError) throws(CodecError) -> [UInt8] {
    guard bytes.last == 0 else { throw refusal }
    return Array(bytes.dropLast())
  }
}

extension TransactionAddedV1 {
  /// `added` as version 1 wrote it (it had no tags).
  init(_ added: TransactionAdded) {
    self.init(
      transaction: added.transaction, account: added.account, date: added.date, amount: added.amount, type: added.type,
      category: added.category, splits: added.splits, name: added.name, description: added.description,
      notes: added.notes, period: added.period, importId: added.importId)
  }
}
