/// Stored events as they travel from a hub to a replica: each event's stored bytes
/// (canonical bytes and chain hash, exactly as the hub's log holds them) behind a 4-byte
/// little-endian length.
///
/// ```
/// repeated:  u32 length L (little-endian) ‖ L stored bytes
/// ```
///
/// The replica recomputes every chain link from its own head and writes the same bytes, so
/// after a pull its log is a byte-identical prefix of the hub's.
public struct ReplicaFrames: Sendable, Hashable {
  /// The frames, back to back.
  public var bytes: [UInt8]
  /// How many events they hold.
  public var count: Int
  /// The position of the last event they hold; the position they follow if there are none.
  public var lastPosition: UInt64

  public init(bytes: [UInt8], count: Int, lastPosition: UInt64) {
    self.bytes = bytes
    self.count = count
    self.lastPosition = lastPosition
  }

  /// The size of a frame's length prefix.
  public static let prefixSize = 4

  /// Calls `body` with each frame's stored bytes, in order; a length that runs past the end is
  /// reported as a refusal at the position the frame would have held.
  public static func forEach(
    in bytes: UnsafeRawBufferPointer, after position: UInt64,
    _ body: (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    var offset = 0
    var expected = position + 1
    while offset < bytes.count {
      guard offset + prefixSize <= bytes.count else {
        throw ReplicationRefusal(position: expected, reason: .truncated("a frame's length is cut off"))
      }
      let length = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
      offset += prefixSize
      guard length <= bytes.count - offset else {
        throw ReplicationRefusal(
          position: expected,
          reason: .truncated("the frame says \(length) bytes, \(bytes.count - offset) arrived"))
      }
      try body(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]))
      offset += length
      expected += 1
    }
  }
}
