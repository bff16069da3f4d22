import EventLog
import Ledger

/// Stored events as a hub sends them (``ReplicaFrames``), cut apart so that a test can drop,
/// repeat or alter one and put them back together: what a faulty or hostile hub would send.
///
/// Offsets are those of the stored envelope (`EnvelopeLayout` in EventLog): position at 4,
/// stream version at 12, recorded-at at 20, the payload length at 32, the payload last in the
/// canonical bytes, and the 32-byte chain hash after them.
struct FrameEditing {
  /// Each event's stored bytes, in order.
  var events: [[UInt8]]

  static let positionOffset = 4
  static let streamVersionOffset = 12
  static let recordedAtOffset = 20
  static let payloadLengthOffset = 32
  static let hashSize = 32

  /// Splits `frames` (length-prefixed stored events) into events.
  init(_ frames: [UInt8]) {
    var events: [[UInt8]] = []
    var offset = 0
    while offset + 4 <= frames.count {
      let length = frames[offset..<offset + 4].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
      offset += 4
      events.append(Array(frames[offset..<offset + length]))
      offset += length
    }
    self.events = events
  }

  init(events: [[UInt8]]) { self.events = events }

  /// The events back to back, each behind its 4-byte little-endian length.
  var bytes: [UInt8] {
    events.flatMap { event in
      withUnsafeBytes(of: UInt32(event.count).littleEndian) { Array($0) } + event
    }
  }

  /// The little-endian 64-bit field at `offset` of event `index`.
  func field(_ index: Int, at offset: Int) -> UInt64 {
    events[index][offset..<offset + 8].enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * $1.offset) }
  }

  /// Sets the little-endian 64-bit field at `offset` of event `index`.
  mutating func setField(_ index: Int, at offset: Int, to value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { bytes in
      for (i, byte) in bytes.enumerated() { events[index][offset + i] = byte }
    }
  }

  /// The range of event `index`'s payload in its stored bytes.
  func payloadRange(_ index: Int) -> Range<Int> {
    let event = events[index]
    let length = event[Self.payloadLengthOffset..<Self.payloadLengthOffset + 4].enumerated().reduce(0) {
      $0 | Int($1.element) << (8 * $1.offset)
    }
    let end = event.count - Self.hashSize
    return end - length..<end
  }

  /// The chain hash event `index` carries.
  func hash(_ index: Int) -> ChainHash {
    events[index].suffix(Self.hashSize).withUnsafeBytes { ChainHash(bytes: $0) }
  }

  /// Recomputes every event's chain hash from `previous` (the hash the events follow): so an
  /// edited field is refused for what it says, not for a broken link.
  mutating func rechain(from previous: ChainHash) {
    var link = previous
    for index in events.indices {
      let canonical = events[index].dropLast(Self.hashSize)
      link = Array(canonical).withUnsafeBytes { link.next(record: $0) }
      events[index].replaceSubrange(events[index].count - Self.hashSize..<events[index].count, with: link.bytes)
    }
  }
}
