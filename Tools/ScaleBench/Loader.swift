import BenchSupport
import EventLog
import Foundation
import Ledger
import LedgerDomain
import Synchronization

/// A log clock the loader moves forward with the data, so recorded-at follows the business
/// dates (as if the household had entered each month's transactions at the end of it).
final class SimulatedClock: Sendable {
  private let milliseconds = Atomic<Int64>(0)

  var now: Int64 { milliseconds.load(ordering: .relaxed) }

  func set(_ date: CivilDate) {
    let value = Int64(date.daysSinceEpoch) * 86_400_000 + 18 * 3_600_000
    milliseconds.store(max(value, now), ordering: .relaxed)
  }
}

/// How the cached ledger was generated: the in-process import case, reported beside the CLI's.
struct LoadReport: Codable, Sendable {
  var spec: DatasetSpec
  var date: String
  var commit: String
  var commands: Int
  var adds: Int
  var amends: Int
  var deletes: Int
  var budgets: Int
  var incomePlans: Int
  var rejected: Int
  var rejections: [String]
  var events: UInt64
  var batches: Int
  /// Seconds inside `execute(batch:)` only (the generator's own time excluded).
  var executeSeconds: Double
  var wallSeconds: Double
  var commandsPerSecond: Double
  /// Per-batch latency.
  var batchLatency: LatencyStats
  /// Commands/s in each tenth of the load, to show how the rate changes as the ledger grows.
  var ratePerTenth: [Double]
  /// The five slowest batches: (index, milliseconds) — map growth re-runs show up here.
  var slowestBatches: [[Double]]
  /// Batches that took more than 5× the median.
  var outlierBatches: Int
  var fileBytes: Int64
  var peakResidentBytes: Int64
  var otherCPUShare: Double
}

enum Loader {
  static func options(clock: SimulatedClock? = nil, durability: Durability = .noSync, initialMapGiB: Int? = nil) -> Ledger.Options {
    var log = EventLog.Options(durability: durability)
    if let initialMapGiB { log.initialMapSize = initialMapGiB << 30 }
    if let clock { log.clock = { clock.now } }
    return Ledger.Options(log: log, today: { DatasetSpec.today })
  }

  /// The cached ledger for `spec` (generating it if missing or `force`), with its load report.
  static func cached(_ spec: DatasetSpec, directory: String, force: Bool) async throws -> (path: String, report: LoadReport, fresh: Bool) {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = "\(directory)/\(spec.cacheKey).ledger"
    let reportPath = "\(directory)/\(spec.cacheKey).json"
    // Plain camelCase keys: snake_case does not round-trip names like otherCPUShare.
    let decoder = JSONDecoder()
    if !force, FileManager.default.fileExists(atPath: path), let data = FileManager.default.contents(atPath: reportPath),
      let report = try? decoder.decode(LoadReport.self, from: data), report.spec == spec
    {
      progress("using cached ledger \(path) (generated \(report.date), \(Format.count(Int(report.events))) events)")
      return (path, report, false)
    }
    let temporary = path + ".partial"
    for file in [temporary, temporary + "-lock", path, path + "-lock", reportPath] { try? FileManager.default.removeItem(atPath: file) }
    progress("generating \(Format.count(spec.transactions)) transactions through Ledger.execute(batch:) into \(temporary)")
    let report = try await generate(spec, path: temporary)
    _ = fsyncFile(temporary)
    try FileManager.default.moveItem(atPath: temporary, toPath: path)
    try? FileManager.default.removeItem(atPath: temporary + "-lock")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(report).write(to: URL(fileURLWithPath: reportPath))
    return (path, report, true)
  }

  /// Loads the dataset through the application layer: `Ledger.execute(batch:)`, 2,000 commands
  /// per batch, every projector updated inline, noSync.
  static func generate(_ spec: DatasetSpec, path: String) async throws -> LoadReport {
    let clock = SimulatedClock()
    let world = DatasetWorld(spec: spec)
    clock.set(spec.firstDay)
    let cpuStart = RunContext.cpuTimes()
    let wall = Stopwatch()
    let ledger = try await Ledger(path: path, options: options(clock: clock, initialMapGiB: spec.initialMapGiB))
    for command in world.setupCommands() { try await ledger.execute(command) }
    var stream = CommandStream(spec: spec, world: world)
    var executeSeconds = 0.0
    var batchTimes: [Double] = []
    var rejected = 0
    var rejections: [String] = []
    var commands = 0
    var tenths = [(commands: Int, seconds: Double)](repeating: (0, 0), count: 10)
    var lastReport = Stopwatch()
    while let (batch, lastDate) = stream.nextBatch() {
      clock.set(lastDate)
      let start = ContinuousClock.now
      let results = try await ledger.execute(batch: batch)
      let seconds = Stopwatch.seconds(ContinuousClock.now - start)
      executeSeconds += seconds
      batchTimes.append(seconds)
      let tenth = min(9, stream.counts.adds * 10 / max(1, spec.transactions))
      tenths[tenth].commands += batch.count
      tenths[tenth].seconds += seconds
      commands += batch.count
      for case .failure(let error) in results {
        rejected += 1
        if rejections.count < 5 { rejections.append("\(error)") }
      }
      if lastReport.seconds > 5 {
        lastReport = Stopwatch()
        progress("  \(Format.count(stream.counts.adds)) transactions, \(Format.rate(Double(commands) / executeSeconds)) commands/s so far")
      }
    }
    let cpuEnd = RunContext.cpuTimes()
    let other = max(0, (cpuEnd.machine - cpuStart.machine) - (cpuEnd.ours - cpuStart.ours))
    let report = LoadReport(
      spec: spec, date: RunContext.date(), commit: RunContext.gitCommit(), commands: commands, adds: stream.counts.adds,
      amends: stream.counts.amends, deletes: stream.counts.deletes, budgets: stream.counts.budgets, incomePlans: stream.counts.income,
      rejected: rejected, rejections: rejections, events: ledger.position, batches: batchTimes.count, executeSeconds: executeSeconds,
      wallSeconds: wall.seconds, commandsPerSecond: Double(commands) / executeSeconds, batchLatency: LatencyStats(seconds: batchTimes),
      ratePerTenth: tenths.map { $0.seconds > 0 ? Double($0.commands) / $0.seconds : 0 },
      slowestBatches: batchTimes.enumerated().sorted { $0.element > $1.element }.prefix(5).map { [Double($0.offset), $0.element * 1e3] },
      outlierBatches: batchTimes.filter { $0 > 5 * (batchTimes.sorted()[batchTimes.count / 2]) }.count, fileBytes: fileSize(path),
      peakResidentBytes: peakResidentBytes(), otherCPUShare: other / (wall.seconds * Double(ProcessInfo.processInfo.activeProcessorCount)))
    progress(
      "  loaded \(Format.count(commands)) commands (\(Format.count(report.adds)) adds, \(report.amends) amends, \(report.deletes) deletes, \(report.budgets) budgets) in \(Format.fixed(executeSeconds, digits: 1)) s: \(Format.rate(report.commandsPerSecond)) commands/s; \(rejected) rejected")
    if rejected > 0 { warn("rejected commands, e.g. \(rejections)") }
    return report
  }
}
