import Foundation
import LedgerDomain

/// The whole-process cases whose bars say that a command's cost no longer grows with the
/// history: the everyday commands and `budget serve`'s start, on the big ledger and on a small
/// one generated in the run.
enum NextTargetCases {
  /// Transactions in the small ledger.
  static let smallTransactions = 10_000
  /// Starts of `budget serve` per ledger.
  static let serveStarts = 10

  /// What the cases measured (empty where `options` did not select them).
  struct Results {
    var commands: [EverydayCommandCase] = []
    var serve: ServeCase?
    var serveSmall: ServeCase?
  }

  /// Runs the `commands` and `serve` cases that `options` selects, on the big ledger at `path`
  /// (a scratch copy; both cases write to it) whose state is `state`.
  static func run(
    options: ScaleOptions, budget: String, path: String, state: LedgerState, scratch: String,
    timer: CommandTimer, phase: (String) -> Void
  ) async throws -> Results {
    var results = Results()
    let wantsCommands = options.cases.contains(.commands), wantsServe = options.cases.contains(.serve)
    guard wantsCommands || wantsServe else { return results }
    let smallSpec = DatasetSpec(transactions: smallTransactions, seed: options.seed)
    let smallPath = scratch + "/small.ledger"
    progress("generating the \(Format.count(smallTransactions))-transaction ledger")
    let smallState = try await EverydayCommands.makeSmallLedger(spec: smallSpec, path: smallPath)
    if wantsCommands {
      progress(
        "everyday commands at \(Format.count(options.transactions)) and \(Format.count(smallTransactions)) transactions"
      )
      phase("commands")
      let runs = max(10, options.commandRuns)
      let commands = EverydayCommands(timer: timer, budget: budget, runs: runs)
      let main = try commands.measure(path: path, state: state, size: "main", transactions: options.transactions)
      let small = try commands.measure(
        path: smallPath, state: smallState, size: "small", transactions: smallTransactions)
      results.commands = zip(EverydayCommands.kinds, zip(main, small)).map { kind, pair in
        EverydayCommandCase(
          id: kind.id, words: kind.words, targetMs: kind.targetMs, main: pair.0, small: pair.1,
          growth: pair.0.medianMs / pair.1.medianMs,
          maximumGrowth: EverydayCommands.maximumGrowth)
      }
    }
    if wantsServe {
      progress(
        "budget serve: \(serveStarts) starts at \(Format.count(options.transactions)) and \(Format.count(smallTransactions)) transactions"
      )
      phase("serve")
      results.serve = try ServeStartup(budget: budget, ledger: path, environment: timer.environment)
        .measure(runs: serveStarts, transactions: options.transactions)
      results.serveSmall = try ServeStartup(budget: budget, ledger: smallPath, environment: timer.environment)
        .measure(runs: serveStarts, transactions: smallTransactions)
    }
    return results
  }
}
