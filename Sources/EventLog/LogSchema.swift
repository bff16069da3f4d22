import LMDB

/// The named databases that make up the log, and its on-disk format version.
///
/// | database       | key                                   | value                                  |
/// |----------------|---------------------------------------|----------------------------------------|
/// | `meta`         | UTF-8 name                            | setting (format version, next stream id) |
/// | `events`       | position, big-endian `UInt64`         | canonical envelope ‖ 32-byte chain hash |
/// | `streams`      | stream name, UTF-8                    | stream id, current version (LE `UInt64`s) |
/// | `stream-index` | stream id ‖ version, big-endian       | position, big-endian                   |
/// | `idempotency`  | idempotency key, UTF-8                | first position, count, request fingerprint |
struct LogSchema: Sendable {
  /// The on-disk format this code writes and the newest it can read.
  static let formatVersion: UInt32 = 1

  enum MetaKey {
    static let formatVersion = "format-version"
    static let nextStreamId = "next-stream-id"
  }

  let meta: Database
  let events: Database
  let streams: Database
  let streamIndex: Database
  let idempotency: Database

  /// Opens or creates the databases and checks the stored format version.
  static func open(in environment: Environment) throws -> LogSchema {
    try environment.write { txn in
      let meta = try txn.openDatabase(named: "meta", flags: .create)
      if let stored = try txn.get(MetaKey.formatVersion, in: meta) {
        guard stored.count == 4 else {
          throw EventLogError.corruptRecord(position: 0, reason: "the format version record is malformed")
        }
        let version = UInt32(littleEndian: stored.loadUnaligned(as: UInt32.self))
        guard version <= formatVersion else {
          throw EventLogError.unsupportedFormatVersion(found: version, supported: formatVersion)
        }
      } else {
        try txn.put(withUnsafeBytes(of: formatVersion.littleEndian) { Array($0) }, for: MetaKey.formatVersion, in: meta)
      }
      return LogSchema(
        meta: meta,
        events: try txn.openDatabase(named: "events", flags: .create),
        streams: try txn.openDatabase(named: "streams", flags: .create),
        streamIndex: try txn.openDatabase(named: "stream-index", flags: .create),
        idempotency: try txn.openDatabase(named: "idempotency", flags: .create)
      )
    }
  }

  /// The last event's position, hash and recorded-at; the genesis link for an empty log.
  func head(in txn: some Transaction) throws -> LogHead {
    try txn.withCursor(on: events) { cursor in
      guard let last = try cursor.last() else { return LogHead.empty }
      let key = BigEndianKey.decode(last.key) ?? 0
      let view = try EventView(storedBytes: last.value, key: key)
      return LogHead(position: key, hash: view.hash, recordedAt: view.recordedAt)
    }
  }

  /// A stream's id and current version, if it exists.
  func streamState(_ name: StreamName, in txn: some Transaction) throws(LMDBError) -> StreamState? {
    try txn.get(name.rawValue, in: streams).flatMap(StreamState.init(stored:))
  }
}

/// Where the log ends: the last position, its chain hash and recorded-at.
public struct LogHead: Sendable, Hashable {
  /// The last position written; 0 for an empty log.
  public var position: UInt64
  public var hash: ChainHash
  public var recordedAt: Int64

  static let empty = LogHead(position: 0, hash: .genesis, recordedAt: 0)
}

/// A stream's compact id (used in index keys) and its current version.
struct StreamState: Sendable {
  var id: UInt64
  var version: UInt64

  init(id: UInt64, version: UInt64) {
    self.id = id
    self.version = version
  }

  /// The state stored in the streams table (id, then version, little-endian); `nil` if malformed.
  init?(stored value: UnsafeRawBufferPointer) {
    guard value.count == 16 else { return nil }
    id = UInt64(littleEndian: value.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
    version = UInt64(littleEndian: value.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
  }

  var encoded: [UInt8] {
    withUnsafeBytes(of: (id.littleEndian, version.littleEndian)) { Array($0) }
  }
}
