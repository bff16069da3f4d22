import Foundation
import LedgerTesting
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// kill -9 of a real `budget serve` while 8 HTTP clients POST transactions at it.
///
/// The kill moment is "after N acknowledged writes" with N random per round — a signal from
/// the workload itself, so it does not depend on how fast the machine is; the requests in
/// flight at that moment (sent, maybe committed, not yet answered) are what the crash tests.
@Suite("Crash safety: kill -9 of a server under write load", .serialized)
struct ServerCrashTests {
  static let clients = 8

  /// What the clients saw, shared between their threads.
  final class Load: @unchecked Sendable {
    // @unchecked: every field is guarded by `lock`.
    private let lock = NSLock()
    /// Acknowledged (2xx) writes: idempotency key → (stream, first position).
    private var acked: [String: (stream: String, position: Int)] = [:]
    /// Sent but never answered: the server died with them in flight.
    private var pending: Set<String> = []
    private var unexpected: [String] = []
    private var ackedThisRound = 0
    private var target = Int.max
    private var stopped = false
    let reached = DispatchSemaphore(value: 0)

    func startRound(target: Int) -> [String] {
      lock.withLock {
        ackedThisRound = 0
        self.target = target
        stopped = false
        return pending.sorted()
      }
    }
    func stop() { lock.withLock { stopped = true } }
    var isStopped: Bool { lock.withLock { stopped } }
    func sent(_ key: String) { lock.withLock { _ = pending.insert(key) } }
    func ack(_ key: String, stream: String, position: Int) {
      lock.withLock {
        pending.remove(key)
        if acked[key] == nil {
          acked[key] = (stream, position)
          ackedThisRound += 1
          if ackedThisRound == target { reached.signal() }
        } else if acked[key]?.stream != stream {
          unexpected.append("\(key) acknowledged twice with different streams")
        }
      }
    }
    func fail(_ message: String) { lock.withLock { unexpected.append(message) } }
    var snapshot: (acked: [String: (stream: String, position: Int)], pending: Set<String>, unexpected: [String]) {
      lock.withLock { (acked, pending, unexpected) }
    }
  }

  /// The body for an idempotency key: always the same, so a retry is the same request.
  static func body(for key: String) -> String {
    let cents = 100 + abs(key.hashValueStable % 9_000)
    return
      #"{"amount": "\#(cents / 100).\#(cents % 100 < 10 ? "0" : "")\#(cents % 100)", "name": "\#(key)", "category": "Food", "account": "Checking", "date": "2024-06-15"}"#
  }

  /// One client: first re-sends its share of the requests left unanswered by the last crash
  /// (same key, same body), then new ones until the server dies or the round stops.
  static func client(_ index: Int, round: Int, port: Int, retries: [String], load: Load) {
    let http = RawHTTP(port: port, timeoutSeconds: 60)
    var queue = retries.enumerated().filter { $0.offset % clients == index }.map(\.element)
    var counter = 0
    while !load.isStopped {
      let key: String
      if queue.isEmpty {
        key = "r\(round)-c\(index)-\(counter)"
        counter += 1
      } else {
        key = queue.removeFirst()
      }
      load.sent(key)
      do {
        let response = try http.send(
          "POST", "/api/v1/transactions", json: body(for: key), headers: ["Idempotency-Key": key])
        guard (200..<300).contains(response.status) else {
          load.fail("\(key): HTTP \(response.status) \(response.text)")
          return
        }
        let positions = response.json["positions"] as? [Int] ?? []
        load.ack(key, stream: response.json["stream"] as? String ?? "?", position: positions.first ?? -1)
      } catch {
        return  // the server was killed: this request stays pending
      }
    }
  }

