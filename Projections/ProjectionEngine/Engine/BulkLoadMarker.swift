import LMDB

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which process has deferred the projections of a bulk load and will rebuild them when it
/// ends (``ProjectionEngine/recordWithoutFolding(_:in:)``), kept in the catalog table beside
/// the projectors' entries. While that process lives, another one opening the ledger leaves
/// the projectors that are only behind alone instead of rebuilding them — the importer's next
/// batch would leave them behind again — and answers from them as of before the load. A
/// marker whose process is gone (killed half-way) is ignored: the projectors are rebuilt as
/// any others that are behind, and the rebuild removes it.
package struct BulkLoadMarker: Sendable, Hashable {
  /// Its key in the catalog table: not a projector name (those are lowercase words).
  static let catalogKey = "~bulk-load"

  package var processID: Int32
  /// When the process started (clock ticks since boot, `/proc/<pid>/stat`), so that another
  /// process given the same id later is not taken for it; 0 where unknown.
  package var startTime: UInt64

  package init(processID: Int32, startTime: UInt64) {
    self.processID = processID
    self.startTime = startTime
  }

  /// This process.
  package static let currentProcess: BulkLoadMarker = {
    let id = getpid()
    return BulkLoadMarker(processID: id, startTime: startTime(of: id) ?? 0)
  }()

  /// The marker in `catalog`, if any.
  static func stored(in txn: some Transaction, catalog: Database) throws -> BulkLoadMarker? {
    try txn.get(catalogKey, in: catalog).flatMap(BulkLoadMarker.init)
  }

  /// Writes `self` into `catalog` (tests write a marker of another process this way).
  package func store(in txn: WriteTransaction, catalog: Database) throws {
    try txn.put(encoded, for: Self.catalogKey, in: catalog)
  }

  /// Whether the process that wrote the marker is still running.
  package var isAlive: Bool {
    // 0 and -1 would ask about process groups: a damaged marker names no one.
    guard processID > 0, kill(processID, 0) == 0 || errno == EPERM else { return false }
    guard startTime != 0, let running = Self.startTime(of: processID) else { return true }
    return running == startTime
  }

  var encoded: [UInt8] {
    var bytes: [UInt8] = []
    withUnsafeBytes(of: processID.littleEndian) { bytes.append(contentsOf: $0) }
    withUnsafeBytes(of: startTime.littleEndian) { bytes.append(contentsOf: $0) }
    return bytes
  }

  init?(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count == 12 else { return nil }
    processID = Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: 0, as: Int32.self))
    startTime = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 4, as: UInt64.self))
  }

  /// Field 22 of `/proc/<pid>/stat`; `nil` without procfs.
  private static func startTime(of processID: Int32) -> UInt64? {
    guard let file = fopen("/proc/\(processID)/stat", "r") else { return nil }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 1024)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
    let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    // The command name (field 2) is in parentheses and may hold spaces: count after the last ')'.
    guard let close = line.lastIndex(of: ")") else { return nil }
    let fields = line[line.index(after: close)...].split(separator: " ")
    // Fields from 3 on; the start time is field 22.
    return fields.count > 19 ? UInt64(fields[19]) : nil
  }
}
