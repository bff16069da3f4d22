/// A payload whose schema version 2 only added one optional field after all the others.
///
/// The binary codec writes an absent optional as a single 0 byte, so a version 1 payload is
/// the version 2 payload of the same event with that field absent, minus its last byte: it
/// is read as such, and a version 2 event without the field is written back as such.
public protocol TrailingOptionalUpcast: EventPayload {
  /// Whether the field version 2 added is absent: what version 1 could hold.
  var addedFieldIsAbsent: Bool { get }
  /// The payload as version 1 would have held it (the added field removed).
  var asVersion1: Self { get }
}

extension TrailingOptionalUpcast {
  public var asVersion1: Self { self }

  public static func decode(schemaVersion: UInt16, from bytes: [UInt8]) throws(CodecError) -> Self {
    switch schemaVersion {
    case 1: try BinaryDecoder().decode(Self.self, from: bytes + [0])
    case Self.schemaVersion: try BinaryDecoder().decode(Self.self, from: bytes)
    default: throw .unknownEvent(type: typeName, schemaVersion: schemaVersion)
    }
  }

  public func encodedPayload(schemaVersion: UInt16) throws(CodecError) -> [UInt8] {
    let refusal = CodecError.unknownEvent(type: Self.typeName, schemaVersion: schemaVersion)
    switch schemaVersion {
    case Self.schemaVersion: return try BinaryEncoder().encode(self)
    case 1:
      let old = asVersion1
      guard old.addedFieldIsAbsent else { throw refusal }
      let bytes = try BinaryEncoder().encode(old)
      guard bytes.last == 0 else { throw refusal }
      return Array(bytes.dropLast())
    default: throw refusal
    }
  }

  public var impliedSchemaVersion: UInt16 { addedFieldIsAbsent ? 1 : Self.schemaVersion }
}

extension TransactionAmended: TrailingOptionalUpcast {
  /// Version 2 added the before-image, ``previous``.
  public var addedFieldIsAbsent: Bool { previous == nil }
}

extension TransactionDeleted: TrailingOptionalUpcast {
  /// Version 2 added the before-image, ``deleted``.
  public var addedFieldIsAbsent: Bool { deleted == nil }
}

extension RolloverSet: TrailingOptionalUpcast {
  /// Version 2 added the month, ``from``.
  public var addedFieldIsAbsent: Bool { from == nil }
  /// Version 1 had no month: the one it means is the month it was recorded in.
  public var asVersion1: RolloverSet {
    var old = self
    old.from = nil
    return old
  }
}
