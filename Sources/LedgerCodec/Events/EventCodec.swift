import LedgerDomain

/// The log's event payloads, read and written by the fastest path there is for each type.
///
/// The stored form is declared in `LedgerDomain`: each payload's `Codable` conformance,
/// written by `BinaryEncoder` (``LedgerDomain/LedgerEvent/encodedPayload()``, and
/// ``LedgerDomain/LedgerEvent/decode(type:schemaVersion:payload:)`` to read it). Replays,
/// rebuilds and appends go through here instead: the commonest events — added transactions,
/// and the deletions and restorations an undo records by the thousand — are read and written
/// directly (``PayloadReader``, ``PayloadWriter``), to and from the same bytes, and every
/// other event, or bytes the direct path declines, take the canonical path, which explains
/// what is wrong. Tests check that both paths agree.
public enum EventCodec {
  /// Decodes a stored event, upcasting older schema versions to the current one, as
  /// ``LedgerDomain/LedgerEvent/decode(type:schemaVersion:payload:)`` does.
  ///
  /// - Throws: ``LedgerDomain/CodecError/unknownEvent(type:schemaVersion:)`` for a type or
  ///   version this program does not know (written by a newer program), or a decoding error.
  public static func decode(
    type: String, schemaVersion: UInt16, payload: some Collection<UInt8>
  ) throws(CodecError) -> LedgerEvent {
    if type == TransactionAdded.typeName, schemaVersion == TransactionAdded.schemaVersion,
      let fast = payload.withContiguousStorageIfAvailable({ TransactionAdded(fastDecoding: UnsafeRawBufferPointer($0)) }
      ),
      let added = fast
    {
      return .transactionAdded(added)
    }
    return try LedgerEvent.decode(type: type, schemaVersion: schemaVersion, payload: payload)
  }

  /// ``decode(type:schemaVersion:payload:)`` from stored bytes in place — the type name as
  /// UTF-8 — so a replay makes no `String` for the type of its most common event.
  ///
  /// With `transactionText` false, a `TransactionAdded` of the current schema comes without
  /// its free text (``LedgerDomain/TransactionAdded/init(fastDecoding:text:)``), still
  /// checked: for a replay whose readers only add up amounts. Other events are decoded whole.
  public static func decode(
    typeBytes: UnsafeRawBufferPointer, schemaVersion: UInt16, payload: UnsafeRawBufferPointer,
    transactionText: Bool = true
  ) throws(CodecError) -> LedgerEvent {
    if schemaVersion == TransactionAdded.schemaVersion, PayloadReader.equal(typeBytes, "TransactionAdded"),
      let added = TransactionAdded(fastDecoding: payload, text: transactionText)
    {
      return .transactionAdded(added)
    }
    return try LedgerEvent.decode(typeBytes: typeBytes, schemaVersion: schemaVersion, payload: payload)
  }

  /// The payload of `event` in the log's binary form: the bytes of
  /// ``LedgerDomain/LedgerEvent/encodedPayload()``. Transactions — most of the log — and their
  /// deletions and restorations are written without `Codable`
  /// (``LedgerDomain/TransactionAdded/fastEncoded()``).
  public static func payload(of event: LedgerEvent) throws(CodecError) -> [UInt8] {
    let fast: [UInt8]?
    switch event {
    case .transactionAdded(let added): fast = added.fastEncoded()
    case .transactionDeleted(let deleted): fast = deleted.fastEncoded()
    case .transactionRestored(let restored): fast = restored.fastEncoded()
    default: fast = nil
    }
    if let fast { return fast }
    return try event.encodedPayload()
  }

  /// The payload of `event` as `schemaVersion` of its type wrote it: ``payload(of:)`` for the
  /// current version, ``LedgerDomain/LedgerEvent/encodedPayload(schemaVersion:)`` for an
  /// earlier one (a restored backup's event).
  public static func payload(of event: LedgerEvent, schemaVersion: UInt16) throws(CodecError) -> [UInt8] {
    guard schemaVersion != event.schemaVersion else { return try payload(of: event) }
    return try event.encodedPayload(schemaVersion: schemaVersion)
  }
}
