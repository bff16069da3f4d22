import Bytes

/// Encodes `Encodable` values into a compact, positional binary form for the event log.
///
/// Fields are written in declaration order with no names: integers little-endian, strings and
/// arrays length-prefixed (LEB128), optionals as a presence byte. The stored form therefore
/// depends on field order — which is why every event type carries a schema version and old
/// versions are upcast (see `docs/events.md`). JSON is for the edges only.
public struct BinaryEncoder: Sendable {
  public init() {}

  /// The bytes of `value`.
  public func encode(_ value: some Encodable) throws(CodecError) -> [UInt8] {
    let sink = ByteSink()
    do {
      try value.encode(to: BinaryEncoding(sink: sink))
    } catch let error as CodecError {
      throw error
    } catch {
      throw CodecError.unsupported(String(describing: error))
    }
    return sink.bytes
  }
}

/// Growing output buffer shared by the containers of one encoding.
final class ByteSink {
  var bytes: [UInt8] = []

  init() { bytes.reserveCapacity(128) }

  func writeVarint(_ value: UInt64) { bytes.appendVarint(value) }

  func writeSigned(_ value: Int64) { bytes.appendSignedVarint(value) }

  func writeString(_ value: String) {
    writeVarint(UInt64(value.utf8.count))
    bytes.append(contentsOf: value.utf8)
  }
}

struct BinaryEncoding: Encoder {
  let sink: ByteSink
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(KeyedBinaryEncoding<Key>(sink: sink))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer { UnkeyedBinaryEncoding(sink: sink) }
  func singleValueContainer() -> any SingleValueEncodingContainer { SingleBinaryEncoding(sink: sink) }
}

struct SingleBinaryEncoding: SingleValueEncodingContainer {
  let sink: ByteSink
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil() throws { sink.bytes.append(0) }
  mutating func encode(_ value: Bool) throws { sink.bytes.append(value ? 1 : 0) }
  mutating func encode(_ value: String) throws { sink.writeString(value) }
  mutating func encode(_ value: Double) throws { throw CodecError.unsupported("floating point (money is an integer)") }
  mutating func encode(_ value: Float) throws { throw CodecError.unsupported("floating point (money is an integer)") }
  mutating func encode(_ value: Int) throws { sink.writeSigned(Int64(value)) }
  mutating func encode(_ value: Int8) throws { sink.writeSigned(Int64(value)) }
  mutating func encode(_ value: Int16) throws { sink.writeSigned(Int64(value)) }
  mutating func encode(_ value: Int32) throws { sink.writeSigned(Int64(value)) }
  mutating func encode(_ value: Int64) throws { sink.writeSigned(value) }
  mutating func encode(_ value: UInt) throws { sink.writeVarint(UInt64(value)) }
  mutating func encode(_ value: UInt8) throws { sink.writeVarint(UInt64(value)) }
  mutating func encode(_ value: UInt16) throws { sink.writeVarint(UInt64(value)) }
  mutating func encode(_ value: UInt32) throws { sink.writeVarint(UInt64(value)) }
  mutating func encode(_ value: UInt64) throws { sink.writeVarint(value) }
  mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: BinaryEncoding(sink: sink)) }
}

struct KeyedBinaryEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let sink: ByteSink
  var codingPath: [any CodingKey] { [] }
  private var single: SingleBinaryEncoding { SingleBinaryEncoding(sink: sink) }

  init(sink: ByteSink) { self.sink = sink }

  mutating func encodeNil(forKey key: Key) throws { sink.bytes.append(0) }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try value.encode(to: BinaryEncoding(sink: sink))
  }
  mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
    guard let value else { return sink.bytes.append(0) }
    sink.bytes.append(1)
    try value.encode(to: BinaryEncoding(sink: sink))
  }
  mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
    guard let value else { return sink.bytes.append(0) }
    sink.bytes.append(1)
    sink.writeString(value)
  }
  // Every optional behind the presence byte the decoder reads: the protocol's defaults for
  // these write nothing for nil and no presence byte otherwise.
  mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value) }
  mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value) }
  mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try present(value) }
  mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try present(value) }
  mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try present(value) }
  mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try present(value) }
  mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try present(value) }
  mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try present(value) }
  mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try present(value) }
  mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try present(value) }
  mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try present(value) }
  mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try present(value) }
  mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value) }

  private func present<T: Encodable>(_ value: T?) throws {
    guard let value else { return sink.bytes.append(0) }
    sink.bytes.append(1)
    try value.encode(to: BinaryEncoding(sink: sink))
  }
  mutating func encode(_ value: String, forKey key: Key) throws { sink.writeString(value) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { sink.bytes.append(value ? 1 : 0) }
  mutating func encode(_ value: Int, forKey key: Key) throws { sink.writeSigned(Int64(value)) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { sink.writeSigned(value) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { sink.writeVarint(value) }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  )
    -> KeyedEncodingContainer<NestedKey>
  {
    KeyedEncodingContainer(KeyedBinaryEncoding<NestedKey>(sink: sink))
  }
  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    UnkeyedBinaryEncoding(sink: sink)
  }
  mutating func superEncoder() -> any Encoder { BinaryEncoding(sink: sink) }
  mutating func superEncoder(forKey key: Key) -> any Encoder { BinaryEncoding(sink: sink) }
}

/// Arrays: the element count is not known up front, so elements go to a side buffer and are
/// written, count first, when the container is released.
final class UnkeyedBinaryEncoding: UnkeyedEncodingContainer {
  private let parent: ByteSink
  private let sink = ByteSink()
  private(set) var count = 0
  var codingPath: [any CodingKey] { [] }

  init(sink: ByteSink) { parent = sink }

  deinit {
    parent.writeVarint(UInt64(count))
    parent.bytes.append(contentsOf: sink.bytes)
  }

  func encodeNil() throws {
    count += 1
    sink.bytes.append(0)
  }
  func encode<T: Encodable>(_ value: T) throws {
    count += 1
    try value.encode(to: BinaryEncoding(sink: sink))
  }
  func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
    count += 1
    return KeyedEncodingContainer(KeyedBinaryEncoding<NestedKey>(sink: sink))
  }
  func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    count += 1
    return UnkeyedBinaryEncoding(sink: sink)
  }
  func superEncoder() -> any Encoder { BinaryEncoding(sink: sink) }
}
