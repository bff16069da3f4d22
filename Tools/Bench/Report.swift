import CLMDB
import Foundation

/// Everything one run measured; written as JSON and printed as a table.
struct BenchReport: Codable, Sendable {
  var tool = "ledger-bench"
  var date: String
  var commit: String
  var machine: MachineInfo
  var settings: Settings
  var cases: [CaseReport] = []
  var heap: [HeapReport] = []
  var targets: [TargetReport] = []
  var notes: [String] = []
  /// `/proc/loadavg` (1, 5, 15 minutes) when the run started and when it ended.
  var loadAverageStart: [Double] = []
  var loadAverageEnd: [Double] = []
  /// CPU seconds used during the run by processes other than the harness and its C baseline
  /// (including kernel writeback threads), and the share of the machine's capacity that is.
  var otherCPUSeconds: Double?
  var otherCPUShare: Double?

  /// `true` when no target failed (skipped ones do not count); set by ``evaluateTargets()``.
  var allPassed = false

  /// The sizes the run used.
  struct Settings: Codable, Sendable {
    var rounds: Int
    var durableCommits: Int
    var groupTasks: Int
    var groupAppendsPerTask: Int
    var smallLogEvents: Int
    var bigLogEvents: Int
    var payloadBytes: Int
    var eventsPerStream: Int
    var maxSecondsPerRun: Double
    var baseline: String?
    /// Whether both sides kept zeros written ahead of the data (`--no-headroom`: false).
    var fileHeadroom: Bool
  }

  init(date: String, commit: String, machine: MachineInfo, settings: Settings) {
    self.date = date
    self.commit = commit
    self.machine = machine
    self.settings = settings
  }

  /// Writes the report as pretty-printed JSON with snake_case keys, creating the directory.
  func write(toJSON path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try encoder.encode(self).write(to: url, options: .atomic)
  }
}

/// Throughput of one side of a case (median of the rounds).
struct Throughput: Codable, Sendable {
  var events: Int
  var commits: Int?
  var seconds: Double
  var eventsPerSecond: Double
  var commitsPerSecond: Double?
  /// Events per second of every round, in the order run.
  var roundsEventsPerSecond: [Double]
}

/// One measured case: the Swift number, the C number where there is one, and their ratio.
struct CaseReport: Codable, Sendable {
  /// A stable identifier, e.g. `append-1000-durable`.
  var id: String
  /// What was measured, for people.
  var title: String
  var durability: String?
  var swift: Throughput
  var c: Throughput?
  /// `swift / c` events per second.
  var ratio: Double?
  var notes: [String] = []
}

/// Heap growth while reading the small and the big log.
struct HeapReport: Codable, Sendable {
  /// `scan` or `verify`.
  var operation: String
  var small: HeapMeasurement
  var big: HeapMeasurement
}

/// A target and whether the run met it.
struct TargetReport: Codable, Sendable {
  enum Status: String, Codable, Sendable {
    case pass, fail, skipped
  }

  var id: String
  var requirement: String
  var measured: Double?
  var required: Double
  var unit: String
  var status: Status
  var detail: String
}

/// The machine the numbers come from.
struct MachineInfo: Codable, Sendable {
  var cpuModel: String
  var cores: Int
  var memoryBytes: UInt64
  var os: String
  var lmdbVersion: String

  /// Reads `/proc/cpuinfo` and asks the process and LMDB about the rest.
  static func current() -> MachineInfo {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model =
      cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
      .flatMap { line in line.split(separator: ":", maxSplits: 1).last }
      .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
    let info = ProcessInfo.processInfo
    return MachineInfo(
      cpuModel: model, cores: info.activeProcessorCount, memoryBytes: info.physicalMemory,
      os: info.operatingSystemVersionString, lmdbVersion: String(cString: mdb_version(nil, nil, nil)))
  }
}
