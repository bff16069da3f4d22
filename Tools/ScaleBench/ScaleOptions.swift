/// The command line of `ledger-scale-bench`.
struct ScaleOptions: Sendable {
  var transactions = 1_000_000
  var peerTransactions = 100_000
  /// Rows of the CSV `budget import csv` and `sqlite3 .import` load (the import-cli case).
  var importRows = 1_000_000
  var seed: UInt64 = 42
  var queries = 1_000
  var rebuildRounds = 3
  var amends = 500
  var commandRuns = 20
  var sqliteSeconds = 30.0
  var budgetPath: String?
  var sqliteBaselinePath: String?
  var lmdbRowsPath: String?
  var cacheDirectory = ".build-scale/data"
  var scratchParent = "/tmp"
  var jsonPath = ".build-scale/scale-results.json"
  var cases: Set<ScaleCase> = Set(ScaleCase.allCases)
  var regenerate = false
  var peersAtFullSize = false
  var keepScratch = false
  var strict = false
  var waitQuietSeconds = 0.0
  var rebuildSets: Set<String>?
  /// Initial LMDB map size for generating the ledger (default: the library's 64 MiB, grown on demand).
  var initialMapGiB: Int?
  /// The kind of text the generated transactions carry.
  var shape = DatasetShape.household

  static let help = """
    usage: ledger-scale-bench [options]

      --transactions N      transactions in the main ledger (default 1,000,000)
      --dataset SHAPE       household (default) or bank: bank-statement text, a reference number in every name
      --quick               100,000 transactions, 2 rebuild rounds, 10 command runs: a fast smoke run
      --peer-transactions N ledger size for hledger / ledger (default 100,000)
      --import-rows N       rows of the CSV the import-cli case loads, ours and SQLite's (default 1,000,000)
      --seed S              data seed (default 42)
      --queries N           queries per kind (default 1,000)
      --rebuild-rounds N    rounds per rebuild case, median reported (default 3)
      --amends N            amends per side (back-dated / recent; default 500)
      --runs N              runs per whole-process command (default 20; fewer if a run is slow)
      --sqlite-seconds S    time budget per SQLite question kind (default 30)
      --budget PATH         the release `budget` binary (CLI cases are skipped without it)
      --sqlite-baseline PATH  the sqlite-baseline C helper (SQLite cases are skipped without it)
      --lmdb-rows PATH      the lmdb-rows C helper: the raw-LMDB floor of each rebuild (skipped without it)
      --cache DIR           where generated ledgers are kept (default .build-scale/data)
      --tmp DIR             parent of the scratch directory (default /tmp)
      --json FILE           JSON report (default .build-scale/scale-results.json)
      --cases LIST          subset of: \(ScaleCase.allCases.map(\.rawValue).joined(separator: ","))
      --regenerate          generate the ledger again even if it is cached (re-measures the import)
      --peers-full          also time hledger and ledger on the full-size journal (slow)
      --keep                keep the scratch directory
      --strict              exit 1 if a target fails
      --wait-quiet S        before each phase, wait up to S seconds until no compiler or build runs
      --initial-map-gib N   generate with an N GiB initial map (no growth during the import; an experiment)
      --rebuild-sets LIST   subset of: running-balances,category-totals,budget-vs-actual,transaction-index,three,all
      -h, --help            this text
    """

  static func parse(_ arguments: [String]) throws(BenchError) -> ScaleOptions {
    var options = ScaleOptions()
    var rest = arguments[...]
    func value(_ flag: String) throws(BenchError) -> String {
      guard let next = rest.popFirst() else { throw .usage("\(flag) needs a value") }
      return next
    }
    func number(_ flag: String) throws(BenchError) -> Int {
      let text = try value(flag)
      guard let n = Int(String(text.filter { $0 != "_" && $0 != "," })), n >= 1 else {
        throw .usage("\(flag) needs a whole number ≥ 1, got '\(text)'")
      }
      return n
    }
    while let flag = rest.popFirst() {
      switch flag {
      case "--transactions": options.transactions = try number(flag)
      case "--dataset":
        let name = try value(flag)
        guard let shape = DatasetShape(rawValue: name) else {
          throw .usage(
            "--dataset needs one of \(DatasetShape.allCases.map(\.rawValue).joined(separator: ", ")), got '\(name)'")
        }
        options.shape = shape
      case "--quick":
        options.transactions = 100_000
        options.rebuildRounds = 2
        options.commandRuns = 10
        options.sqliteSeconds = 10
        options.importRows = 100_000
      case "--peer-transactions": options.peerTransactions = try number(flag)
      case "--import-rows": options.importRows = try number(flag)
      case "--seed": options.seed = UInt64(try number(flag))
      case "--queries": options.queries = try number(flag)
      case "--rebuild-rounds": options.rebuildRounds = try number(flag)
      case "--amends": options.amends = try number(flag)
      case "--runs": options.commandRuns = try number(flag)
      case "--sqlite-seconds":
        guard let seconds = Double(try value(flag)), seconds > 0 else {
          throw .usage("--sqlite-seconds needs a positive number")
        }
        options.sqliteSeconds = seconds
      case "--budget": options.budgetPath = try value(flag)
      case "--sqlite-baseline": options.sqliteBaselinePath = try value(flag)
      case "--lmdb-rows": options.lmdbRowsPath = try value(flag)
      case "--cache": options.cacheDirectory = try value(flag)
      case "--tmp": options.scratchParent = try value(flag)
      case "--json": options.jsonPath = try value(flag)
      case "--cases":
        var selected = Set<ScaleCase>()
        for name in try value(flag).split(separator: ",") {
          guard let item = ScaleCase(rawValue: String(name)) else {
            throw .usage("unknown case '\(name)'; known: \(ScaleCase.allCases.map(\.rawValue).joined(separator: ", "))")
          }
          selected.insert(item)
        }
        options.cases = selected
      case "--regenerate": options.regenerate = true
      case "--peers-full": options.peersAtFullSize = true
      case "--keep": options.keepScratch = true
      case "--strict": options.strict = true
      case "--initial-map-gib": options.initialMapGiB = try number(flag)
      case "--rebuild-sets": options.rebuildSets = Set(try value(flag).split(separator: ",").map(String.init))
      case "--wait-quiet":
        guard let seconds = Double(try value(flag)), seconds >= 0 else { throw .usage("--wait-quiet needs seconds") }
        options.waitQuietSeconds = seconds
      case "-h", "--help": throw .usage(help)
      default: throw .usage("unknown option '\(flag)'\n\n\(help)")
      }
    }
    return options
  }
}

/// Groups of cases `--cases` can select.
enum ScaleCase: String, CaseIterable, Sendable {
  /// In-process queries.
  case query
  /// SQLite load and the same questions (needs `query`).
  case sqlite
  /// Projection rebuilds.
  case rebuild
  /// Back-dated vs recent amends.
  case amend
  /// `budget report budget-vs-actual` whole process, and hledger / ledger on the exported journal.
  case cli
  /// `budget import csv` whole process, against `sqlite3 .import` of the same CSV.
  case importCLI = "import-cli"
  /// `tx add`, `tx amend`, `history tx`, `account list` whole process, big and small ledger.
  case commands
  /// `budget serve`: start to the first answered write, and its resident memory.
  case serve
  /// `budget undo` of a 100 k-row import on the main ledger, whole process.
  case undoCLI = "undo-cli"
  /// 500 schedules on a copy of the main ledger: upcoming occurrences and a forecast
  /// in-process, `budget bills` and `budget report forecast` whole process.
  case schedules
  /// 50 savings goals on a copy of the main ledger: every goal's progress in-process.
  case goals
}
