import Bytes

/// Decodes values written by ``BinaryEncoder``.
///
/// Every read is bounds-checked: truncated or corrupt bytes throw ``CodecError``, never crash.
public struct BinaryDecoder: Sendable {
  public init() {}

  /// Decodes a `T` from `bytes`, which must be consumed exactly.
  public func decode<T: Decodable>(_ type: T.Type, from bytes: some Collection<UInt8>) throws(CodecError) -> T {
    let source = ByteSource(Array(bytes))
    do {
      let value = try T(from: BinaryDecoding(source: source))
      guard source.offset == source.bytes.count else {
        throw CodecError.trailingBytes(source.bytes.count - source.offset)
      }
      return value
    } catch let error as CodecError {
      throw error
    } catch {
      throw CodecError.unsupported(String(describing: error))
    }
  }
}

/// The input and read offset shared by the containers of one decoding.
final class ByteSource {
  let bytes: [UInt8]
  var offset = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  func readByte() throws(CodecError) -> UInt8 {
    guard offset < bytes.count else { throw CodecError.truncated }
    defer { offset += 1 }
    return bytes[offset]
  }

  func readVarint() throws(CodecError) -> UInt64 {
    var result: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let byte = try readByte()
      guard shift < 64 else { throw CodecError.malformed("integer longer than 64 bits") }
      result |= UInt64(byte & 0x7F) << shift
      if byte & 0x80 == 0 { return result }
      shift += 7
    }
  }

  func readSigned() throws(CodecError) -> Int64 {
    let raw = try readVarint()
    return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
  }

  func readCount() throws(CodecError) -> Int {
    let count = try readVarint()
    guard count <= UInt64(bytes.count - offset) else { throw CodecError.truncated }
    return Int(count)
  }

  func readString() throws(CodecError) -> String {
    let count = try readCount()
    defer { offset += count }
    guard let text = String(validating: bytes[offset..<offset + count], as: UTF8.self) else {
      throw CodecError.malformed("text is not valid UTF-8")
    }
    return text
  }

  func readBool() throws(CodecError) -> Bool {
    switch try readByte() {
    case 0: false
    case 1: true
    case let other: throw CodecError.malformed("\(other) is not a boolean")
    }
  }

  func readInteger<T: FixedWidthInteger>(_ type: T.Type) throws(CodecError) -> T {
    if T.isSigned {
      let value = try readSigned()
      guard let exact = T(exactly: value) else { throw CodecError.malformed("\(value) does not fit \(T.self)") }
      return exact
    }
    let value = try readVarint()
    guard let exact = T(exactly: value) else { throw CodecError.malformed("\(value) does not fit \(T.self)") }
    return exact
  }
}

struct BinaryDecoding: Decoder {
  let source: ByteSource
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(KeyedBinaryDecoding<Key>(source: source))
  }
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try UnkeyedBinaryDecoding(source: source)
  }
  func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleBinaryDecoding(source: source) }
}

struct SingleBinaryDecoding: SingleValueDecodingContainer {
  let source: ByteSource
  var codingPath: [any CodingKey] { [] }

  func decodeNil() -> Bool { false }
  func decode(_ type: Bool.Type) throws -> Bool { try source.readBool() }
  func decode(_ type: String.Type) throws -> String { try source.readString() }
  func decode(_ type: Double.Type) throws -> Double { throw CodecError.unsupported("floating point") }
  func decode(_ type: Float.Type) throws -> Float { throw CodecError.unsupported("floating point") }
  func decode(_ type: Int.Type) throws -> Int { try source.readInteger(Int.self) }
  func decode(_ type: Int8.Type) throws -> Int8 { try source.readInteger(Int8.self) }
  func decode(_ type: Int16.Type) throws -> Int16 { try source.readInteger(Int16.self) }
  func decode(_ type: Int32.Type) throws -> Int32 { try source.readInteger(Int32.self) }
  func decode(_ type: Int64.Type) throws -> Int64 { try source.readInteger(Int64.self) }
  func decode(_ type: UInt.Type) throws -> UInt { try source.readInteger(UInt.self) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try source.readInteger(UInt8.self) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try source.readInteger(UInt16.self) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try source.readInteger(UInt32.self) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try source.readInteger(UInt64.self) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: BinaryDecoding(source: source)) }
}

struct KeyedBinaryDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let source: ByteSource
  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] { [] }
  private var single: SingleBinaryDecoding { SingleBinaryDecoding(source: source) }

  func contains(_ key: Key) -> Bool { true }
  func decodeNil(forKey key: Key) throws -> Bool { try !source.readBool() }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try source.readBool() }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try source.readString() }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try source.readInteger(Int.self) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try source.readInteger(Int64.self) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try source.readInteger(UInt64.self) }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try single.decode(type) }
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try source.readBool() ? try single.decode(type) : nil
  }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try source.readBool() ? try source.readString() : nil
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    KeyedDecodingContainer(KeyedBinaryDecoding<NestedKey>(source: source))
  }
  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try UnkeyedBinaryDecoding(source: source)
  }
  func superDecoder() throws -> any Decoder { BinaryDecoding(source: source) }
  func superDecoder(forKey key: Key) throws -> any Decoder { BinaryDecoding(source: source) }
}

struct UnkeyedBinaryDecoding: UnkeyedDecodingContainer {
  let source: ByteSource
  let count: Int?
  private(set) var currentIndex = 0
  var codingPath: [any CodingKey] { [] }
  var isAtEnd: Bool { currentIndex >= count! }

  init(source: ByteSource) throws {
    self.source = source
    self.count = try source.readCount()
  }

  mutating func decodeNil() throws -> Bool { false }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    guard !isAtEnd else { throw CodecError.truncated }
    currentIndex += 1
    return try T(from: BinaryDecoding(source: source))
  }
  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    currentIndex += 1
    return KeyedDecodingContainer(KeyedBinaryDecoding<NestedKey>(source: source))
  }
  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    currentIndex += 1
    return try UnkeyedBinaryDecoding(source: source)
  }
  mutating func superDecoder() throws -> any Decoder { BinaryDecoding(source: source) }
}
