import LedgerDomain

extension TransactionAdded {
  /// The ``BinaryEncoder`` bytes of this transaction, written by ``PayloadWriter``; `nil` for
  /// the rare value it leaves to `Codable` (a year outside 0–9999).
  ///
  /// Field order is the declaration order the `Codable` conformance writes (and
  /// ``init(fastDecoding:)`` reads).
  package func fastEncoded() -> [UInt8]? {
    var writer = PayloadWriter(capacity: 160 + name.utf8.count)
    guard write(to: &writer) else { return nil }
    return writer.bytes
  }

  /// Appends the ``BinaryEncoder`` bytes of this transaction to `writer`: what
  /// ``fastEncoded()`` returns, for the events that carry a transaction whole (a deletion's
  /// before-image, a restoration). `false`, with part of it written, for a value left to
  /// `Codable`: the caller then encodes the whole event with it.
  func write(to writer: inout PayloadWriter) -> Bool {
    writer.id(transaction.raw)
    writer.id(account.raw)
    guard writer.date(date) else { return false }
    writer.money(amount)
    writer.transactionType(type)
    writer.optionalID(category?.raw)
    writer.varint(UInt64(splits.count))
    for split in splits {
      writer.id(split.category.raw)
      writer.money(split.amount)
      writer.optionalString(split.memo)
    }
    writer.string(name)
    writer.optionalString(description)
    writer.optionalString(notes)
    writer.optionalID(period?.raw)
    writer.optionalString(importId)
    writer.varint(UInt64(tags.count))
    for tag in tags { writer.string(tag) }
    return true
  }
}
