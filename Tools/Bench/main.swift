// ledger-bench: measures the event log against a raw-LMDB C baseline doing the same writes.
//
//   swift build -c release --scratch-path .build-bench --product ledger-bench
//   .build-bench/release/ledger-bench --baseline .build-bench/lmdb-baseline [--full] [--json FILE]
//
// `Tools/bench.sh` builds both programs and runs this. See docs/benchmarks.md.
import BenchSupport
import Foundation

/// The program: parse options, run the suite, print the table, write the JSON.
enum LedgerBench {
  static func main(_ arguments: [String]) async -> Int32 {
    if arguments.contains("-h") || arguments.contains("--help") {
      print(BenchOptions.help)
      return 0
    }
    let options: BenchOptions
    do {
      options = try BenchOptions.parse(arguments)
    } catch {
      printError("\(error)")
      return 2
    }
    var baseline = BaselineRunner(executable: options.baselinePath)
    baseline.headroom = options.fileHeadroom
    if let path = options.baselinePath, !baseline.isAvailable {
      printError("ledger-bench: --baseline \(path) is not an executable file")
      return 2
    }
    if options.baselinePath == nil {
      printError("ledger-bench: no --baseline given; measuring Swift only, ratio targets will be skipped")
    }

    let scratch: ScratchDirectory
    do {
      scratch = try ScratchDirectory(parent: options.scratchParent)
    } catch {
      printError("ledger-bench: \(error)")
      return 1
    }
    defer { scratch.removeAll() }

    let settings = BenchReport.Settings(
      rounds: options.rounds, durableCommits: options.durableCommits, groupTasks: options.groupTasks,
      groupAppendsPerTask: options.groupAppendsPerTask, smallLogEvents: options.smallLogEvents,
      bigLogEvents: options.bigLogEvents, payloadBytes: Workload.payloadSize,
      eventsPerStream: Workload.eventsPerStream, maxSecondsPerRun: options.maxSeconds,
      baseline: options.baselinePath, fileHeadroom: options.fileHeadroom)
    var suite = Suite(
      options: options, baseline: baseline, scratch: scratch,
      report: BenchReport(
        date: RunContext.date(), commit: RunContext.gitCommit(), machine: .current(), settings: settings))
    suite.report.notes.append("scratch files in \(scratch.path) (\(fileSystem(of: scratch.path)))")
    if !options.fileHeadroom { suite.report.notes.append("--no-headroom: neither side wrote zeros ahead of the data") }
    suite.report.loadAverageStart = RunContext.loadAverage()
    let cpuAtStart = RunContext.cpuTimes()
    let clock = Stopwatch()
    do {
      try await suite.run()
    } catch {
      printError("ledger-bench: \(error)")
      return 1
    }

    var report = suite.report
    report.loadAverageEnd = RunContext.loadAverage()
    let cpuAtEnd = RunContext.cpuTimes()
    let other = max(0, (cpuAtEnd.machine - cpuAtStart.machine) - (cpuAtEnd.ours - cpuAtStart.ours))
    let share = other / (clock.seconds * Double(report.machine.cores))
    report.otherCPUSeconds = other
    report.otherCPUShare = share
    report.notes.append(
      "other processes used \(Format.fixed(other, digits: 1)) CPU-s during the run (\(Format.fixed(share * 100, digits: 0))% of the machine)"
        + (share > 0.1 ? " — the machine was busy; numbers may be low or noisy" : ""))
    if share > 0.1 {
      printError(
        "ledger-bench: warning: other processes used \(Format.fixed(share * 100, digits: 0))% of the CPU during the run"
      )
    }
    report.evaluateTargets()
    print(report.text)
    do {
      try report.write(toJSON: options.jsonPath)
      print("\nJSON report: \(options.jsonPath)")
    } catch {
      printError("ledger-bench: cannot write \(options.jsonPath): \(error)")
      return 1
    }
    return options.strict && !report.allPassed ? 1 : 0
  }

  static func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }

  /// The file system type of the mount holding `path`, from /proc/mounts (longest prefix).
  static func fileSystem(of path: String) -> String {
    guard let mounts = try? String(contentsOfFile: "/proc/mounts", encoding: .utf8) else { return "unknown fs" }
    var best: (mount: String, type: String) = ("", "unknown fs")
    for line in mounts.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count > 2 else { continue }
      let mount = String(fields[1])
      let prefix = mount.hasSuffix("/") ? mount : mount + "/"
      if (path == mount || path.hasPrefix(prefix)) && mount.count > best.mount.count {
        best = (mount, "\(fields[2]) on \(fields[0]), mounted at \(mount)")
      }
    }
    return best.type
  }
}

exit(await LedgerBench.main(Array(CommandLine.arguments.dropFirst())))
