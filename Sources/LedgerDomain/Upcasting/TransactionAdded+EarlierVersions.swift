extension TransactionAdded {
  /// Version 1 (``TransactionAddedV1``) had no tags: it is read with none.
  public static func decode(schemaVersion: UInt16, from bytes: [UInt8]) throws(CodecError) -> TransactionAdded {
    switch schemaVersion {
    case 1: try BinaryDecoder().decode(TransactionAddedV1.self, from: bytes).upcast()
    case Self.schemaVersion: try BinaryDecoder().decode(TransactionAdded.self, from: bytes)
    default: throw .unknownEvent(type: typeName, schemaVersion: schemaVersion)
    }
  }

  /// Version 1 is written for a transaction without tags; one with tags is refused.
  public func encodedPayload(schemaVersion: UInt16) throws(CodecError) -> [UInt8] {
    switch schemaVersion {
    case 1 where tags.isEmpty: try BinaryEncoder().encode(TransactionAddedV1(self))
    case Self.schemaVersion: try BinaryEncoder().encode(self)
    default: throw .unknownEvent(type: Self.typeName, schemaVersion: schemaVersion)
    }
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
