/// What to run and how big: the command line of `ledger-bench`.
struct BenchOptions: Sendable {
  /// The `lmdb-baseline` executable; without it the C columns are empty and the ratio
  /// targets are skipped.
  var baselinePath: String?
  /// Where the JSON report goes.
  var jsonPath = ".build-bench/bench-results.json"
  /// The parent of the scratch directory for ledger files.
  var scratchParent = "/tmp"
  /// Commits for the durable single-event case (each run is also bounded by ``maxSeconds``).
  var durableCommits = 1000
  /// Concurrent appenders in the group-commit case, and how many appends each makes.
  var groupTasks = 64
  var groupAppendsPerTask = 200
  /// The small and the big log for the scan, verify and heap cases.
  var smallLogEvents = 10_000
  var bigLogEvents = 1_000_000
  /// Runs of every case; the median is reported.
  var rounds = 5
  /// The wall-clock bound of one append run, in seconds.
  var maxSeconds = 15.0
  /// The cases to run (all by default).
  var cases: Set<BenchCase> = Set(BenchCase.allCases)
  /// Exit with status 1 when a target fails.
  var strict = false
  /// Whether both sides keep zeros written ahead of the data (`--no-headroom` turns it off,
  /// to measure what it is worth).
  var fileHeadroom = true

  static let help = """
    usage: ledger-bench [options]

      --baseline PATH       the lmdb-baseline executable (C); without it only Swift is measured
      --json FILE           JSON report path (default .build-bench/bench-results.json)
      --full                big log of 10,000,000 events instead of 1,000,000
      --big-log N           events in the big log (scan, verify, heap)
      --small-log N         events in the small log (heap comparison; default 10,000)
      --durable-commits N   commits in the durable single-append case (default 1,000)
      --group-tasks N       concurrent appenders in the group-commit case (default 64)
      --group-appends N     appends per appender (default 200)
      --rounds N            runs per case, median reported (default 5)
      --max-seconds S       time bound of one append run (default 15)
      --cases LIST          comma-separated subset of: \(BenchCase.allCases.map(\.rawValue).joined(separator: ","))
      --tmp DIR             parent of the scratch directory (default /tmp)
      --strict              exit 1 if any target fails
      --no-headroom         neither side keeps zeros written ahead of the data (see
                            docs/event-log.md, "File headroom")
      -h, --help            this text
    """

  /// Parses `arguments` (without the program name).
  static func parse(_ arguments: [String]) throws(BenchError) -> BenchOptions {
    var options = BenchOptions()
    var rest = arguments[...]
    func value(for flag: String) throws(BenchError) -> String {
      guard let next = rest.popFirst() else { throw .usage("\(flag) needs a value") }
      return next
    }
    func count(for flag: String, minimum: Int = 1) throws(BenchError) -> Int {
      let text = try value(for: flag)
      guard let number = Int(String(text.filter { $0 != "_" })), number >= minimum else {
        throw .usage("\(flag) needs a whole number ≥ \(minimum), got '\(text)'")
      }
      return number
    }
    while let flag = rest.popFirst() {
      switch flag {
      case "--baseline": options.baselinePath = try value(for: flag)
      case "--json": options.jsonPath = try value(for: flag)
      case "--tmp": options.scratchParent = try value(for: flag)
      case "--full": options.bigLogEvents = 10_000_000
      case "--no-headroom": options.fileHeadroom = false
      case "--big-log": options.bigLogEvents = try count(for: flag)
      case "--small-log": options.smallLogEvents = try count(for: flag)
      case "--durable-commits": options.durableCommits = try count(for: flag)
      case "--group-tasks": options.groupTasks = try count(for: flag)
      case "--group-appends": options.groupAppendsPerTask = try count(for: flag)
      case "--rounds": options.rounds = try count(for: flag)
      case "--max-seconds":
        let text = try value(for: flag)
        guard let seconds = Double(text), seconds > 0 else { throw .usage("--max-seconds needs a positive number") }
        options.maxSeconds = seconds
      case "--cases":
        var selected = Set<BenchCase>()
        for name in try value(for: flag).split(separator: ",") {
          guard let benchCase = BenchCase(rawValue: String(name)) else {
            throw .usage("unknown case '\(name)'; known: \(BenchCase.allCases.map(\.rawValue).joined(separator: ", "))")
          }
          selected.insert(benchCase)
        }
        options.cases = selected
      case "--strict": options.strict = true
      case "-h", "--help": throw .usage(help)
      default: throw .usage("unknown option '\(flag)'\n\n\(help)")
      }
    }
    return options
  }
}

/// The groups of measurements `--cases` can select.
enum BenchCase: String, CaseIterable, Sendable {
  /// Durable appends of one event per commit.
  case single
  /// Durable appends of 100, 1,000 and 10,000 events per commit (plus 1,000 without fsync).
  case batch
  /// Durable single-event appends from many concurrent tasks.
  case group
  /// The single append and the group commit again with the Swift side's tasks on Swift's
  /// shared pool instead of the log's writer: for comparison, no target.
  case pool
  /// Forward scan with envelope decode.
  case scan
  /// Hash-chain verification.
  case verify
  /// Heap growth while scanning a small and a big log.
  case heap
}
