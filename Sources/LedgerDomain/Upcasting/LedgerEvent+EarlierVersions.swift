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
    return try visit(EarlierEncoding(schemaVersion: schemaVersion))
  }

  /// The schema version an event of a backup that does not say was recorded in, told by its
  /// content: version 2 of an amend, a delete and a rollover always fills the field it added
  /// (the before-image, the month), so without it the event is version 1's. Others: current.
  public var impliedSchemaVersion: UInt16 { visit(ImpliedVersion()) }

  private struct EarlierEncoding: EventPayloadVisitor {
    let schemaVersion: UInt16
    func visit<P: EventPayload>(_ payload: P) throws(CodecError) -> [UInt8] {
      try payload.encodedPayload(schemaVersion: schemaVersion)
    }
  }

  private struct ImpliedVersion: EventPayloadVisitor {
    func visit<P: EventPayload>(_ payload: P) -> UInt16 { payload.impliedSchemaVersion }
  }
}
