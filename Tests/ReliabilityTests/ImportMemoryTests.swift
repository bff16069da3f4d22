import Foundation
import LedgerTesting
import Testing

/// What a CSV file posted to `budget serve` costs the server in memory: the file once, and a
/// few batches of what is parsed and recorded from it — not every row as a transaction, nor
/// the read models rebuilt in memory. Measured from outside, as the machine sees it: the
/// server's anonymous resident memory, sampled while the import runs, with the allocator told
/// to hand freed memory back at once (so that what is resident is what is held).
@Suite("budget serve: an import's memory", .serialized, .timeLimit(.minutes(5)))
struct ImportMemoryTests {
  /// A bank statement of `rows` expenses in 2024, about 38 bytes a row.
  static func statement(rows: Int) -> [UInt8] {
    let categories = ["Food", "Transport", "Health", "Shopping"]
    var text = "date,amount,payee,category\n"
    text.reserveCapacity(rows * 40)
    for row in 0..<rows {
      let month = row % 12 + 1
      let day = row % 28 + 1
      let cents = 100 + row * 7919 % 40_000
      text +=
        "2024-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day),-\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100),Shop \(row % 97),\(categories[row % 4])\n"
    }
    return Array(text.utf8)
  }

  /// The server's anonymous resident memory, in bytes (`RssAnon` of /proc/PID/status).
  static func anonymousMemory(of pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("RssAnon:") }),
      let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return nil }
    return kilobytes * 1024
  }

  /// Posts `body` to the import route of `server` with `query`, sampling the server's memory
  /// every few milliseconds until the answer is in; returns the answer and the peak.
  static func importSampling(
    _ body: [UInt8], query: String, server: ServerProcess, token: String
  ) throws -> (response: HTTPResponse, peak: Int) {
    let peak = PeakSampler(pid: server.pid)
    peak.start()
    defer { peak.stop() }
    let head =
      "POST /api/v1/import/csv?\(query) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAuthorization: Bearer \(token)\r\nContent-Type: text/csv\r\nContent-Length: \(body.count)\r\n\r\n"
    var client = server.client
    client.timeoutSeconds = 240
    let response = try client.sendRaw(Array(head.utf8) + body)
    return (response, peak.stop())
  }

  @Test(
    "given budget serve and a device's token, when the device posts a 1.6 MiB statement to check (dry run) and then to record, then the server holds at most 4× the file beyond what it held before (plus 4 MiB of buffers, and 28 MiB for a batch's pages when recording), and every row is counted"
  )
  func anImportHoldsAFewTimesItsFile() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("memory.ledger")
    let budget = try BinaryRunner.checkingLedger(at: path)
    let device = try budget.json(["device", "add", "scanner", "--ledger", path]) as? [String: Any]
    let token = try #require(device?["token"] as? String)
    var server = budget
    // Freed memory back to the system at once: resident memory is then what is held.
    server.environment["MALLOC_CONF"] = "dirty_decay_ms:0,muzzy_decay_ms:0"
    let served = try ServerProcess(budget: server, ledger: path, extraArguments: ["--max-import", "8388608"])
    defer { served.stop() }
    let rows = 45_000
    let file = Self.statement(rows: rows)
    #expect(file.count > 1 << 20)
    // The parser's and the rules' buffers; recording adds the storage's pages of one batch
    // (every page a batch changes is held until it commits: a few thousand, for the indexes).
    let checking = 4 * file.count + (4 << 20)
    let recording = 4 * file.count + (28 << 20)

    _ = try served.client.send("GET", "/api/v1/accounts")
    let before = try #require(Self.anonymousMemory(of: served.pid))
    let checked = try Self.importSampling(
      file, query: "account=Checking&dryRun=true", server: served, token: token)
    #expect(checked.response.status == 200)
    #expect(checked.response.json["added"] as? Int == rows)
    #expect(
      checked.peak - before <= checking,
      "a dry run held \((checked.peak - before) >> 20) MiB beyond the \(before >> 20) MiB before, for a file of \(file.count >> 20) MiB"
    )

    let settled = try #require(Self.anonymousMemory(of: served.pid))
    let recorded = try Self.importSampling(file, query: "account=Checking", server: served, token: token)
    #expect(recorded.response.status == 200)
    #expect(recorded.response.json["added"] as? Int == rows)
    #expect(
      recorded.peak - settled <= recording,
      "an import held \((recorded.peak - settled) >> 20) MiB beyond the \(settled >> 20) MiB before, for a file of \(file.count >> 20) MiB"
    )
  }
}

/// Samples a process's anonymous resident memory on a thread of its own, keeping the peak.
final class PeakSampler: @unchecked Sendable {
  // @unchecked: `peak` and `running` are guarded by `lock`.
  private let pid: Int32
  private let lock = NSLock()
  private var peak = 0
  private var running = false
  private var thread: Thread?

  init(pid: Int32) { self.pid = pid }

  func start() {
    lock.withLock { running = true }
    let thread = Thread { [self] in
      while lock.withLock({ running }) {
        if let now = ImportMemoryTests.anonymousMemory(of: pid) { lock.withLock { peak = max(peak, now) } }
        usleep(2_000)
      }
    }
    self.thread = thread
    thread.start()
  }

  /// Stops sampling (once the sampler's thread sees it) and returns the peak so far.
  @discardableResult
  func stop() -> Int {
    lock.withLock {
      running = false
      return peak
    }
  }
}
