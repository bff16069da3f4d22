import LMDB

/// Per projector: the code version its tables were built with, their generation, and the
/// last log position folded into them (its checkpoint). Stored in the `projections` table,
/// updated in the same transaction as the rows.
public struct CatalogEntry: Sendable, Hashable {
  public var version: Int
  public var generation: Int
  public var checkpoint: UInt64

  var encoded: [UInt8] {
    var bytes: [UInt8] = []
    withUnsafeBytes(of: UInt32(version).littleEndian) { bytes.append(contentsOf: $0) }
    withUnsafeBytes(of: UInt32(generation).littleEndian) { bytes.append(contentsOf: $0) }
    withUnsafeBytes(of: checkpoint.littleEndian) { bytes.append(contentsOf: $0) }
    return bytes
  }

  init(version: Int, generation: Int, checkpoint: UInt64) {
    self.version = version
    self.generation = generation
    self.checkpoint = checkpoint
  }

  init?(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count == 16 else { return nil }
    version = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt32.self)))
    generation = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
    checkpoint = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
  }

  /// The LMDB name of a projector's table in a generation.
  static func tableName(projector: String, table: String, generation: Int) -> String {
    "p.\(projector).\(table).g\(generation)"
  }
}

/// The open tables of one projector's live generation.
struct LiveTables: Sendable {
  var entry: CatalogEntry
  var tables: [String: (database: Database, keySize: Int)]
}
