import EventLog
import Foundation
import Ledger
import LedgerDomain

/// Times whole processes: with hyperfine when it is installed, else with a plain loop.
struct CommandTimer {
  let hyperfine: String?
  let directory: String
  /// The environment every timed command gets (BUDGET_TODAY fixed to the data's last day).
  let environment: [String: String]

  init(hyperfine: String?, directory: String) {
    self.hyperfine = hyperfine
    self.directory = directory
    var environment = ProcessInfo.processInfo.environment
    environment["BUDGET_TODAY"] = DatasetSpec.today.description
    environment["NO_COLOR"] = "1"
    self.environment = environment
  }

  /// Runs `command` once through `sh -c`; returns seconds, exit status and stdout.
  func once(_ command: String, prepare: String? = nil) throws -> (seconds: Double, status: Int32, output: String) {
    if let prepare { _ = try once(prepare) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let start = ContinuousClock.now
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (Stopwatch.seconds(ContinuousClock.now - start), process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  private struct HyperfineResults: Decodable {
    struct Result: Decodable {
      var mean: Double
      var stddev: Double?
      var median: Double
      var min: Double
      var max: Double
      var times: [Double]?
    }
    var results: [Result]
  }

  /// Times `command`: `runs` runs (fewer if one run is slow: at most about `budgetSeconds`,
  /// at least `minimumRuns`), after `warmUp` untimed ones.
  func time(
    id: String, title: String, command: String, transactions: Int, runs: Int, warmUp: Int = 2, prepare: String? = nil,
    budgetSeconds: Double = 90, minimumRuns: Int = 3
  ) throws -> CommandCase {
    let probe = try once(command, prepare: prepare)
    guard probe.status == 0 else { throw BenchError.failed("\(command) exited with status \(probe.status)") }
    let affordable = Int(budgetSeconds / max(probe.seconds, 0.001))
    let count = max(minimumRuns, min(runs, affordable))
    // The probe run already warmed the page cache; slow commands get no further warm-up.
    let warm = probe.seconds > 1 || probe.seconds * Double(count) > budgetSeconds ? 0 : warmUp
    progress("  \(title): \(count) runs (one run ≈ \(Format.ms(probe.seconds * 1e3)) ms)")
    if let hyperfine {
      let json = directory + "/hyperfine-\(id).json"
      var arguments = [hyperfine, "--runs", "\(count)", "--warmup", "\(warm)", "--style", "none", "--export-json", json]
      if let prepare { arguments += ["--prepare", prepare] }
      arguments.append(command)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: arguments[0])
      process.arguments = Array(arguments.dropFirst())
      process.environment = environment
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      guard process.terminationStatus == 0, let data = FileManager.default.contents(atPath: json),
        let result = try JSONDecoder().decode(HyperfineResults.self, from: data).results.first
      else { throw BenchError.failed("hyperfine failed for \(command)") }
      return CommandCase(
        id: id, title: title, command: command, transactions: transactions, runs: result.times?.count ?? count,
        meanMs: result.mean * 1e3, medianMs: result.median * 1e3, minMs: result.min * 1e3, maxMs: result.max * 1e3,
        stddevMs: (result.stddev ?? 0) * 1e3, tool: "hyperfine")
    }
    for _ in 0..<warm { _ = try once(command, prepare: prepare) }
    var times: [Double] = []
    for _ in 0..<count { times.append(try once(command, prepare: prepare).seconds) }
    let stats = LatencyStats(seconds: times)
    let mean = stats.meanMs
    let variance = times.map { ($0 * 1e3 - mean) * ($0 * 1e3 - mean) }.reduce(0, +) / Double(max(1, times.count - 1))
    return CommandCase(
      id: id, title: title, command: command, transactions: transactions, runs: count, meanMs: mean, medianMs: stats.medianMs,
      minMs: stats.minMs, maxMs: stats.maxMs, stddevMs: variance.squareRoot(), tool: "own loop (sh -c, includes the shell)")
  }
}

enum CommandCases {
  static func quote(_ path: String) -> String { "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'" }

  /// A CSV of `rows` transactions shaped like the dataset's (date, signed amount, payee,
  /// category, description), for `budget import csv`.
  static func writeCSV(rows: Int, spec: DatasetSpec, to path: String) throws {
    var csvSpec = spec
    csvSpec.transactions = rows
    csvSpec.seed = spec.seed &+ 1
    csvSpec.amendRate = 0
    csvSpec.deleteRate = 0
    let world = DatasetWorld(spec: spec)
    let names = Dictionary(uniqueKeysWithValues: world.categories.map { ($0.id, $0.name) })
    var stream = CommandStream(spec: csvSpec, world: world)
    var text = "date,amount,payee,category,description\n"
    text.reserveCapacity(rows * 64)
    while let (batch, _) = stream.nextBatch() {
      for command in batch {
        guard case .addTransaction(let t) = command.command else { continue }
        let units = t.amount.units
        let sign = t.type == .expense ? "-" : ""
        let amount = "\(sign)\(units / 10_000).\(String(format: "%02d", (units % 10_000) / 100))"
        text += "\(t.date),\(amount),\(t.name),\(names[t.category!]!),\(t.description ?? "")\n"
      }
    }
    try text.write(toFile: path, atomically: false, encoding: .utf8)
  }

  /// An empty ledger with the dataset's accounts, categories and periods (for the CLI import).
  static func makeBaseLedger(spec: DatasetSpec, path: String) async throws {
    for file in [path, path + "-lock"] { try? FileManager.default.removeItem(atPath: file) }
    let ledger = try await Ledger(path: path, options: Loader.options(durability: .durable))
    for command in DatasetWorld(spec: spec).setupCommands() { try await ledger.execute(command) }
  }
}
