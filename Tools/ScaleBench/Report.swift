import Foundation

/// Everything one run measured; written as JSON and printed as tables.
struct ScaleReport: Codable, Sendable {
  var tool = "ledger-scale-bench"
  var date: String
  var commit: String
  var machine: MachineInfo
  var settings: Settings
  var dataset: DatasetSummary?
  /// The in-process import: generating the cached ledger (measured once, when the cache was made).
  var importInProcess: ImportCase?
  var importCLI: CommandCase?
  var sqliteLoad: SQLiteLoad?
  var open: OpenCase?
  var rebuilds: [RebuildCase] = []
  var queries: [QueryCase] = []
  var pagingWalk: PagingWalk?
  var amend: AmendCase?
  var commands: [CommandCase] = []
  /// `tx add`, `tx amend`, `history tx`, `account list` on the big ledger and a small one.
  var everydayCommands: [EverydayCommandCase] = []
  /// `sqlite3 .import` of the CSV `budget import csv` reads, in the same run.
  var sqliteImport: CommandCase?
  /// `budget serve` from start to its first answered write, on the big ledger and the small one.
  var serve: ServeCase?
  var serveSmall: ServeCase?
  var targets: [TargetReport] = []
  var notes: [String] = []
  var loadAverageStart: [Double] = []
  var loadAverageEnd: [Double] = []
  var otherCPUSeconds: Double?
  var otherCPUShare: Double?
  /// Heavy processes (compilers, builds, test runners) seen at each phase.
  var interference: [String] = []
  /// Per phase: in how many 2-second samples other heavy processes ran, and which.
  var interferenceByPhase: [String: PhaseInterference] = [:]
  /// Per phase: CPU used by other processes as a share of the machine (includes waits for quiet).
  var otherCPUShareByPhase: [String: Double] = [:]
  var allPassed = false

  struct Settings: Codable, Sendable {
    var transactions: Int
    var peerTransactions: Int
    var seed: UInt64
    var queriesPerKind: Int
    var rebuildRounds: Int
    var amendsPerSide: Int
    var commandRuns: Int
    var sqliteSecondsPerKind: Double
    var cases: [String]
  }

  func write(toJSON path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try encoder.encode(self).write(to: url, options: .atomic)
  }
}

struct PhaseInterference: Codable, Sendable {
  var samples: Int
  var of: Int
  var programs: [String]
}

struct DatasetSummary: Codable, Sendable {
  var transactions: Int
  var events: UInt64
  var liveTransactions: Int
  var accounts: Int
  var categories: Int
  var months: Int
  var budgets: Int
  var firstDay: String
  var lastDay: String
  var fileBytes: Int64
  var cacheKey: String
}

struct ImportCase: Codable, Sendable {
  var load: LoadReport
  /// `true` when the numbers were measured in this run (the cache was generated now).
  var measuredThisRun: Bool
}

struct SQLiteLoad: Codable, Sendable {
  var rows: Int
  var seconds: Double
  var rowsPerSecond: Double
  var dbBytes: Int64
  var sqliteVersion: String
  /// Building the FTS5 index of the loaded rows.
  var ftsSeconds: Double?
}

struct OpenCase: Codable, Sendable {
  /// `Ledger(path:)`: opens the log and checks the projections.
  var seconds: Double
  /// The first read of `ledger.state`: folds every event into the rules' state (the first
  /// command pays the same).
  var stateFoldSeconds: Double
  var events: UInt64
  var residentBytesAfter: Int64
}

struct RebuildCase: Codable, Sendable {
  var id: String
  var projectors: [String]
  var events: UInt64
  var roundsSeconds: [Double]
  var seconds: Double
  var eventsPerSecond: Double
  /// Events/s of the in-memory fold alone, from the engine's progress callbacks.
  var foldEventsPerSecond: Double?
  /// fsync of the file after the rebuild (the run is noSync), median.
  var fsyncSeconds: Double
  /// CPU seconds the process used during the rebuild (all threads), median: steadier than
  /// the wall time on a host whose other guests take CPU away.
  var cpuSeconds: Double?
  var peakResidentBytes: Int64
  /// Stored rows (every version) of the rebuilt projectors afterwards, and per event.
  var rows: Int
  var rowsPerEvent: Double
  /// Rows/s of what is left after the fold (writing the new generation, clearing the old).
  var writeRowsPerSecond: Double?
  /// Seconds raw LMDB in C takes to write as many (smaller) rows with `MDB_APPEND` in this run
  /// (``LMDBRowsFloor``), and the events/s that floor allows: no rebuild can beat it.
  var floorSeconds: Double?
  var floorEventsPerSecond: Double?
  /// The rebuild's seconds / the floor's seconds: how many times the floor it takes.
  var floorRatio: Double?
}

struct QueryCase: Codable, Sendable {
  var id: String
  var title: String
  var ours: LatencyStats
  var targetMs: Double?
  /// SQLite's answer to the same question, where it has one.
  var sqliteKind: String?
  /// When set, the target is to be at most this many times slower than SQLite (median): for
  /// the FTS5 cases, whose bar is not the 10×-faster one.
  var maxRatioToSQLite: Double?
  /// Whether ours ÷ SQLite is reported (``ratioToSQLite``) without a target: a reference.
  var referenceRatio = false
  var sqlite: LatencyStats?
  /// SQLite median / our median.
  var speedup: Double?
  /// Our median / SQLite's, where ``maxRatioToSQLite`` is set.
  var ratioToSQLite: Double?
  /// Answers compared with SQLite (first 20 queries) and how many agreed.
  var checksCompared: Int = 0
  var checksAgreed: Int = 0
  var checkExample: String?
  var notes: [String] = []
}

struct PagingWalk: Codable, Sendable {
  /// Pages read walking every account's log from the newest row to the first.
  var pages: Int
  var latency: LatencyStats
}

struct AmendCase: Codable, Sendable {
  var old: LatencyStats
  var recent: LatencyStats
  var oldDates: String
  var recentDates: String
  /// median(old) / median(recent).
  var ratio: Double
}

/// A whole-process command timed with hyperfine (or our own loop).
struct CommandCase: Codable, Sendable {
  var id: String
  var title: String
  var command: String
  var transactions: Int
  var runs: Int
  var meanMs: Double
  var medianMs: Double
  var minMs: Double
  var maxMs: Double
  var stddevMs: Double
  var tool: String
  /// For imports: rows per second of the whole process (median run).
  var rowsPerSecond: Double?
  var notes: [String] = []
}

struct TargetReport: Codable, Sendable {
  enum Status: String, Codable, Sendable { case pass, fail, skipped }
  var id: String
  var requirement: String
  var measured: Double?
  var unit: String
  var status: Status
  var detail: String
}
