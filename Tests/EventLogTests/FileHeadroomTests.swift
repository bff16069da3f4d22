import EventLog
import Foundation
import LMDB
import LedgerTesting
import Testing

@Suite("File headroom: zeros written ahead of the data for cheaper durable commits")
struct FileHeadroomTests {
  static let mebibyte = 1 << 20

  /// The bytes of `path` from `offset` to the end.
  static func tail(of path: String, from offset: Int) throws -> Data {
    let handle = try #require(FileHandle(forReadingAtPath: path))
    defer { try? handle.close() }
    try handle.seek(toOffset: UInt64(offset))
    return try handle.readToEnd() ?? Data()
  }

  static func fill(_ log: EventLog, events: Int, payloadSize: Int = 1000) async throws {
    let payload = [UInt8](repeating: 0xAB, count: payloadSize)
    for batch in 0..<(events / 100) {
      let proposed = (0..<100).map { _ in ProposedEvent(type: "Filler", payload: payload) }
      _ = try await log.append(proposed, to: try StreamName("batch-\(batch)"))
    }
    // The writer refills after it has resumed the callers of a commit, so the last append
    // returns before its refill has run. A transaction queued behind it runs only after.
    _ = try await log.transact { _ in }
  }

  @Test("given a new durable log, when it is opened, then at least 4 MiB of zeros follow its used pages")
  func newDurableLogHasHeadroom() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("durable.ledger")
    let log = try EventLog(path: path)

