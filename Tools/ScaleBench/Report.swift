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

extension ScaleReport {
  static func rebuildDetail(_ rebuild: RebuildCase) -> String {
    var detail = "\(Format.count(Int(rebuild.events))) events in \(Format.fixed(rebuild.seconds, digits: 2)) s (median)"
    if let floor = rebuild.floorSeconds, let rate = rebuild.floorEventsPerSecond {
      detail +=
        "; raw LMDB in C writes its \(Format.count(rebuild.rows)) rows alone in \(Format.fixed(floor, digits: 2)) s: at most \(Format.rate(rate)) events/s"
      if let ratio = rebuild.floorRatio { detail += "; the rebuild takes \(Format.significant(ratio))× the floor" }
    }
    return detail
  }

  /// Fills ``targets`` from the cases.
  mutating func evaluateTargets() {
    var results: [TargetReport] = []
    func add(
      _ id: String, _ requirement: String, _ measured: Double?, unit: String, pass: (Double) -> Bool, detail: String
    ) {
      guard let measured else {
        results.append(
          TargetReport(
            id: id, requirement: requirement, measured: nil, unit: unit, status: .skipped,
            detail: "not measured in this run"))
        return
      }
      results.append(
        TargetReport(
          id: id, requirement: requirement, measured: measured, unit: unit, status: pass(measured) ? .pass : .fail,
          detail: detail))
    }
    // The in-process import (every row decided on the writer, all four projections folded
    // inline: the path of single commands) is reported in its section as a reference, not
    // judged: the import target is the CLI's (`budget import csv`, below).
    fillFloorRatios()
    let three = rebuilds.first { $0.id == "three" }
    add(
      "rebuild-three", "rebuild running-balances + category-totals + budget-vs-actual ≥ 1 M events/s",
      three?.eventsPerSecond,
      unit: "events/s", pass: { $0 >= 1_000_000 }, detail: three.map(Self.rebuildDetail) ?? "")
    let all = rebuilds.first { $0.id == "all" }
    add(
      "rebuild-all", "rebuild all 4 projectors incl. transaction-index ≥ 300 k events/s", all?.eventsPerSecond,
      unit: "events/s", pass: { $0 >= 300_000 }, detail: all.map(Self.rebuildDetail) ?? "")
    for query in queries {
      if let target = query.targetMs {
        add(
          "query-\(query.id)", "\(query.title): median ≤ \(Format.ms(target)) ms", query.ours.medianMs, unit: "ms",
          pass: { $0 <= target },
          detail:
            "median \(Format.ms(query.ours.medianMs)) ms, p99 \(Format.ms(query.ours.p99Ms)) ms (p99 \(query.ours.p99Ms <= target ? "also within" : "over") the target) over \(Format.count(query.ours.count)) queries"
        )
      }
    }
    for (id, target) in [
      ("budget-bills", SchedulesCase.billsCLITargetMs), ("budget-forecast", SchedulesCase.forecastCLITargetMs),
    ] {
      guard let command = commands.first(where: { $0.id == id }) else { continue }
      add(
        "cli-\(id)", "\(command.title): whole process, median ≤ \(Format.ms(target)) ms", command.medianMs, unit: "ms",
        pass: { $0 <= target },
        detail: "median \(Format.ms(command.medianMs)) ms over \(command.runs) runs (\(command.tool))")
    }
    for query in queries where query.sqlite != nil && query.maxRatioToSQLite != nil {
      let bound = query.maxRatioToSQLite!
      add(
        "fts-\(query.id)", "\(query.title): within \(Format.significant(bound))× of SQLite FTS5 (median)",
        query.ratioToSQLite,
        unit: "× FTS5", pass: { $0 <= bound },
        detail:
          "ours \(Format.ms(query.ours.medianMs)) ms vs FTS5 \(Format.ms(query.sqlite!.medianMs)) ms median (p99 \(Format.ms(query.ours.p99Ms)) vs \(Format.ms(query.sqlite!.p99Ms)) ms); answers agreed \(query.checksAgreed)/\(query.checksCompared)"
      )
    }
    for query in queries where query.sqlite != nil && query.maxRatioToSQLite == nil && !query.referenceRatio {
      add(
        "sqlite-\(query.id)", "\(query.title): ≥ 10× faster than SQLite (median)", query.speedup, unit: "× SQLite",
        pass: { $0 >= 10 },
        detail:
          "ours \(Format.ms(query.ours.medianMs)) ms vs SQLite (\(query.sqliteKind ?? "")) \(Format.ms(query.sqlite!.medianMs)) ms median; answers agreed \(query.checksAgreed)/\(query.checksCompared)"
      )
    }
    if let amend {
      add(
        "amend-backdated", "back-dated amend ≤ 2× amend of a recent transaction (median)", amend.ratio, unit: "×",
        pass: { $0 <= 2 },
        detail:
          "old \(Format.ms(amend.old.medianMs)) ms vs recent \(Format.ms(amend.recent.medianMs)) ms median, \(amend.old.count) each"
      )
    }
    for command in commands where command.id.hasPrefix("budget-report") {
      add(
        command.id, "\(command.title) ≤ 50 ms whole process (median)", command.medianMs, unit: "ms", pass: { $0 <= 50 },
        detail:
          "median \(Format.ms(command.medianMs)) ms, mean \(Format.ms(command.meanMs)) ± \(Format.ms(command.stddevMs)) ms over \(command.runs) runs (\(command.tool))"
      )
    }
    evaluateNextTargets { add($0, $1, $2, unit: $3, pass: $4, detail: $5) }
    for command in commands where command.id == UndoCase.id {
      add(
        command.id, "\(command.title) ≤ 5 s whole process (median)", command.medianMs / 1e3, unit: "s",
        pass: { $0 <= UndoCase.targetSeconds },
        detail: "median \(Format.ms(command.medianMs)) ms over \(command.runs) runs (\(command.tool))")
    }
    targets = results
    allPassed = !results.contains { $0.status == .fail }
  }

