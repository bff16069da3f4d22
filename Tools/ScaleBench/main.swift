// ledger-scale-bench: projections, queries and the CLI at the scale of a 10-year household
// ledger (1 M transactions), with same-run SQLite, hledger and ledger baselines.
//
//   bash Tools/scale-bench.sh            # builds everything, then runs this
//   bash Tools/scale-bench.sh --quick    # 100 k transactions, a few minutes
//
// See docs/benchmarks.md, "Tools/scale-bench.sh" and "What is measured".
import BenchSupport
import Foundation
import Ledger
import LedgerDomain
import ProjectionEngine

enum ScaleBench {
  static func main(_ arguments: [String]) async -> Int32 {
    let options: ScaleOptions
    do {
      options = try ScaleOptions.parse(arguments)
    } catch {
      print("\(error)")
      return arguments.contains("-h") || arguments.contains("--help") ? 0 : 2
    }
    do {
      let report = try await run(options)
      print(report.text)
      try report.write(toJSON: options.jsonPath)
      print("\nJSON report: \(options.jsonPath)")
      return options.strict && !report.allPassed ? 1 : 0
    } catch {
      warn("\(error)")
      return 1
    }
  }

  static func run(_ options: ScaleOptions) async throws -> ScaleReport {
    let settings = ScaleReport.Settings(
      transactions: options.transactions, peerTransactions: options.peerTransactions, seed: options.seed,
      queriesPerKind: options.queries, rebuildRounds: options.rebuildRounds, amendsPerSide: options.amends,
      commandRuns: options.commandRuns, sqliteSecondsPerKind: options.sqliteSeconds,
      cases: options.cases.map(\.rawValue).sorted())
    var report = ScaleReport(
      date: RunContext.date(), commit: RunContext.gitCommit(), machine: .current(), settings: settings)
    report.loadAverageStart = RunContext.loadAverage()
    func checkInterference(_ phase: String) {
      if options.waitQuietSeconds > 0 {
        let waited = Stopwatch()
        var quietSince: Stopwatch?
        while waited.seconds < options.waitQuietSeconds {
          if RunContext.heavyProcesses().isEmpty {
            if quietSince == nil { quietSince = Stopwatch() }
            if quietSince!.seconds >= 5 { break }
          } else {
            quietSince = nil
          }
          usleep(500_000)
        }
        if waited.seconds > 6 {
          report.notes.append(
            "waited \(Format.fixed(waited.seconds, digits: 0)) s for other builds to finish before \(phase)")
        }
      }
      let heavy = RunContext.heavyProcesses()
      if !heavy.isEmpty {
        report.interference.append("\(phase): \(heavy.joined(separator: ", "))")
        warn("other heavy processes during \(phase): \(heavy.joined(separator: ", "))")
      }
    }
    checkInterference("start")
    let sampler = InterferenceSampler()
    sampler.start()
    func phase(_ name: String) {
      sampler.phase("waiting")
      checkInterference(name)
      sampler.phase(name)
    }
    let cpuStart = RunContext.cpuTimes()
    let wall = Stopwatch()

    // The dataset: generated once through the import path, then cached.
    var spec = DatasetSpec(transactions: options.transactions, seed: options.seed)
    spec.initialMapGiB = options.initialMapGiB
    spec.shape = options.shape == .household ? nil : options.shape
    sampler.phase("import")
    let cached = try await Loader.cached(spec, directory: options.cacheDirectory, force: options.regenerate)
    report.importInProcess = ImportCase(load: cached.report, measuredThisRun: cached.fresh)
    phase("open")

    let scratch = "\(options.scratchParent)/ledger-scale-bench-\(getpid())"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { if !options.keepScratch { try? FileManager.default.removeItem(atPath: scratch) } }
    let path = scratch + "/main.ledger"
    progress("copying the ledger to \(path)")
    try FileManager.default.copyItem(atPath: cached.path, toPath: path)
    // Written back now, before anything is timed: otherwise the kernel writes the copy's
    // gigabytes back while the first phases run (a fresh copy's first `budget projections
    // rebuild` took 4.8 s unsynced, 3.2–3.5 s synced).
    let copySync = fsyncFile(path)
    progress("copy written back in \(Format.fixed(copySync, digits: 1)) s")

    progress("opening it")
    let openStart = ContinuousClock.now
    let ledger = try await Ledger(path: path, options: Loader.options())
    let openSeconds = Stopwatch.seconds(ContinuousClock.now - openStart)
    let stale = try ledger.staleProjections()
    if !stale.isEmpty { throw BenchError.failed("the cached ledger has stale projectors: \(stale)") }
    let foldStart = ContinuousClock.now
    let state = ledger.state
    let foldSeconds = Stopwatch.seconds(ContinuousClock.now - foldStart)
    report.open = OpenCase(
      seconds: openSeconds, stateFoldSeconds: foldSeconds, events: ledger.position, residentBytesAfter: residentBytes())
    let world = DatasetWorld(spec: spec)
    report.dataset = DatasetSummary(
      transactions: spec.transactions, events: ledger.position,
      liveTransactions: state.transactions.values.filter { !$0.isDeleted }.count,
      accounts: state.accounts.count, categories: state.categories.count, months: spec.years * 12,
      budgets: state.budgets.values.reduce(0) { $0 + $1.count }, firstDay: spec.firstDay.description,
      lastDay: DatasetSpec.today.description,
      fileBytes: fileSize(path), cacheKey: spec.cacheKey)

    if options.cases.contains(.query) {
      progress("queries (\(options.queries) per kind)")
      phase("queries")
      var runner = QueryRunner(ledger: ledger, world: world, spec: spec, count: options.queries)
      let (cursors, walk) = try runner.walkLogs()
      report.pagingWalk = walk
      var (cases, lines, digests) = try runner.run(cursors: cursors)
      let searches = try SearchCases(ledger: ledger, world: world, count: min(options.queries, 200)).run()
      cases += searches.cases
      lines += searches.sqliteLines
      digests.merge(searches.digests) { first, _ in first }
      if options.cases.contains(.sqlite), let executable = options.sqliteBaselinePath {
        progress("SQLite baseline: export, load, same questions")
        phase("sqlite")
        let sqlite = SQLiteBaseline(executable: executable, directory: scratch + "/sqlite")
        let live = try sqlite.export(state, world: world)
        report.sqliteLoad = try sqlite.load()
        progress("  loaded \(Format.count(live)) rows in \(Format.fixed(report.sqliteLoad!.seconds, digits: 1)) s")
        let results = try sqlite.query(lines: lines, maxSecondsPerKind: options.sqliteSeconds)
        for index in cases.indices {
          guard let kind = cases[index].sqliteKind, let result = results[kind] else { continue }
          cases[index].sqlite = LatencyStats(
            count: result.count, medianMs: result.medianMs, p99Ms: result.p99Ms, meanMs: result.meanMs, minMs: 0,
            maxMs: result.maxMs)
          cases[index].speedup = result.medianMs / cases[index].ours.medianMs
          if cases[index].referenceRatio {
            let ratio = cases[index].ours.medianMs / result.medianMs
            cases[index].ratioToSQLite = ratio
            cases[index].notes.append("ours ÷ FTS5 as typed (medians) \(Format.significant(ratio))× (no target)")
          }
          if let bound = cases[index].maxRatioToSQLite {
            let ratio = cases[index].ours.medianMs / result.medianMs
            cases[index].ratioToSQLite = ratio
            cases[index].notes.append(
              "ours ÷ FTS5 (medians) \(Format.significant(ratio))× (bar ≤ \(Format.significant(bound))×): \(ratio <= bound ? "PASS" : "FAIL")"
            )
          }
          if result.count < cases[index].ours.count {
            cases[index].notes.append(
              "SQLite ran the first \(Format.count(result.count)) of the same parameters (\(Format.fixed(options.sqliteSeconds, digits: 0)) s budget)"
            )
          }
          let ours = digests[cases[index].id] ?? []
          let compared = min(ours.count, result.checks.count)
          cases[index].checksCompared = compared
          cases[index].checksAgreed = (0..<compared).filter { ours[$0] == result.checks[$0] }.count
          if let mismatch = (0..<compared).first(where: { ours[$0] != result.checks[$0] }) {
            cases[index].notes.append(
              "answer \(mismatch + 1) differs: ours \(ours[mismatch]), SQLite \(result.checks[mismatch])")
          } else if compared > 0 {
            cases[index].checkExample = ours[0]
          }
          if kind == "page-window", let sum = results["page-sum"] {
            cases[index].notes.append(
              "SQLite page via SUM to the cursor + 50 rows (no window): median \(Format.ms(sum.medianMs)) ms, p99 \(Format.ms(sum.p99Ms)) ms (\(Format.count(sum.count)) queries) → \(Format.significant(sum.medianMs / cases[index].ours.medianMs))×"
            )
          }
        }
      }
      report.queries = cases
    }

    if options.cases.contains(.rebuild) {
      progress("rebuilds (\(options.rebuildRounds) rounds each)")
      phase("rebuild")
      let floor = options.lmdbRowsPath.map { LMDBRowsFloor(executable: $0, directory: scratch + "/lmdb-rows") }
      report.rebuilds = try await MutatingCases.rebuild(
        ledger, path: path, rounds: options.rebuildRounds, only: options.rebuildSets, floor: floor)
    }

    if options.cases.contains(.amend) {
      progress("amends (\(options.amends) back-dated, \(options.amends) recent)")
      phase("amend")
      report.amend = try await MutatingCases.amend(ledger, spec: spec, count: options.amends)
    }

    let timer = CommandTimer(hyperfine: RunContext.which("hyperfine"), directory: scratch)
    if timer.hyperfine == nil {
      report.notes.append("hyperfine not installed: whole-process times come from a plain loop through sh -c")
    }
    let wantsPeers = options.cases.contains(.cli) || options.cases.contains(.importCLI)
    if wantsPeers, let budget = options.budgetPath {
      let peerSpec = DatasetSpec(transactions: options.peerTransactions, seed: options.seed)
      let month = "2025-11"
      if options.cases.contains(.cli) {
        progress("whole-process commands")
        phase("cli")
        let q = CommandCases.quote
        report.commands.append(
          try timer.time(
            id: "budget-report-main", title: "budget report budget-vs-actual (\(Format.count(spec.transactions)) tx)",
            command: "\(q(budget)) report budget-vs-actual --month \(month) --ledger \(q(path))",
            transactions: spec.transactions,
            runs: options.commandRuns))
        // Lists read the entities' own streams and the read models: no fold of the history
        // (`tx add` and `account list` have bars: the `commands` case).
        for (id, words) in [("budget-category-list-main", "category list")] {
          var listed = try timer.time(
            id: id, title: "budget \(words) (\(Format.count(spec.transactions)) tx)",
            command: "\(q(budget)) \(words) --ledger \(q(path))", transactions: spec.transactions,
            runs: options.commandRuns)
          listed.notes.append("not a target: the entities' own streams and the read models, no fold of the history")
          report.commands.append(listed)
        }
        // Peers on the smaller ledger (hledger needs seconds per 100 k transactions).
        let peer =
          peerSpec == spec
          ? (path: cached.path, report: cached.report, fresh: false)
          : try await Loader.cached(peerSpec, directory: options.cacheDirectory, force: false)
        if peer.fresh {
          report.notes.append(
            "generated the \(Format.count(peerSpec.transactions))-transaction peer ledger in this run: \(Format.rate(peer.report.commandsPerSecond)) commands/s through Ledger.execute(batch:)"
          )
        }
        let peerPath = scratch + "/peer.ledger"
        if peerSpec == spec {
          try FileManager.default.copyItem(atPath: path, toPath: peerPath)
        } else {
          try FileManager.default.copyItem(atPath: peer.path, toPath: peerPath)
        }
        let journal = scratch + "/peer.journal"
        var export = try timer.time(
          id: "budget-export-peer", title: "budget export hledger (\(Format.count(peerSpec.transactions)) tx)",
          command: "\(q(budget)) export hledger --ledger \(q(peerPath)) -o \(q(journal)) --force",
          transactions: peerSpec.transactions, runs: 3, warmUp: 0)
        export.notes.append("journal \(Format.bytes(fileSize(journal)))")
        if peerSpec != spec {
          report.commands.append(
            try timer.time(
              id: "budget-report-peer",
              title: "budget report budget-vs-actual (\(Format.count(peerSpec.transactions)) tx)",
              command: "\(q(budget)) report budget-vs-actual --month \(month) --ledger \(q(peerPath))",
              transactions: peerSpec.transactions,
              runs: options.commandRuns))
        }
        report.commands.append(export)
        for (tool, arguments) in [("hledger", "balance -p \(month)"), ("ledger", "balance -p \(month)")] {
          guard let executable = RunContext.which(tool) else {
            report.notes.append("\(tool) not installed: its case was skipped")
            continue
          }
          report.commands.append(
            try timer.time(
              id: "\(tool)-peer", title: "\(tool) \(arguments) (\(Format.count(peerSpec.transactions)) tx)",
              command: "\(q(executable)) -f \(q(journal)) \(arguments)", transactions: peerSpec.transactions,
              runs: options.commandRuns,
              budgetSeconds: 120))
        }
        if options.peersAtFullSize && peerSpec != spec {
          let fullJournal = scratch + "/main.journal"
          report.commands.append(
            try timer.time(
              id: "budget-export-main", title: "budget export hledger (\(Format.count(spec.transactions)) tx)",
              command: "\(q(budget)) export hledger --ledger \(q(path)) -o \(q(fullJournal)) --force",
              transactions: spec.transactions, runs: 1, warmUp: 0, minimumRuns: 1))
          for tool in ["hledger", "ledger"] {
            guard let executable = RunContext.which(tool) else { continue }
            report.commands.append(
              try timer.time(
                id: "\(tool)-main", title: "\(tool) balance -p \(month) (\(Format.count(spec.transactions)) tx)",
                command: "\(q(executable)) -f \(q(fullJournal)) balance -p \(month)", transactions: spec.transactions,
                runs: 3,
                warmUp: 0, budgetSeconds: 300, minimumRuns: 1))
          }
        }
      }
      if options.cases.contains(.importCLI) {
        // The CSV carries the dataset's kind of text (a bank statement's with --dataset bank).
        var importSpec = DatasetSpec(transactions: options.importRows, seed: options.seed)
        importSpec.shape = spec.shape
        progress("budget import csv (\(Format.count(importSpec.transactions)) rows)")
        phase("import-cli")
        let q = CommandCases.quote
        let base = scratch + "/import-base.ledger", target = scratch + "/import.ledger", csv = scratch + "/import.csv"
        try await CommandCases.makeBaseLedger(spec: spec, path: base)
        try CommandCases.writeCSV(rows: importSpec.transactions, spec: importSpec, to: csv)
        // `sync`: the last run's file, just deleted, is freed on disk before the next run starts,
        // not while it runs.
        let prepare = "rm -f \(q(target)) \(q(target + "-lock")) && cp \(q(base)) \(q(target)) && sync"
        let command =
          "\(q(budget)) import csv \(q(csv)) --account Checking --description-column description --ledger \(q(target))"
        let check = try timer.once(command, prepare: prepare)
        guard check.status == 0, check.output.contains("added \(importSpec.transactions),") else {
          throw BenchError.failed("budget import csv did not add every row: \(check.output.prefix(300))")
        }
        var result = try timer.time(
          id: "budget-import-csv", title: "budget import csv (\(Format.count(importSpec.transactions)) rows)",
          command: command,
          transactions: importSpec.transactions, runs: 5, warmUp: 0, prepare: prepare, budgetSeconds: 120)
        result.rowsPerSecond = Double(importSpec.transactions) / (result.medianMs / 1e3)
        result.notes.append(
          "fresh ledger per run (accounts and categories only; the last run's file deleted and synced first); the CLI opens it durable: one fsync per 2,000-row batch"
        )
        report.importCLI = result
        if let sqlite3 = RunContext.which("sqlite3") {
          progress("sqlite3 .import of the same CSV")
          report.sqliteImport = try SQLiteImport(executable: sqlite3, directory: scratch + "/sqlite-import")
            .time(csv: csv, rows: importSpec.transactions, timer: timer, runs: 5)
        } else {
          report.notes.append("sqlite3 not installed: the import has no SQLite baseline")
        }
      }
    } else if wantsPeers {
      report.notes.append("no --budget binary: CLI cases skipped")
    }
    if let budget = options.budgetPath {
      let next = try await NextTargetCases.run(
        options: options, budget: budget, path: path, state: state, scratch: scratch, timer: timer, phase: phase)
      report.everydayCommands = next.commands
      report.serve = next.serve
      report.serveSmall = next.serveSmall
    } else if options.cases.contains(.commands) || options.cases.contains(.serve) {
      report.notes.append("no --budget binary: the commands and serve cases were skipped")
    }
    if options.cases.contains(.undoCLI), let budget = options.budgetPath {
      let rows = min(100_000, spec.transactions / 10)
      progress("budget undo of a \(Format.count(rows))-row import")
      phase("undo-cli")
      report.commands.append(
        try UndoCase.run(budget: budget, ledger: cached.path, spec: spec, rows: rows, scratch: scratch, timer: timer))
    }

    if options.cases.contains(.schedules) {
      progress("500 schedules: upcoming occurrences, forecast, budget bills")
      phase("schedules")
      let result = try await SchedulesCase.run(
        ledger: cached.path, spec: spec, scratch: scratch, budget: options.budgetPath, timer: timer,
        keep: options.keepScratch)
      report.queries += result.queries
      report.commands += result.commands
    }

    if options.cases.contains(.goals) {
      progress("50 savings goals: progress")
      phase("goals")
      report.queries.append(
        try await GoalsCase.run(ledger: cached.path, scratch: scratch, keep: options.keepScratch))
    }

    report.otherCPUShareByPhase = sampler.finish()
    report.interferenceByPhase = sampler.stop()
    report.notes.append(
      "other processes' share of the CPU per phase: "
        + report.otherCPUShareByPhase.sorted { $0.key < $1.key }
        .map { "\($0.key) \(Format.fixed($0.value * 100, digits: 0))%" }.joined(separator: ", "))
    for (name, seen) in report.interferenceByPhase.sorted(by: { $0.key < $1.key }) {
      report.notes.append(
        "during \(name), other heavy processes ran in \(seen.samples) of \(seen.of) 2-s samples: \(seen.programs.sorted().joined(separator: ", "))"
      )
    }
    report.loadAverageEnd = RunContext.loadAverage()
    let cpuEnd = RunContext.cpuTimes()
    let other = max(0, (cpuEnd.machine - cpuStart.machine) - (cpuEnd.ours - cpuStart.ours))
    let share = other / (wall.seconds * Double(report.machine.cores))
    report.otherCPUSeconds = other
    report.otherCPUShare = share
    report.notes.append(
      "other processes used \(Format.fixed(other, digits: 1)) CPU-s during the run (\(Format.fixed(share * 100, digits: 0))% of the machine; the harness's children — sqlite-baseline, hyperfine and what it runs — count as its own)"
        + (share > 0.1 ? " — the machine may have been busy" : ""))
    if !report.interference.isEmpty {
      report.notes.append("heavy processes seen: " + report.interference.joined(separator: "; "))
    }
    report.notes.append("scratch files in \(scratch)\(options.keepScratch ? " (kept)" : " (deleted)")")
    report.evaluateTargets()
    return report
  }
}

exit(await ScaleBench.main(Array(CommandLine.arguments.dropFirst())))
