import CLMDB
import Foundation
import LMDB
import LedgerTesting
import Synchronization
import Testing

@Suite("LMDB environment and transactions")
struct EnvironmentTests {
  @Test("given a write that throws, when the closure exits, then nothing it wrote is visible")
  func throwingWriteAborts() throws {
    let directory = TemporaryDirectory()
    let environment = try Environment(path: directory.file("t.mdb"))
    let db = try environment.openDatabase(named: "kv", flags: .create)
    struct Boom: Error {}

    #expect(throws: Boom.self) {
      try environment.write { txn in
        try txn.put("value", for: "key", in: db)
        throw Boom()
      }
    }

    #expect(try environment.read { try $0.get("key", in: db) } == nil)
  }

  @Test(
    "given big-endian integer keys written out of order, when a cursor walks them, then they come back in numeric order"
  )
  func bigEndianKeysSortNumerically() throws {
    let directory = TemporaryDirectory()
    let environment = try Environment(path: directory.file("t.mdb"))
    let db = try environment.openDatabase(named: "numbers", flags: .create)
    let numbers: [UInt64] = [300, 2, 70_000, 1, 256, UInt64.max]
    try environment.write { txn in
      for number in numbers { try txn.put(BigEndianKey(number % 7), for: BigEndianKey(number), in: db) }
    }

    let walked = try Self.rows(of: db, in: environment).map(\.key)

    #expect(walked == numbers.sorted())
    let atMost = try environment.read { txn in
      try txn.withCursor(on: db) { try $0.seek(atMost: BigEndianKey(299)).map { BigEndianKey.decode($0.key) } }
    }
    #expect(atMost == 256)
  }

  @Test("given a 64 KiB map, when 5 MB are written in one transaction, then the map grows and the write succeeds")
  func mapGrowsDuringAWrite() throws {
    let directory = TemporaryDirectory()
    let environment = try Environment(path: directory.file("t.mdb"), options: .init(initialMapSize: 64 << 10))
    let db = try environment.openDatabase(named: "blobs", flags: .create)
    let blob = [UInt8](repeating: 7, count: 5000)
    var runs = 0

    try environment.write { txn in
      runs += 1
      for key in 0..<1000 { try txn.put(blob, for: BigEndianKey(UInt64(key)), in: db) }
    }

    #expect(runs > 1)  // the body was re-run after growing
    #expect(environment.mapSize >= 5_000_000)
    #expect(try environment.read { try $0.count(of: db) } == 1000)
  }

  @Test("given a 64 KiB map, when room for 10 MB is reserved first, then a 5 MB write (8 MB of pages) runs once")
  func reservedRoomAvoidsARerun() throws {
    let directory = TemporaryDirectory()
    let environment = try Environment(path: directory.file("t.mdb"), options: .init(initialMapSize: 64 << 10))
    let db = try environment.openDatabase(named: "blobs", flags: .create)
    let blob = [UInt8](repeating: 7, count: 5000)
    var runs = 0

    try environment.reserveRoom(forBytes: 10_000_000)
    #expect(environment.mapSize >= 10_000_000)
    try environment.write { txn in
      runs += 1
      for key in 0..<1000 { try txn.put(blob, for: BigEndianKey(UInt64(key)), in: db) }
    }

    #expect(runs == 1)
    let size = environment.mapSize
    try environment.reserveRoom(forBytes: 1 << 20)  // already room: nothing changes
    #expect(environment.mapSize == size)
    #expect(try environment.read { try $0.count(of: db) } == 1000)
  }

  @Test(
    "given a thread that grows the map again and again, when another reads the map's size, use and last transaction meanwhile, then every read sees a mapped meta page"
  )
  func sizesAreReadSafelyWhileTheMapGrows() throws {
    // Growing the map unmaps and maps it again; the sizes are read from the meta pages in the
    // map. Unguarded, a read in between touched unmapped memory and killed the process (seen
    // once as a restore's writer thread read the sizes while its rebuild reserved room).
    let directory = TemporaryDirectory()
    let environment = try Environment(path: directory.file("t.mdb"), options: .init(initialMapSize: 1 << 20))
    let reading = Atomic<Bool>(false)
    let stop = Atomic<Bool>(false)
    let reads = Atomic<Int>(0)
    let reader = Thread {
      reading.store(true, ordering: .releasing)
      while !stop.load(ordering: .acquiring) {
        _ = environment.mapSize &+ environment.usedSize &+ environment.lastTransactionID
        reads.add(1, ordering: .relaxed)
      }
    }
    reader.start()
    while !reading.load(ordering: .acquiring) { usleep(100) }
    for step in 1...3_000 { try environment.reserveRoom(forBytes: step << 20) }
    stop.store(true, ordering: .releasing)
    #expect(reads.load(ordering: .relaxed) > 0)
    #expect(environment.mapSize >= 3_000 << 20)
  }

  @Test(
    "given 2,000 rows of 100-byte values, when the table's statistics are read, then they count the rows and bound their bytes"
  )
  func statisticsCountRowsAndPages() throws {
    let directory = TemporaryDirectory()
    let environment = try Environment(path: directory.file("t.mdb"))
    let db = try environment.openDatabase(named: "rows", flags: .create)
    try environment.write { txn in
      for number in 0..<2_000 as Range<UInt64> {
        try txn.put([UInt8](repeating: UInt8(number % 251), count: 100), for: BigEndianKey(number), in: db)
      }
    }

    let statistics = try environment.read { try $0.statistics(of: db) }

    #expect(statistics.entries == 2_000)
    #expect(try environment.read { try $0.count(of: db) } == 2_000)
    #expect(statistics.pageSize >= 4_096)
    #expect(statistics.leafPages > 0 && statistics.overflowPages == 0)
    // Keys and values alone take 216 KB; the pages hold them, with headers and slack.
    #expect(statistics.dataBytes >= 2_000 * (8 + 100))
    #expect(statistics.dataBytes < 2_000 * (8 + 100) * 3)
  }

  @Test("given an LMDB failure, then the error names the operation, the code and a readable reason")
  func readableErrors() throws {
    let error = #expect(throws: LMDBError.self) { try Environment(path: "/nonexistent/dir/x.mdb") }
    #expect(error?.code == 2)
    #expect(
      error?.description == "mdb_env_open(/nonexistent/dir/x.mdb) failed: no such file or directory (LMDB code 2)")
  }

  @Test("given a reserved value, when it is filled in place, then it reads back")
  func reserveWritesInPlace() throws {
    let directory = TemporaryDirectory()
    let environment = try Environment(path: directory.file("t.mdb"))
    let db = try environment.openDatabase(named: "r", flags: .create)

    try environment.write { txn in
      let buffer = try txn.reserve(4, for: "k", in: db)
      buffer.copyBytes(from: [1, 2, 3, 4])
    }

    #expect(try environment.read { try $0.get("k", in: db).map(Array.init) } == [1, 2, 3, 4])
  }

  @Test(
    "given keys in order, when appended through a cursor, then they read back in order; a key out of order is refused and changes nothing"
  )
  func cursorAppendLoadsInKeyOrder() throws {
    let directory = TemporaryDirectory()
    let environment = try Environment(path: directory.file("t.mdb"))
    let db = try environment.openDatabase(named: "a", flags: .create)
    let numbers = Array(UInt64(1)...5_000)

    try environment.write { txn in
      try txn.withCursor(on: db) { cursor in
        for number in numbers { try cursor.append(BigEndianKey(number * 3), for: BigEndianKey(number)) }
      }
    }
    let outOfOrder = #expect(throws: LMDBError.self) {
      try environment.write { txn in
        try txn.withCursor(on: db) { try $0.append(BigEndianKey(0), for: BigEndianKey(7)) }
      }
    }

    #expect(outOfOrder?.code == -30799)  // MDB_KEYEXIST: not after the last key
    let stored = try Self.rows(of: db, in: environment)
    #expect(stored.map(\.key) == numbers)
    #expect(stored.allSatisfy { $0.value == $0.key * 3 })
  }

  @Test(
    "given cursors on two tables held open across many puts and reads in any order, then every put is stored and every read sees the puts before it"
  )
  func cursorsHeldAcrossWrites() throws {
    let directory = TemporaryDirectory()
    let environment = try Environment(path: directory.file("t.mdb"))
    let a = try environment.openDatabase(named: "a", flags: .create)
    let b = try environment.openDatabase(named: "b", flags: .create)
    var random = SeededGenerator(seed: 5)
    var model: [UInt64: UInt64] = [:]

    try environment.write { txn in
      try txn.withCursors(on: [a, b]) { cursors in
        for index in 0..<20_000 {
          let key = random.next() % 50_000
          let table = Int(key % 2)
          try cursors[table].put(BigEndianKey(UInt64(index)), for: BigEndianKey(key))
          model[key] = UInt64(index)
          let probe = random.next() % 50_000
          let found = try cursors[Int(probe % 2)].seek(exactly: BigEndianKey(probe)).map {
            BigEndianKey.decode($0.value)!
          }
          #expect(found == model[probe])
        }
      }
    }

    let stored = try [a, b].map { try Self.rows(of: $0, in: environment) }
    let all = Dictionary(uniqueKeysWithValues: (stored[0] + stored[1]).map { ($0.key, $0.value) })
    #expect(all == model)
    #expect(stored[0].allSatisfy { $0.key % 2 == 0 } && stored[1].allSatisfy { $0.key % 2 == 1 })
  }

  @Test("given a file cut short after its last commit, when it is opened, then a clear error, not a SIGBUS")
  func aFileCutShortIsRefusedOnOpen() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("t.mdb")
    do {
      let environment = try Environment(path: path)
      let db = try environment.openDatabase(named: "blobs", flags: .create)
      let blob = [UInt8](repeating: 7, count: 3000)
      try environment.write { txn in
        for key in 0..<200 { try txn.put(blob, for: BigEndianKey(UInt64(key)), in: db) }
      }
    }
    let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    #expect(truncate(path, off_t(size / 2)) == 0)

    let error = try #require(throws: LMDBError.self) { _ = try Environment(path: path) }

    #expect(error.code == MDB_CORRUPTED)
    #expect(error.description.contains("cut short"))
    #expect(error.description.contains("\(size / 2) bytes"))
  }

  @Test("given a pipe, when the environment is copied into it, then the bytes read out open as the same data")
  func aCopyStreamsThroughAPipe() throws {
    let directory = TemporaryDirectory()
    let environment = try Environment(path: directory.file("t.mdb"))
    let db = try environment.openDatabase(named: "numbers", flags: .create)
    try environment.write { txn in
      for key in 0..<5_000 { try txn.put(BigEndianKey(UInt64(key) * 3), for: BigEndianKey(UInt64(key)), in: db) }
    }
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    let readEnd = ends[0]
    let received = Mutex<[UInt8]>([])
    let reader = Thread {
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let count = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        received.withLock { $0 += chunk[0..<count] }
      }
      close(readEnd)
    }
    reader.start()

    try environment.copy(toDescriptor: ends[1])
    close(ends[1])
    while received.withLock({ $0.isEmpty }) || !reader.isFinished { usleep(1_000) }

    let copyPath = directory.file("copy.mdb")
    #expect(FileManager.default.createFile(atPath: copyPath, contents: Data(received.withLock { $0 })))
    let copy = try Environment(path: copyPath)
    let copied = try copy.openDatabase(named: "numbers")
    let original = try Self.rows(of: db, in: environment)
    let copiedRows = try Self.rows(of: copied, in: copy)
    #expect(copiedRows.map(\.key) == original.map(\.key) && copiedRows.map(\.value) == original.map(\.value))
  }

  @Test("given a reader that goes away, when a copy streams into its pipe, then the copy fails instead of hanging")
  func aCopyWhoseReaderLeavesFails() throws {
    signal(SIGPIPE, SIG_IGN)
    let directory = TemporaryDirectory()
    let environment = try Environment(path: directory.file("t.mdb"))
    let db = try environment.openDatabase(named: "blobs", flags: .create)
    let blob = [UInt8](repeating: 9, count: 4000)
    try environment.write { txn in
      for key in 0..<2_000 { try txn.put(blob, for: BigEndianKey(UInt64(key)), in: db) }
    }
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    close(ends[0])

    #expect(throws: LMDBError.self) { try environment.copy(toDescriptor: ends[1]) }
    close(ends[1])
    #expect(
      try environment.read { try $0.get(BigEndianKey(1_999), in: db).map { Array($0) } } == blob,
      "the environment is untouched")
  }

  /// Every row of `db`, in order, keys and values read as big-endian integers.
  static func rows(of db: Database, in environment: Environment) throws -> [(key: UInt64, value: UInt64)] {
    try environment.read { txn in
      try txn.withCursor(on: db) { cursor in
        var rows: [(key: UInt64, value: UInt64)] = []
        var entry = try cursor.first()
        while let current = entry {
          rows.append((BigEndianKey.decode(current.key)!, BigEndianKey.decode(current.value)!))
          entry = try cursor.next()
        }
        return rows
      }
    }
  }
}
