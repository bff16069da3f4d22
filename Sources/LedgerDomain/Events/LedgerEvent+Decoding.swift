extension LedgerEvent {
  /// Decodes a stored event, upcasting older schema versions to the current one.
  ///
  /// - Throws: ``CodecError/unknownEvent(type:schemaVersion:)`` for a type or version this
  ///   program does not know (written by a newer program), or a decoding error.
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
    return try decodeWithCodable(type: type, schemaVersion: schemaVersion, payload: payload)
  }

  /// The `Codable` path, which explains what is wrong with bytes the fast path declines.
  private static func decodeWithCodable(
    type: String, schemaVersion: UInt16, payload: some Collection<UInt8>
  ) throws(CodecError) -> LedgerEvent {
    guard let kind = EventKind(typeName: type) else { throw .unknownEvent(type: type, schemaVersion: schemaVersion) }
    return try decode(kind.payloadType, schemaVersion: schemaVersion, bytes: Array(payload))
  }

  private static func decode<P: EventPayload>(
    _ type: P.Type, schemaVersion: UInt16, bytes: [UInt8]
  ) throws(CodecError) -> LedgerEvent {
    try P.decode(schemaVersion: schemaVersion, from: bytes).event
  }

  /// ``decode(type:schemaVersion:payload:)`` from stored bytes in place — the type name as
  /// UTF-8 — so a replay makes no `String` for the type of its most common event.
  ///
  /// With `transactionText` false, a `TransactionAdded` of the current schema comes without
  /// its free text (``TransactionAdded/init(fastDecoding:text:)``), still checked: for a
  /// replay whose readers only add up amounts. Other events are decoded whole.
  public static func decode(
    typeBytes: UnsafeRawBufferPointer, schemaVersion: UInt16, payload: UnsafeRawBufferPointer,
    transactionText: Bool = true
  ) throws(CodecError) -> LedgerEvent {
    if schemaVersion == TransactionAdded.schemaVersion, PayloadReader.equal(typeBytes, "TransactionAdded"),
      let added = TransactionAdded(fastDecoding: payload, text: transactionText)
    {
      return .transactionAdded(added)
    }
    return try decodeWithCodable(
      type: String(decoding: typeBytes, as: UTF8.self), schemaVersion: schemaVersion, payload: payload)
  }

  /// Every type name this program reads, with the newest schema version it reads.
  public static var catalog: [(typeName: String, schemaVersion: UInt16)] {
    EventKind.allCases.map { ($0.rawValue, $0.payloadType.schemaVersion) }
  }
}

extension LedgerEvent {
  /// The event with what its payload's schema version left to the envelope filled in from
  /// it: a version 1 `RolloverSet` applied from the month it was recorded in (UTC), which is
  /// what its `from` says in version 2. The rules' state, the read models and history then
  /// agree on the month.
  public func completed(recordedAt: Int64) -> LedgerEvent {
    guard case .rolloverSet(var setting) = self, setting.from == nil else { return self }
    setting.from = CivilDate.today(utcMilliseconds: recordedAt).yearMonth
    return .rolloverSet(setting)
  }
}
