import LedgerDomain

extension TransactionAdded {
  /// Decodes the current schema version from `payload` with ``PayloadReader``; `nil` if the
  /// bytes are anything but well-formed (``BinaryDecoder`` then explains what is wrong).
  ///
  /// Field order is the declaration order the `Codable` conformance writes.
  ///
  /// Without `text`, the free text — name, description, notes, import id, tags and split
  /// memos — is checked but not made: the name comes back empty and the rest `nil` or empty.
  /// Read models that only add up amounts are rebuilt from such events (their rebuild hints
  /// say so), which spares a replay a `String` or more per transaction.
  package init?(fastDecoding payload: UnsafeRawBufferPointer, text: Bool = true) {
    var reader = PayloadReader(payload)
    guard let transaction = reader.id(), let account = reader.id(), let date = reader.date(),
      let amount = reader.money(),
      let type = reader.transactionType(), let category = reader.optionalID(), let splitCount = reader.varint(),
      splitCount <= UInt64(payload.count)
    else { return nil }
    var splits: [Split] = []
    if splitCount > 0 {
      splits.reserveCapacity(Int(splitCount))
      for _ in 0..<splitCount {
        guard let category = reader.id(), let amount = reader.money(), let memo = reader.optionalString(keeping: text)
        else { return nil }
        splits.append(Split(category: CategoryID(raw: category), amount: amount, memo: memo))
      }
    }
    guard let name = reader.string(keeping: text), let description = reader.optionalString(keeping: text),
      let notes = reader.optionalString(keeping: text), let period = reader.optionalID(),
      let importId = reader.optionalString(keeping: text), let tagCount = reader.varint(),
      tagCount <= UInt64(payload.count)
    else { return nil }
    var tags: [String] = []
    if tagCount > 0, text { tags.reserveCapacity(Int(tagCount)) }
    for _ in 0..<tagCount {
      guard let tag = reader.string(keeping: text) else { return nil }
      if text { tags.append(tag) }
    }
    guard reader.isAtEnd else { return nil }
    self.init(
      transaction: TransactionID(raw: transaction), account: AccountID(raw: account), date: date, amount: amount,
      type: type,
      category: category.map(CategoryID.init(raw:)), splits: splits, name: name, description: description, notes: notes,
      period: period.map(PeriodID.init(raw:)), importId: importId, tags: tags)
  }
}
