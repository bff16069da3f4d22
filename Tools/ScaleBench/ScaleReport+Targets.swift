import Foundation

/// The bars of the scale benchmark, judged against a run's cases.
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