  @Test(
    "given budget serve with 8 HTTP clients POSTing transactions, when it is killed -9 after a random number of acknowledged writes, round after round, then each time the ledger verifies, every acknowledged write is at the position it was given, and retrying the unanswered requests (same Idempotency-Key) records every request exactly once"
  )
  func killServerUnderWriteLoad() throws {
    let rounds = Soak.rounds(30)
    let directory = TemporaryDirectory()
    let ledger = directory.file("server.ledger")
    let budget = try BinaryRunner.checkingLedger(at: ledger)
    var generator = SeededGenerator(seed: 2024)
    let load = Load()
    var kills = 0, retried = 0
    for round in 0..<rounds {
      let server = try ServerProcess(budget: budget, ledger: ledger)
      let retries = load.startRound(target: Int.random(in: 1...40, using: &generator))
      retried += retries.count
      let port = server.port
      let clientsDone = DispatchGroup()
      for index in 0..<Self.clients {
        clientsDone.enter()
        Thread {
          Self.client(index, round: round, port: port, retries: retries, load: load)
          clientsDone.leave()
        }.start()
      }
      let signalled = load.reached.wait(timeout: .now() + 120)
      #expect(signalled == .success, "round \(round): the clients never reached their acknowledged-write target")
      server.kill9()
      kills += 1
      load.stop()
      clientsDone.wait()

      let deep = round % 5 == 4
      let verify = try budget.verify(deep: deep)
      #expect(verify.status == 0, "verify after kill \(round): \(verify.stderr)")
      let events = try budget.events()
      let streamAt = Dictionary(
        uniqueKeysWithValues: events.map { ($0["position"] as? Int ?? 0, $0["stream"] as? String ?? "") })
      let positions = events.map { $0["position"] as? Int ?? 0 }
      #expect(positions == Array(1...positions.count), "positions are not dense after kill \(round)")
      let snapshot = load.snapshot
      let missing = snapshot.acked.filter { streamAt[$0.value.position] != $0.value.stream }
      #expect(
        missing.isEmpty,
        "after kill \(round), \(missing.count) acknowledged writes are missing, e.g. \(missing.first.map { "\($0.key) → \($0.value)" } ?? "")"
      )
      #expect(snapshot.unexpected.isEmpty, "round \(round): \(snapshot.unexpected.prefix(3))")
      if !missing.isEmpty || !snapshot.unexpected.isEmpty { break }
    }

    // Once more, to answer what the last crash left pending; then exactly one transaction per request.
    let server = try ServerProcess(budget: budget, ledger: ledger)
    let leftovers = load.startRound(target: Int.max)
    retried += leftovers.count
    load.stop()
    onThreads(Self.clients) { index in
      let http = RawHTTP(port: server.port)
      for key in leftovers.enumerated().filter({ $0.offset % Self.clients == index }).map(\.element) {
        if let response = try? http.send(
          "POST", "/api/v1/transactions", json: Self.body(for: key), headers: ["Idempotency-Key": key]),
          (200..<300).contains(response.status)
        {
          load.ack(
            key, stream: response.json["stream"] as? String ?? "?",
            position: (response.json["positions"] as? [Int])?.first ?? -1)
        } else {
          load.fail("retry of \(key) failed")
        }
      }
    }
    server.stop()
    let snapshot = load.snapshot
    #expect(
      snapshot.pending.isEmpty && snapshot.unexpected.isEmpty,
      "\(snapshot.pending.count) pending, \(snapshot.unexpected.prefix(3))")
    let added = try budget.events().filter { $0["type"] as? String == "TransactionAdded" }
    let streams = Set(added.compactMap { $0["stream"] as? String })
    #expect(
      added.count == snapshot.acked.count,
      "\(added.count) transactions recorded for \(snapshot.acked.count) distinct requests")
    #expect(
      streams == Set(snapshot.acked.values.map(\.stream)),
      "the recorded transactions are not exactly the acknowledged ones")
    #expect(kills == rounds)
    #expect(retried > 0, "no request was ever in flight at a kill: the test proves little")
    print(
      "server kills: \(kills); acknowledged writes: \(snapshot.acked.count); requests in flight at a kill and retried: \(retried)"
    )
    let verify = try budget.verify(deep: true)
    #expect(verify.status == 0, "final verify: \(verify.stderr)")
  }
}

extension String {
  /// A hash that is the same in every process (Swift's `hashValue` is seeded per process).
  var hashValueStable: Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return Int(truncatingIfNeeded: hash >> 1)
  }
}
