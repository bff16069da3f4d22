import Foundation
import LedgerTesting
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Readers killed in the middle of a read transaction: LMDB keeps their reader slot (and the
/// snapshot it pins) until someone runs `mdb_reader_check`; the ledger does that on open.
@Suite("Stale readers", .serialized)
struct StaleReaderTests {
  /// `mdb_stat` from liblmdb's tools, which reads the lock file's reader table.
  static func mdbStat(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/mdb_stat")
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// The pids holding a reader slot of `ledger`.
  static func readerPIDs(_ ledger: String) throws -> [Int32] {
    try mdbStat(["-n", "-r", ledger]).split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count == 3, let pid = Int32(fields[0]), fields[2] != "-" else { return nil }
      return pid
    }
  }

  static func pagesUsed(_ ledger: String) throws -> Int {
    let info = try mdbStat(["-n", "-e", ledger])
    guard let line = info.split(separator: "\n").first(where: { $0.contains("Number of pages used") }),
      let pages = Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "")
    else { throw RawHTTPError("no page count in mdb_stat output: \(info)") }
    return pages
  }

  /// A ledger with `rows` imported transactions.
  static func ledger(_ path: String, rows: Int, directory: TemporaryDirectory) throws -> BinaryRunner {
    let budget = try BinaryRunner.checkingLedger(at: path)
    try Data(DiskFullTests.csv(rows: rows, tag: "base").utf8).write(
      to: URL(fileURLWithPath: directory.file("base.csv")))
    #expect(try budget.run(["import", "csv", directory.file("base.csv"), "--account", "Checking"]).status == 0)
    return budget
  }

  /// `count` transactions through the server's API: each is its own commit, each rewrites
  /// B-tree pages and so frees the old copies.
  static func post(_ count: Int, to server: ServerProcess, tag: String) throws {
    for index in 0..<count {
      let response = try server.client.send(
        "POST", "/api/v1/transactions",
        json:
          #"{"amount": "\#(1 + index % 50).25", "name": "\#(tag) \#(index)", "category": "Food", "account": "Checking", "date": "2024-05-05"}"#
      )
      guard response.status == 201 else { throw RawHTTPError("POST: HTTP \(response.status) \(response.text)") }
    }
  }

  /// Starts a long reader and returns once its slot is in the reader table (polled: the
  /// signal itself), or when it ended. The reader is `budget backup`, which spends most of its
  /// life in one read transaction, encoding every event as JSON. (`budget verify` served until
  /// its deep check came to fold from decoded chunks, read ahead in a transaction that ends
  /// long before the fold does: most of its life is now outside one.)
  static func startReader(_ budget: BinaryRunner, _ path: String) throws -> (process: Process, seenReading: Bool) {
    let reader = Process()
    reader.executableURL = URL(fileURLWithPath: budget.path)
    reader.arguments = ["backup", path + ".backup.json", "--ledger", path]
    reader.standardOutput = FileHandle.nullDevice
    reader.standardError = FileHandle.nullDevice
    try reader.run()
    var inRead = false
    while reader.isRunning && !inRead {
      inRead = try readerPIDs(path).contains(reader.processIdentifier)
      if !inRead { usleep(2_000) }
    }
    return (reader, inRead)
  }

  @Test(
    "given budget serve checking readers every 0.2 s, when a reader is killed -9 inside its read transaction, then the server frees its slot without any other process opening the ledger"
  )
  func serverReclaimsKilledReaders() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("served.ledger")
    let budget = try Self.ledger(path, rows: 10_000, directory: directory)
    let server = try ServerProcess(budget: budget, ledger: path, extraArguments: ["--reader-check-seconds", "0.2"])
    defer { server.stop() }
    for round in 0..<3 {
      let (reader, seenReading) = try Self.startReader(budget, path)
      #expect(seenReading, "round \(round): the reader finished before it was seen reading")
      kill(reader.processIdentifier, SIGKILL)
      reader.waitUntilExit()
      // Only the server runs now (mdb_stat reads the reader table without clearing it).
      let deadline = ContinuousClock.now + .seconds(5)
      while try Self.readerPIDs(path).contains(reader.processIdentifier), ContinuousClock.now < deadline {
        usleep(50_000)
      }
      #expect(
        try !Self.readerPIDs(path).contains(reader.processIdentifier),
        "round \(round): the server left the killed reader's slot")
    }
    #expect(try server.client.send("GET", "/api/v1/accounts").status == 200)
  }

  @Test(
    "given budget serve keeping a ledger open, when a reader (budget backup) is killed -9 inside its read transaction 10 times with 40 writes after each kill, then the kills leave stale slots, the next process to open the ledger clears it, and over the last kills the file grows like a ledger that never had a reader"
  )
  func killedReadersAreReclaimed() throws {
    let rounds = Soak.rounds(10)
    let directory = TemporaryDirectory()
    let controlPath = directory.file("control.ledger"), path = directory.file("readers.ledger")
    // Big enough that `budget backup` spends most of its life inside its read transaction
    // (it encodes the whole log), so that most kills land inside one.
    let control = try Self.ledger(controlPath, rows: 10_000, directory: directory)
    let budget = try Self.ledger(path, rows: 10_000, directory: directory)
    // The servers keep each environment open, so LMDB never resets the reader table: only
    // mdb_reader_check (run by every `budget` process on open) can free a dead reader's slot.
    // Servers that never run the reader check themselves (see `serverReclaimsKilledReaders`).
    let quiet = ["--reader-check-seconds", "86400"]
    let server = try ServerProcess(budget: budget, ledger: path, extraArguments: quiet)
    let controlServer = try ServerProcess(budget: control, ledger: controlPath, extraArguments: quiet)
    defer {
      server.stop()
      controlServer.stop()
    }
    var previous: Int32?
    var stale = 0
    var growth: [(Int, Int)] = []
    for round in 0..<rounds {
      let (reader, seenReading) = try Self.startReader(budget, path)
      #expect(seenReading, "round \(round): the reader finished before it was seen reading; use a bigger ledger")
      if let previous {
        #expect(
          try !Self.readerPIDs(path).contains(previous),
          "round \(round): the last killed reader's slot survived a new process opening the ledger")
      }
      kill(reader.processIdentifier, SIGKILL)
      reader.waitUntilExit()
      if try Self.readerPIDs(path).contains(reader.processIdentifier) { stale += 1 }
      previous = reader.processIdentifier
      try Self.post(40, to: server, tag: "round \(round)")
      try Self.post(40, to: controlServer, tag: "round \(round)")
      growth.append((try Self.pagesUsed(path), try Self.pagesUsed(controlPath)))
    }
    // `budget backup` also reads before and after its scan, in short transactions: a kill
    // that lands between two leaves its slot with no snapshot pinned. Most must land inside one.
    #expect(
      stale * 10 >= rounds * 7,
      "only \(stale) of \(rounds) killed readers left a stale slot: reclamation was not tested")
    // One more open (any budget command) clears the last one.
    #expect(try budget.verify(deep: false).status == 0)
    #expect(try !Self.readerPIDs(path).contains(previous ?? -1), "the last killed reader's slot survived the next open")
    // The first kills cost rounds of writes that could not reuse pages (a dead reader pins its
    // snapshot until the next open). Once freed pages are there to reuse, the file grows like
    // the control's, not by another such round per kill: compare the second half.
    let (middle, controlMiddle) = growth[growth.count / 2], (last, controlLast) = growth[growth.count - 1]
    #expect(
      last - middle <= 2 * (controlLast - controlMiddle) + 64,
      "over the last \(growth.count - growth.count / 2 - 1) kills the file grew \(last - middle) pages, the control \(controlLast - controlMiddle): \(growth)"
    )
    print("stale readers: \(stale) killed mid-read, all reclaimed; pages used per round (readers, control): \(growth)")
  }
}
