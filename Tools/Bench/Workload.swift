import EventLog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The records every case writes, identical on the Swift and the C side
/// (see `Tools/lmdb-baseline/lmdb_baseline.c`).
///
/// Event `i` (0-based, counted across the whole run of a case) goes to stream
/// `transaction-<i / 10>`, has type `TransactionAdded`, schema version 1, no metadata and a
/// fixed payload of ``payloadSize`` bytes, so each stored record is 36 + stream + 16 + 120 + 32
/// bytes long.
enum Workload {
  /// The payload size, in bytes: a typical encoded transaction.
  static let payloadSize = 120
  /// Consecutive events that share a stream.
  static let eventsPerStream = 10
  /// The event type name.
  static let eventType = "TransactionAdded"

  /// The fixed payload: byte `i` is `i * 7 + 3` (the C baseline fills its buffer the same way).
  static let payload: [UInt8] = (0..<payloadSize).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) }

  /// The one event every case appends (its payload array is shared, not copied).
  static let event = ProposedEvent(type: eventType, schemaVersion: 1, payload: payload)

  /// The stream event `index` belongs to.
  static func stream(forEvent index: Int) throws(EventLogError) -> StreamName {
    try StreamName("transaction-\(index / eventsPerStream)")
  }

  /// Events `first ..< first + count` as one atomic batch: one ``StreamAppend`` per stream,
  /// each with `expectedVersion: .any`.
  static func batch(first: Int, count: Int) throws(EventLogError) -> AppendBatch {
    var streams: [StreamAppend] = []
    streams.reserveCapacity(count / eventsPerStream + 2)
    var index = first
    let end = first + count
    while index < end {
      let streamEnd = min(end, (index / eventsPerStream + 1) * eventsPerStream)
      streams.append(
        StreamAppend(
          stream: try stream(forEvent: index), expectedVersion: .any,
          events: Array(repeating: event, count: streamEnd - index)))
      index = streamEnd
    }
    return AppendBatch(streams)
  }

  /// A map size big enough for `events` records and their index entries, used for both the
  /// Swift log and the C baseline so that neither pays for growing the map.
  static func mapSize(forEvents events: Int) -> Int {
    let bytes = 64 << 20 + events * 1024
    return (bytes + (1 << 20) - 1) / (1 << 20) * (1 << 20)
  }
}

/// Monotonic elapsed time.
struct Stopwatch: Sendable {
  private let start = ContinuousClock.now

  /// Seconds since the stopwatch was created.
  var seconds: Double {
    let elapsed = start.duration(to: .now).components
    return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
  }
}

/// A private directory under `/tmp` (or `parent`) holding the logs of one run.
final class ScratchDirectory {
  /// The directory's path.
  let path: String

  init(parent: String) throws(BenchError) {
    var template = Array("\(parent)/ledger-bench.XXXXXX".utf8CString)
    let created = template.withUnsafeMutableBufferPointer { buffer -> Bool in
      guard let base = buffer.baseAddress else { return false }
      return mkdtemp(base) != nil
    }
    guard created else { throw .setup("cannot create a scratch directory in \(parent): errno \(errno)") }
    path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }

  /// The path of a fresh ledger file named `name` in this directory.
  func ledger(_ name: String) -> String { "\(path)/\(name).ledger" }

  /// Deletes a ledger file and its lock file.
  func remove(ledger path: String) {
    unlink(path)
    unlink(path + "-lock")
  }

  /// Deletes the directory and everything left in it.
  func removeAll() {
    guard let directory = opendir(path) else { return }
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name != "." && name != ".." { unlink("\(path)/\(name)") }
    }
    closedir(directory)
    rmdir(path)
  }
}

/// Why a run could not go on.
enum BenchError: Error, CustomStringConvertible {
  case usage(String)
  case setup(String)
  case baseline(String)
  case mismatch(String)

  var description: String {
    switch self {
    case .usage(let message): "usage: \(message)"
    case .setup(let message): "setup failed: \(message)"
    case .baseline(let message): "C baseline failed: \(message)"
    case .mismatch(let message): "results disagree: \(message)"
    }
  }
}

/// The median of `values` (the upper middle one for an even count); 0 for none.
func median(_ values: [Double]) -> Double {
  guard !values.isEmpty else { return 0 }
  return values.sorted()[values.count / 2]
}