    #expect(log.environment.fileSize >= log.usedSize + 4 * Self.mebibyte)
    let tail = try Self.tail(of: path, from: log.usedSize)
    #expect(tail.count >= 4 * Self.mebibyte)
    #expect(tail.allSatisfy { $0 == 0 })
  }

  @Test(
    "given a durable log, when appends use more than half the headroom, then it is refilled and every event reads back")
  func headroomIsRefilledAsTheLogGrows() async throws {
    let directory = TemporaryDirectory()
    let path = directory.file("growing.ledger")
    let log = try EventLog(path: path)
    let firstEnd = log.environment.fileSize

    // ~6 MB of events: well past the first 4 MiB stretch.
    try await Self.fill(log, events: 6_000)

    // Refilled after the commit that left less than half a stretch (2 MiB), so at most one
    // commit's growth below that is left; past the used pages there are only zeros.
    #expect(log.usedSize > firstEnd)
    #expect(log.environment.fileSize - log.usedSize >= Self.mebibyte)
    #expect(try Self.tail(of: path, from: log.usedSize).allSatisfy { $0 == 0 })
    let verification = try log.verify()
    #expect(verification.isIntact && verification.verifiedCount == 6_000)
    #expect(try log.read(from: 5_990, limit: 20).count == 11)
  }

  @Test(
    "given a durable log, when bulk writes (a rebuild's chunks) grow it past its headroom, then no zeros are written after them, and the next append writes them again"
  )
  func bulkWritesKeepNoHeadroom() async throws {
    let directory = TemporaryDirectory()
    let path = directory.file("bulk.ledger")
    let log = try EventLog(path: path)
    let table = try log.environment.openDatabase(named: "bulk-rows", flags: .create)

    // Twelve chunks of ~1 MB of rows: past the first 4 MiB stretch three times over.
    for chunk in 0..<12 as Range<UInt64> {
      try await log.transact(bulk: true) { session in
        try session.transaction.withCursor(on: table) { cursor in
          for row in 0..<250 as Range<UInt64> {
            try cursor.append([UInt8](repeating: UInt8(row % 251), count: 4_000), for: BigEndianKey(chunk << 16 | row))
          }
        }
      }
    }
    // Bulk commits wrote their pages at the end of the file, and nothing after them.
    #expect(log.environment.fileSize - log.usedSize < Self.mebibyte, "zeros were written after bulk commits")

    try await Self.fill(log, events: 100)

    #expect(log.environment.fileSize - log.usedSize >= 2 * Self.mebibyte)
    #expect(try Self.tail(of: path, from: log.usedSize).allSatisfy { $0 == 0 })
    #expect(try log.verify().isIntact)
  }

  @Test("given a log that kept headroom, when it is reopened and appended to, then the chain still verifies")
  func reopenedLogWithHeadroomIsIntact() async throws {
    let directory = TemporaryDirectory()
    let path = directory.file("reopen.ledger")
    do {
      let log = try EventLog(path: path)
      try await Self.fill(log, events: 500)
    }
    let reopened = try EventLog(path: path)
    try await Self.fill(reopened, events: 500)

    let verification = try reopened.verify()
    #expect(verification.isIntact && verification.verifiedCount == 1_000)
  }

  @Test(
    "given a noSync log or headroom turned off, when events are appended, then the file holds only what LMDB wrote",
    arguments: [
      EventLog.Options(durability: .noSync), EventLog.Options(durability: .durable, keepsFileHeadroom: false),
    ])
  func noHeadroomWithoutFlushes(options: EventLog.Options) async throws {
    let directory = TemporaryDirectory()
    let log = try EventLog(path: directory.file("plain.ledger"), options: options)
    try await Self.fill(log, events: 300)

    #expect(log.environment.fileSize <= log.usedSize)
  }

  @Test(
    "given a map smaller than the stretch, when the map grows, then the next commit extends the file to the new map's end"
  )
  func headroomFollowsTheMapWhenItGrows() async throws {
    let directory = TemporaryDirectory()
    let log = try EventLog(path: directory.file("small-map.ledger"), options: .init(initialMapSize: Self.mebibyte))
    // Capped at the map's end: the stretch (4 MiB) does not fit in a 1 MiB map. Without a
    // look when the map grows, the next refill would wait until ~2 MiB are used.
    #expect(log.environment.fileSize == Self.mebibyte)

    let payload = [UInt8](repeating: 0x5A, count: 1000)
    var batch = 0
    while log.environment.mapSize == Self.mebibyte {
      _ = try await log.append(
        (0..<50).map { _ in ProposedEvent(type: "Filler", payload: payload) }, to: try StreamName("grow-\(batch)"))
      batch += 1
    }
    _ = try await log.append([ProposedEvent(type: "Filler", payload: payload)], to: "after-growth")
    _ = try await log.transact { _ in }  // after the writer's refill (see `fill`)

    // Refilled at once, up to the new end of the map, not only after the log has grown by
    // another half stretch.
    #expect(log.usedSize < 2 * Self.mebibyte)
    #expect(log.environment.fileSize == log.environment.mapSize)
    #expect(try Self.tail(of: directory.file("small-map.ledger"), from: log.usedSize).allSatisfy { $0 == 0 })
    #expect(try log.verify().isIntact)
  }

  @Test("given a file longer than asked for, when it is extended, then nothing is written and its size is kept")
  func extendingNeverShrinksOrOverwrites() throws {
    let directory = TemporaryDirectory()
    let environment = try Environment(path: directory.file("t.mdb"), options: .init(flags: .noSubdirectory))
    let db = try environment.openDatabase(named: "kv", flags: .create)
    try environment.write { txn in try txn.put("value", for: "key", in: db) }

    let extended = try environment.extendFile(withZerosTo: 2 * Self.mebibyte)
    let again = try environment.extendFile(withZerosTo: Self.mebibyte)

    #expect(extended == 2 * Self.mebibyte)
    #expect(again == extended && environment.fileSize == extended)
    #expect(try environment.read { try $0.get("key", in: db).map { String(decoding: $0, as: UTF8.self) } } == "value")
  }

  @Test("given a small map, when the file is extended past it, then it stops at the map size")
  func extensionStopsAtTheMapSize() throws {
    let directory = TemporaryDirectory()
    let environment = try Environment(
      path: directory.file("t.mdb"), options: .init(flags: .noSubdirectory, initialMapSize: Self.mebibyte))

    let end = try environment.extendFile(withZerosTo: 8 * Self.mebibyte)

    #expect(end == Self.mebibyte && environment.fileSize == Self.mebibyte)
  }
}
