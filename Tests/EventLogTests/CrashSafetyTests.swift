import EventLog
import Foundation
import LedgerTesting
import Testing

/// Starts `eventlog-torture` (several tasks appending multi-stream batches through group
/// commit), kills it with SIGKILL at a random moment, and checks the ledger — 25 times over
/// the same file (`BUDGET_CRASH_ROUNDS` overrides; `make soak` runs 300).
@Suite("Crash safety under kill -9")
struct CrashSafetyTests {
  @Test("given a process appending batches, when it is killed at random 25 times, then no acknowledged batch is lost and none is partial")
  func killNineRepeatedly() async throws {
    let torture = try TortureBinary.locate()
    let directory = TemporaryDirectory()
    let path = directory.file("crash.ledger")
    var acknowledged: [Int: ClosedRange<UInt64>] = [:]
    var generator = SystemRandomNumberGenerator()

    let rounds = ProcessInfo.processInfo.environment["BUDGET_CRASH_ROUNDS"].flatMap { Int($0) } ?? 25
    for round in 0..<rounds {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: torture)
      process.arguments = [path, String(round * 1_000_000), "4"]
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      // Let it run long enough to open the log and commit, then kill it mid-flight.
      usleep(UInt32.random(in: 30_000...250_000, using: &generator))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      #expect(process.terminationReason == .uncaughtSignal, "round \(round): the child ended before the kill")

      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      for line in text.split(separator: "\n") {
        let fields = line.split(separator: " ")
        // The last line may be cut short by the kill; a whole line is an acknowledgement.
        guard fields.count == 4, fields[0] == "ack", let batch = Int(fields[1]), let first = UInt64(fields[2]),
          let last = UInt64(fields[3])
        else { continue }
        acknowledged[batch] = first...last
      }
      try checkLedger(at: path, acknowledged: acknowledged, round: round)
    }
    #expect(acknowledged.count > 25, "too few batches were acknowledged for the test to mean anything")
  }

  /// Opens the ledger as a restarted process would and checks every invariant.
  private func checkLedger(at path: String, acknowledged: [Int: ClosedRange<UInt64>], round: Int) throws {
    let log = try EventLog(path: path)
    let verification = try log.verify()
    #expect(verification.isIntact, "round \(round): \(String(describing: verification.firstFailure))")

    var batches: [Int: [(position: UInt64, index: Int, size: Int)]] = [:]
    var expectedPosition: UInt64 = 1
    try log.scan { view in
      #expect(view.position == expectedPosition, "round \(round): positions are not dense")
      expectedPosition += 1
      let parts = String(decoding: view.payload, as: UTF8.self).split(separator: "/").compactMap { Int($0) }
      if parts.count == 3 { batches[parts[0], default: []].append((view.position, parts[1], parts[2])) }
      return .continue
    }
    #expect(verification.verifiedCount == expectedPosition - 1)

    for (batch, events) in batches {
      let size = events[0].size
      #expect(events.map(\.index) == Array(1...size), "round \(round): batch \(batch) is partial or out of order")
      #expect(events.last!.position - events[0].position == UInt64(size - 1), "round \(round): batch \(batch) is not contiguous")
    }
    for (batch, positions) in acknowledged {
      let stored = batches[batch]
      #expect(stored?.first?.position == positions.lowerBound && stored?.last?.position == positions.upperBound,
              "round \(round): acknowledged batch \(batch) at \(positions) is missing")
    }
  }
}

/// Finds the `eventlog-torture` executable built beside the test bundle.
enum TortureBinary {
  static func locate() throws -> String {
    if let explicit = ProcessInfo.processInfo.environment["EVENTLOG_TORTURE"] { return explicit }
    let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var directory = testBinary.deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("eventlog-torture").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    throw TortureBinaryNotFound(searchedFrom: testBinary.path)
  }

  struct TortureBinaryNotFound: Error, CustomStringConvertible {
    let searchedFrom: String
    var description: String {
      "eventlog-torture was not found next to \(searchedFrom); build it (swift build) or set EVENTLOG_TORTURE"
    }
  }
}