  /// The human-readable report.
  var text: String {
    var lines: [String] = []
    lines.append(
      "ledger-scale-bench — \(machine.cpuModel), \(machine.cores) cores, \(Format.bytes(Int64(machine.memoryBytes))) RAM, \(date), commit \(commit), \(machine.lmdbVersion)"
    )
    if let dataset {
      lines.append(
        "dataset: \(Format.count(dataset.transactions)) transactions (\(Format.count(dataset.liveTransactions)) live), \(Format.count(Int(dataset.events))) events, \(dataset.firstDay)…\(dataset.lastDay), \(dataset.accounts) accounts, \(dataset.categories) categories, \(Format.count(dataset.budgets)) budgets, file \(Format.bytes(dataset.fileBytes))"
      )
    }
    lines.append("")
    lines.append("Import")
    if let load = importInProcess?.load {
      lines.append(
        "  Ledger.execute(batch:) ×\(load.spec.batchSize), noSync, 4 projectors: \(Format.rate(load.commandsPerSecond)) rows/s (\(Format.count(load.commands)) commands in \(Format.fixed(load.executeSeconds, digits: 1)) s; per batch median \(Format.ms(load.batchLatency.medianMs)) ms, p99 \(Format.ms(load.batchLatency.p99Ms)) ms)"
          + (importInProcess!.measuredThisRun ? "" : " [from cache, \(load.date)]"))
      lines.append("    rate per tenth of the load: " + load.ratePerTenth.map(Format.rate).joined(separator: ", "))
      lines.append(
        "    slowest batches (index: ms): "
          + load.slowestBatches.map { "\(Int($0[0])): \(Format.ms($0[1]))" }.joined(separator: ", ")
          + "; \(load.outlierBatches) batches over 5× the median")
    }
    if let cli = importCLI {
      lines.append(
        "  budget import csv, \(Format.count(cli.transactions)) rows, whole process: median \(Format.ms(cli.medianMs)) ms → \(Format.rate(cli.rowsPerSecond ?? 0)) rows/s (\(cli.runs) runs)"
      )
    }
    if let sqliteLoad {
      lines.append(
        "  SQLite \(sqliteLoad.sqliteVersion) load, same rows, 2,000 per transaction, synchronous=OFF, seed 000 indexes: \(Format.rate(sqliteLoad.rowsPerSecond)) rows/s (\(Format.fixed(sqliteLoad.seconds, digits: 1)) s, db \(Format.bytes(sqliteLoad.dbBytes)))"
          + (sqliteLoad.ftsSeconds.map { "; FTS5 index built in \(Format.fixed($0, digits: 1)) s" } ?? ""))
    }
    if let open {
      lines.append("")
      lines.append(
        "Open: Ledger(path:) \(Format.ms(open.seconds * 1e3)) ms; first read of ledger.state folds \(Format.count(Int(open.events))) events in \(Format.fixed(open.stateFoldSeconds, digits: 2)) s; RSS after \(Format.bytes(open.residentBytesAfter))"
      )
    }
    if !rebuilds.isEmpty {
      lines.append("")
      lines.append("Rebuild (projections.rebuild(names), noSync; median of rounds)")
      lines.append(
        "  "
          + [
            Format.pad("projectors", 58), Format.pad("seconds", 8, right: true),
            Format.pad("events/s", 10, right: true), Format.pad("fold ev/s", 10, right: true),
            Format.pad("fsync s", 8, right: true), Format.pad("CPU s", 6, right: true),
            Format.pad("peak RSS", 10, right: true), Format.pad("rows/event", 10, right: true),
            Format.pad("write rows/s", 12, right: true), Format.pad("C floor ev/s", 12, right: true),
            Format.pad("× floor", 7, right: true),
          ].joined(separator: " "))
      for rebuild in rebuilds {
        lines.append(
          "  "
            + [
              Format.pad(rebuild.projectors.joined(separator: " + "), 58),
              Format.pad(Format.fixed(rebuild.seconds, digits: 2), 8, right: true),
              Format.pad(Format.rate(rebuild.eventsPerSecond), 10, right: true),
              Format.pad(rebuild.foldEventsPerSecond.map(Format.rate) ?? "—", 10, right: true),
              Format.pad(Format.fixed(rebuild.fsyncSeconds, digits: 2), 8, right: true),
              Format.pad(rebuild.cpuSeconds.map { Format.fixed($0, digits: 2) } ?? "—", 6, right: true),
              Format.pad(Format.bytes(rebuild.peakResidentBytes), 10, right: true),
              Format.pad(Format.fixed(rebuild.rowsPerEvent, digits: 1), 10, right: true),
              Format.pad(rebuild.writeRowsPerSecond.map(Format.rate) ?? "—", 12, right: true),
              Format.pad(rebuild.floorEventsPerSecond.map(Format.rate) ?? "—", 12, right: true),
              Format.pad(rebuild.floorRatio.map { Format.significant($0) + "×" } ?? "—", 7, right: true),
            ].joined(separator: " "))
      }
    }
    if !queries.isEmpty {
      lines.append("")
      lines.append("Queries in process (ms; SQLite: same question, same parameters, prepared statements)")
      lines.append(
        "  "
          + [
            Format.pad("query", 46), Format.pad("n", 6, right: true), Format.pad("median", 8, right: true),
            Format.pad("p99", 8, right: true), Format.pad("target", 7, right: true),
            Format.pad("SQLite n", 8, right: true), Format.pad("median", 8, right: true),
            Format.pad("p99", 8, right: true), Format.pad("speedup", 8, right: true),
            Format.pad("agree", 6, right: true),
          ].joined(separator: " "))
      for query in queries {
        lines.append(
          "  "
            + [
              Format.pad(query.title, 46), Format.pad(Format.count(query.ours.count), 6, right: true),
              Format.pad(Format.ms(query.ours.medianMs), 8, right: true),
              Format.pad(Format.ms(query.ours.p99Ms), 8, right: true),
              Format.pad(query.targetMs.map { "≤" + Format.ms($0) } ?? "—", 7, right: true),
              Format.pad(query.sqlite.map { Format.count($0.count) } ?? "—", 8, right: true),
              Format.pad(query.sqlite.map { Format.ms($0.medianMs) } ?? "—", 8, right: true),
              Format.pad(query.sqlite.map { Format.ms($0.p99Ms) } ?? "—", 8, right: true),
              Format.pad(query.speedup.map { Format.significant($0) + "×" } ?? "—", 8, right: true),
              Format.pad(
                query.checksCompared > 0 ? "\(query.checksAgreed)/\(query.checksCompared)" : "—", 6, right: true),
            ].joined(separator: " "))
        for note in query.notes { lines.append("      \(note)") }
      }
      if let pagingWalk {
        lines.append(
          "  walking every account's log page by page (\(Format.count(pagingWalk.pages)) pages): median \(Format.ms(pagingWalk.latency.medianMs)) ms, p99 \(Format.ms(pagingWalk.latency.p99Ms)) ms"
        )
      }
    }
    if let amend {
      lines.append("")
      lines.append("Amend (execute(.amendTransaction), one command per commit, noSync)")
      lines.append(
        "  back-dated (\(amend.oldDates)): median \(Format.ms(amend.old.medianMs)) ms, p99 \(Format.ms(amend.old.p99Ms)) ms"
      )
      lines.append(
        "  recent (\(amend.recentDates)): median \(Format.ms(amend.recent.medianMs)) ms, p99 \(Format.ms(amend.recent.p99Ms)) ms"
      )
      lines.append("  ratio \(Format.fixed(amend.ratio, digits: 2))×")
    }
    if !commands.isEmpty {
      lines.append("")
      lines.append("Whole-process commands (ms)")
      lines.append(
        "  "
          + [
            Format.pad("command", 58), Format.pad("rows", 10, right: true), Format.pad("runs", 5, right: true),
            Format.pad("median", 9, right: true), Format.pad("mean", 9, right: true),
            Format.pad("± sd", 8, right: true), Format.pad("min", 9, right: true),
          ].joined(separator: " "))
      for command in commands {
        lines.append(
          "  "
            + [
              Format.pad(command.title, 58), Format.pad(Format.count(command.transactions), 10, right: true),
              Format.pad("\(command.runs)", 5, right: true),
              Format.pad(Format.ms(command.medianMs), 9, right: true),
              Format.pad(Format.ms(command.meanMs), 9, right: true),
              Format.pad(Format.ms(command.stddevMs), 8, right: true),
              Format.pad(Format.ms(command.minMs), 9, right: true),
            ].joined(separator: " "))
        for note in command.notes { lines.append("      \(note)") }
      }
    }
    lines += nextTargetsText
    lines.append("")
    lines.append("Targets:")
    for target in targets {
      lines.append("  \(Format.pad(target.status.rawValue.uppercased(), 7)) \(target.requirement)")
      lines.append("          \(target.detail)")
    }
    for note in notes { lines.append("note: \(note)") }
    return lines.joined(separator: "\n")
  }
}
