import Foundation
import LedgerDomain

/// Events as JSON, for backups: each payload in its Codable JSON form, tagged with its type
/// name (the registry's ``EventKind``).
enum EventJSON {
  static func encode(_ event: LedgerEvent, with encoder: JSONEncoder) throws -> Data {
    try encoder.encode(event.payload)
  }

  /// The event of `type` whose payload is `data`.
  static func decode(type: String, from data: Data) throws -> LedgerEvent {
    try decode(type: type, from: DataPayload(data: data, decoder: JSONDecoder()))
  }

  /// The event of `type` whose payload is the value of `key` in `container` — for a file of
  /// many events decoded in one pass.
  static func decode<Key: CodingKey>(
    type: String, from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> LedgerEvent {
    try decode(type: type, from: ContainerPayload(container: container, key: key))
  }

  /// Where a payload is decoded from.
  private protocol PayloadSource {
    func payload<P: EventPayload>(_ kind: P.Type) throws -> P
  }

  private struct DataPayload: PayloadSource {
    let data: Data
    let decoder: JSONDecoder
    func payload<P: EventPayload>(_ kind: P.Type) throws -> P { try decoder.decode(P.self, from: data) }
  }

  private struct ContainerPayload<Key: CodingKey>: PayloadSource {
    let container: KeyedDecodingContainer<Key>
    let key: Key
    func payload<P: EventPayload>(_ kind: P.Type) throws -> P { try container.decode(P.self, forKey: key) }
  }

  private static func decode(type: String, from source: some PayloadSource) throws -> LedgerEvent {
    guard let kind = EventKind(typeName: type) else { throw CodecError.unknownEvent(type: type, schemaVersion: 0) }
    func event<P: EventPayload>(_ type: P.Type) throws -> LedgerEvent { try source.payload(P.self).event }
    return try event(kind.payloadType)
  }
}
