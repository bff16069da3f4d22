import CSHA256

/// A SHA-256 link of the hash chain: `hash(n) = SHA-256(hash(n-1) ‖ canonical bytes of n)`.
///
/// Any change to a stored event, or any deleted or reordered event, changes every later link,
/// which is what makes the log tamper-evident.
public struct ChainHash: Sendable, Hashable, CustomStringConvertible {
  @usableFromInline package var words: (UInt64, UInt64, UInt64, UInt64)

  /// The link before the first event: 32 zero bytes.
  public static let genesis = ChainHash(words: (0, 0, 0, 0))

  /// The number of bytes in a hash.
  public static let byteCount = 32

  @usableFromInline package init(words: (UInt64, UInt64, UInt64, UInt64)) { self.words = words }

  /// Reads a hash from the first 32 bytes of `bytes`.
  @inlinable
  public init(bytes: UnsafeRawBufferPointer) {
    precondition(bytes.count >= Self.byteCount)
    words = (
      bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
      bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
      bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self),
      bytes.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
    )
  }

  /// The link that follows `self` for an event whose canonical bytes are `record`.
  ///
  /// SHA-256 runs in the `CSHA256` C target on a stack context (SHA-NI when the CPU has it):
  /// no allocation per link, which matters on the writer's critical path and in `verify`
  /// (inlinable, as it was when the log and the hash shared a module).
  @inlinable
  public func next(record: UnsafeRawBufferPointer) -> ChainHash {
    var previous = words
    var digest: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    withUnsafeBytes(of: &previous) { previous in
      withUnsafeMutableBytes(of: &digest) { digest in
        csha256_chain(
          previous.baseAddress!.assumingMemoryBound(to: UInt8.self), record.baseAddress, record.count,
          digest.baseAddress!.assumingMemoryBound(to: UInt8.self))
      }
    }
    return ChainHash(words: digest)
  }

  /// The SHA-256 of `bytes`, as a hash value — a fingerprint of something a caller wants to
  /// recognise later (an idempotent request's content).
  public static func sha256(_ bytes: [UInt8]) -> ChainHash {
    var context = csha256_ctx()
    csha256_init(&context)
    bytes.withUnsafeBytes { csha256_update(&context, $0.baseAddress, $0.count) }
    var digest: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    withUnsafeMutableBytes(of: &digest) { csha256_final(&context, $0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
    return ChainHash(words: digest)
  }

  /// Parses 64 hexadecimal digits (``hex``); `nil` for anything else.
  public init?(hex: String) {
    let digits = Array(hex.utf8)
    guard digits.count == 64 else { return nil }
    var bytes = [UInt8](repeating: 0, count: 32)
    for index in 0..<32 {
      guard let high = Self.nibble(digits[2 * index]), let low = Self.nibble(digits[2 * index + 1]) else { return nil }
      bytes[index] = high << 4 | low
    }
    self = bytes.withUnsafeBytes { ChainHash(bytes: $0) }
  }

  private static func nibble(_ digit: UInt8) -> UInt8? {
    switch digit {
    case 0x30...0x39: digit - 0x30
    case 0x61...0x66: digit - 0x61 + 10
    case 0x41...0x46: digit - 0x41 + 10
    default: nil
    }
  }

  /// Copies the 32 bytes to `destination`.
  @inlinable
  public func write(to destination: UnsafeMutableRawPointer) {
    withUnsafeBytes(of: words) { destination.copyMemory(from: $0.baseAddress!, byteCount: Self.byteCount) }
  }

  /// The 32 bytes of the hash.
  public var bytes: [UInt8] { withUnsafeBytes(of: words) { Array($0) } }

  /// Lower-case hexadecimal, 64 characters.
  public var hex: String {
    let digits = Array("0123456789abcdef".utf8)
    var out = [UInt8]()
    out.reserveCapacity(64)
    for byte in bytes {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0xF)])
    }
    return String(decoding: out, as: UTF8.self)
  }

  public var description: String { hex }

  @inlinable
  public static func == (lhs: ChainHash, rhs: ChainHash) -> Bool {
    lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
      && lhs.words.3 == rhs.words.3
  }

  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(words.0)
    hasher.combine(words.1)
    hasher.combine(words.2)
    hasher.combine(words.3)
  }
}
