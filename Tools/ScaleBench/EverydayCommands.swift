import Foundation
import Ledger
import LedgerDomain

/// The everyday commands as whole processes, each with a bar: `tx add`, `tx amend`, `history
/// tx` and `account list`, timed on the big ledger and on a small one built in the run, so
/// that the report shows whether their cost still grows with the history.
struct EverydayCommands {
  /// One command with its bar.
  struct Kind: Sendable {
    var id: String
    var words: String
    var targetMs: Double
  }

  static let kinds = [
    Kind(id: "tx-add", words: "tx add", targetMs: 60),
    Kind(id: "tx-amend", words: "tx amend", targetMs: 60),
    Kind(id: "history-tx", words: "history tx", targetMs: 40),
    Kind(id: "account-list", words: "account list", targetMs: 30),
  ]

  /// Largest allowed median(big ledger) / median(small ledger) for each command.
  static let maximumGrowth = 2.0

  let timer: CommandTimer
  let budget: String
  let runs: Int

  /// Times every kind on the ledger at `path` (a scratch copy: `tx add` and `tx amend` write
  /// to it), whose current state is `state`. `size` names the ledger in ids ("main", "small").
  func measure(path: String, state: LedgerState, size: String, transactions: Int) throws -> [CommandCase] {
    let q = CommandCases.quote
    let reference = try Self.reference(in: state)
    let amount = timer.directory + "/amend-amount-\(size)"
    try "12.40\n".write(toFile: amount, atomically: false, encoding: .utf8)
    let ledger = "--ledger \(q(path))"
    var results: [CommandCase] = []
    for kind in Self.kinds {
      var prepare: String?
      let command: String
      switch kind.id {
      case "tx-add":
        // `$$`, the shell's own pid, gives every run a payee the ledger has not seen: no fork.
        command = "\(q(budget)) tx add 12.40 --name \"Bench payee $$\" --category Food --account Checking \(ledger)"
      case "tx-amend":
        // The untimed prepare step flips the amount, so every timed run changes something.
        prepare =
          "if [ \"$(cat \(q(amount)))\" = 12.40 ]; then echo 13.60 > \(q(amount)); else echo 12.40 > \(q(amount)); fi"
        command = "read a < \(q(amount)); \(q(budget)) tx amend \(reference) --amount \"$a\" \(ledger)"
      case "history-tx":
        command = "\(q(budget)) history tx \(reference) \(ledger)"
      default:
        command = "\(q(budget)) \(kind.words) \(ledger)"
      }
      var result = try timer.time(
        id: "budget-\(kind.id)-\(size)", title: "budget \(kind.words) (\(Format.count(transactions)) tx)",
        command: command,
        transactions: transactions, runs: runs, prepare: prepare, budgetSeconds: 60, minimumRuns: min(runs, 10))
      switch kind.id {
      case "tx-add": result.notes.append("one transaction with a new payee added per run, durable")
      case "tx-amend":
        result.notes.append(
          "the amount of transaction \(reference) (the newest) flipped between 12.40 and 13.60, durable")
      case "history-tx": result.notes.append("transaction \(reference), by the 8 characters a list shows")
      default: break
      }
      results.append(result)
    }
    return results
  }

  /// The short id (the tail a list shows) of the newest live transaction, lengthened until it
  /// names no other transaction.
  static func reference(in state: LedgerState) throws(BenchError) -> String {
    let newest = state.transactions.lazy.filter { !$0.value.isDeleted }
      .max { ($0.value.added.date, $0.key.description) < ($1.value.added.date, $1.key.description) }
    guard let newest else { throw .failed("the ledger has no live transaction to amend") }
    let text = newest.key.description
    for length in stride(from: 8, through: text.count, by: 4) {
      let tail = String(text.suffix(length))
      if state.transactions.keys.lazy.filter({ $0.raw.isNamed(by: tail) }).prefix(2).count == 1 { return tail }
    }
    return text
  }

  /// Builds the small ledger: the same generator as the big one, `transactions` of them, at
  /// `path` (noSync, then written back before anything is timed).
  static func makeSmallLedger(spec: DatasetSpec, path: String) async throws -> LedgerState {
    for file in [path, path + "-lock"] { try? FileManager.default.removeItem(atPath: file) }
    _ = try await Loader.generate(spec, path: path)
    _ = fsyncFile(path)
    return try await Ledger(path: path, options: Loader.options()).state
  }
}
