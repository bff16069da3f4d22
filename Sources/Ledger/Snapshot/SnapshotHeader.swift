import EventLog
import LedgerCodec
import LedgerDomain

/// The fixed part of a stored snapshot of the rules' state: what it is, which log position
/// (and chain hash) it reflects, how many ids its index of short ids holds, and a checksum.
///
/// Layout (big-endian): magic `BLSS` · format version (2) · state version (2) · position (8) ·
/// chain hash (32) · ids in the index of short ids (8) · stamp (8) · payload length (4) · SHA-256 of
/// everything before it and of the payload (32) · payload.
struct SnapshotHeader: Sendable, Hashable {
  static let magic: [UInt8] = Array("BLSS".utf8)
  /// The layout's own version (this struct); the payload's is ``LedgerState/snapshotVersion``.
  static let formatVersion: UInt16 = 1
  static let size = 4 + 2 + 2 + 8 + 32 + 8 + 8 + 4 + 32

  var stateVersion: UInt16
  var position: UInt64
  var hash: ChainHash
  var rows: UInt64
  /// Drawn afresh each time the snapshot is stored: tells one stored snapshot from another at
  /// the same position (one whose transaction was rolled back, say).
  var stamp: UInt64

  /// The stored bytes of this header and `payload`.
  func encoded(payload: [UInt8]) -> [UInt8] {
    var bytes = Self.magic
    bytes.reserveCapacity(Self.size + payload.count)
    Self.append(UInt64(Self.formatVersion), width: 2, to: &bytes)
    Self.append(UInt64(stateVersion), width: 2, to: &bytes)
    Self.append(position, width: 8, to: &bytes)
    bytes += hash.bytes
    Self.append(rows, width: 8, to: &bytes)
    Self.append(stamp, width: 8, to: &bytes)
    Self.append(UInt64(payload.count), width: 4, to: &bytes)
    bytes += Self.checksum(fields: bytes, payload: payload).bytes
    bytes += payload
    return bytes
  }

  /// Why stored bytes are not a snapshot this program can trust.
  enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
    case notASnapshot
    case otherFormat(UInt16)
    case otherStateVersion(UInt16)
    case checksumMismatch

    var description: String {
      switch self {
      case .notASnapshot: "the stored bytes are not a snapshot"
      case .otherFormat(let version):
        "the snapshot's layout is version \(version), this program writes \(SnapshotHeader.formatVersion)"
      case .otherStateVersion(let version):
        "the snapshot holds state version \(version), this program's is \(LedgerState.snapshotVersion)"
      case .checksumMismatch: "the snapshot's checksum does not match its bytes"
      }
    }
  }

  /// The header and payload of `bytes`, checked: magic, versions and checksum.
  static func decode(_ bytes: UnsafeRawBufferPointer) -> Result<(SnapshotHeader, [UInt8]), Problem> {
    guard bytes.count >= size, Array(bytes[0..<4]) == magic else { return .failure(.notASnapshot) }
    let format = UInt16(read(bytes, at: 4, width: 2))
    guard format == formatVersion else { return .failure(.otherFormat(format)) }
    let state = UInt16(read(bytes, at: 6, width: 2))
    let position = read(bytes, at: 8, width: 8)
    let hash = ChainHash(bytes: UnsafeRawBufferPointer(rebasing: bytes[16..<48]))
    let rows = read(bytes, at: 48, width: 8)
    let stamp = read(bytes, at: 56, width: 8)
    let length = Int(read(bytes, at: 64, width: 4))
    guard bytes.count == size + length else { return .failure(.checksumMismatch) }
    let payload = Array(bytes[size...])
    let stored = ChainHash(bytes: UnsafeRawBufferPointer(rebasing: bytes[68..<100]))
    guard checksum(fields: Array(bytes[0..<68]), payload: payload) == stored else { return .failure(.checksumMismatch) }
    guard state == LedgerState.snapshotVersion else { return .failure(.otherStateVersion(state)) }
    return .success(
      (SnapshotHeader(stateVersion: state, position: position, hash: hash, rows: rows, stamp: stamp), payload))
  }

  /// The stamp of stored bytes, unchecked (the writer's quick look before each transaction).
  static func stamp(of bytes: UnsafeRawBufferPointer) -> UInt64? { quickLook(bytes, at: 56) }

  /// The position of stored bytes, unchecked (where the index of tails stands, for a lookup).
  static func position(of bytes: UnsafeRawBufferPointer) -> UInt64? { quickLook(bytes, at: 8) }

  /// The 8-byte field at `offset` of bytes in this layout, nothing else checked or copied.
  private static func quickLook(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64? {
    guard bytes.count >= size, bytes[0..<4].elementsEqual(magic), read(bytes, at: 4, width: 2) == UInt64(formatVersion)
    else {
      return nil
    }
    return read(bytes, at: offset, width: 8)
  }

  private static func checksum(fields: [UInt8], payload: [UInt8]) -> ChainHash {
    ChainHash.sha256(fields + payload)
  }

  private static func append(_ value: UInt64, width: Int, to bytes: inout [UInt8]) {
    for shift in stride(from: (width - 1) * 8, through: 0, by: -8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }

  private static func read(_ bytes: UnsafeRawBufferPointer, at offset: Int, width: Int) -> UInt64 {
    bytes[offset..<offset + width].reduce(0) { $0 << 8 | UInt64($1) }
  }
}
