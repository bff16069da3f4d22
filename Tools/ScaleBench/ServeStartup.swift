import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `budget serve` from a cold process to its first answered write: starts the server on a free
/// loopback port with a throwaway token in its environment (never on its command line), polls
/// until the port accepts, sends one `POST /api/v1/transactions`, and reads the server's
/// resident memory (VmRSS) when the port first accepts and after the write is answered.
struct ServeStartup {
  let budget: String
  let ledger: String
  /// The environment of the timed commands (BUDGET_TODAY fixed); the token is added to it.
  let environment: [String: String]

  /// One start: milliseconds to the first answered write, and the two VmRSS readings.
  struct Run: Codable, Sendable {
    var firstWriteMs: Double
    var listeningMs: Double
    var residentAfterStartBytes: Int64
    var residentAfterWriteBytes: Int64
  }

  /// Starts the server `runs` times; each run adds one transaction to the ledger.
  func measure(runs: Int, transactions: Int) throws -> ServeCase {
    var results: [Run] = []
    for index in 0..<runs { results.append(try once(payee: "Serve bench \(getpid())-\(index)")) }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    return ServeCase(
      transactions: transactions, runs: results,
      firstWriteMs: median(results.map(\.firstWriteMs)), listeningMs: median(results.map(\.listeningMs)),
      residentAfterStartBytes: Int64(median(results.map { Double($0.residentAfterStartBytes) })),
      residentAfterWriteBytes: Int64(median(results.map { Double($0.residentAfterWriteBytes) })))
  }

  private func once(payee: String) throws -> Run {
    let port = try LoopbackHTTP.freePort()
    var environment = self.environment
    let token = (0..<4).map { _ in String(format: "%016llx", UInt64.random(in: .min ... .max)) }.joined()
    environment["BUDGET_TOKEN"] = token
    let process = Process()
    process.executableURL = URL(fileURLWithPath: budget)
    process.arguments = ["serve", "--ledger", ledger, "--port", String(port)]
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let start = ContinuousClock.now
    try process.run()
    defer {
      if process.isRunning {
        process.terminate()
        process.waitUntilExit()
      }
    }
    var connection: Int32 = -1
    while connection < 0 {
      guard process.isRunning else {
        throw BenchError.failed("budget serve exited with status \(process.terminationStatus) before listening")
      }
      guard Stopwatch.seconds(ContinuousClock.now - start) < 300 else {
        throw BenchError.failed("budget serve did not listen within 300 s")
      }
      connection = LoopbackHTTP.connect(port: port)
      if connection < 0 { usleep(2_000) }
    }
    defer { close(connection) }
    let listening = Stopwatch.seconds(ContinuousClock.now - start)
    let afterStart = Self.residentBytes(of: process.processIdentifier)
    let body = """
      {"amount": "1.00", "name": "\(payee)", "category": "Food", "account": "Checking", "date": "\(DatasetSpec.today)"}
      """
    let status = try LoopbackHTTP.post(
      on: connection, port: port, path: "/api/v1/transactions", headers: ["Authorization": "Bearer \(token)"],
      json: body)
    let answered = Stopwatch.seconds(ContinuousClock.now - start)
    guard status == 201 else { throw BenchError.failed("budget serve answered the first write with HTTP \(status)") }
    let afterWrite = Self.residentBytes(of: process.processIdentifier)
    return Run(
      firstWriteMs: answered * 1e3, listeningMs: listening * 1e3, residentAfterStartBytes: afterStart,
      residentAfterWriteBytes: afterWrite)
  }

  /// VmRSS of process `pid`, from /proc, in bytes (0 when it cannot be read).
  static func residentBytes(of pid: Int32) -> Int64 {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
      return (line.split(separator: " ").compactMap { Int64($0) }.first ?? 0) * 1024
    }
    return 0
  }
}
