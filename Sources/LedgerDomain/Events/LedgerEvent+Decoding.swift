extension LedgerEvent {
  /// Decodes a stored event, upcasting older schema versions to the current one.
  ///
  /// This is the canonical path, through each payload's `Codable` conformance and
  /// ``BinaryDecoder``: it reads every event and explains what is wrong with bytes it cannot
  /// read. The log's hot paths decode with `EventCodec` (in `LedgerCodec`), which reads the
  /// same bytes to the same events, faster for the commonest types.
  ///
  /// - Throws: ``CodecError/unknownEvent(type:schemaVersion:)`` for a type or version this
  ///   program does not know (written by a newer program), or a decoding error.
  public static func decode(
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

  /// ``decode(type:schemaVersion:payload:)`` from stored bytes in place, the type name as
  /// UTF-8.
  public static func decode(
    typeBytes: UnsafeRawBufferPointer, schemaVersion: UInt16, payload: UnsafeRawBufferPointer
  ) throws(CodecError) -> LedgerEvent {
    try decode(type: String(decoding: typeBytes, as: UTF8.self), schemaVersion: schemaVersion, payload: payload)
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
