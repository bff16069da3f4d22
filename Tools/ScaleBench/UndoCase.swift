import Foundation

/// `budget undo` of a big import on the main ledger, whole process: the import of `rows`
/// CSV rows (dated across the dataset's ten years, like its own transactions) is recorded
/// once on a copy of the ledger, and each run undoes it on a fresh copy of that.
enum UndoCase {
  static let id = "budget-undo-import"
  /// The target: seconds, whole process, median.
  static let targetSeconds = 5.0

  static func run(
    budget: String, ledger path: String, spec: DatasetSpec, rows: Int, scratch: String, timer: CommandTimer
  ) throws -> CommandCase {
    let q = CommandCases.quote
    let csv = scratch + "/undo-import.csv", imported = scratch + "/undo-imported.ledger",
      target = scratch + "/undo.ledger"
    var csvSpec = DatasetSpec(transactions: rows, seed: spec.seed &+ 7)
    csvSpec.initialMapGiB = spec.initialMapGiB
    try CommandCases.writeCSV(rows: rows, spec: csvSpec, to: csv)
    for file in [imported, imported + "-lock"] { try? FileManager.default.removeItem(atPath: file) }
    try FileManager.default.copyItem(atPath: path, toPath: imported)
    let importCommand =
      "\(q(budget)) import csv \(q(csv)) --account Checking --description-column description --ledger \(q(imported))"
    let importRun = try timer.once(importCommand)
    guard importRun.status == 0,
      importRun.output.contains("added \(Format.count(rows)),") || importRun.output.contains("added \(rows),")
    else {
      throw BenchError.failed(
        "budget import csv for the undo case did not add every row: \(importRun.output.prefix(300))")
    }
    _ = fsyncFile(imported)
    let prepare = "rm -f \(q(target)) \(q(target + "-lock")) && cp \(q(imported)) \(q(target)) && sync"
    let command = "\(q(budget)) undo --ledger \(q(target))"
    let check = try timer.once(command, prepare: prepare)
    // "100,000 transactions deleted"; binaries before the summary said "100,000 TransactionDeleted".
    let said = ["\(Format.count(rows)) transactions deleted", "\(rows) transactions deleted"]
      .flatMap { [$0, $0.replacingOccurrences(of: " transactions deleted", with: " TransactionDeleted")] }
    guard check.status == 0, said.contains(where: { check.output.contains($0) }) else {
      throw BenchError.failed("budget undo did not say it deleted the \(rows) rows: \(check.output.prefix(300))")
    }
    var result = try timer.time(
      id: id, title: "budget undo of a \(Format.count(rows))-row import (\(Format.count(spec.transactions)) tx)",
      command: command, transactions: spec.transactions, runs: 3, warmUp: 0, prepare: prepare, budgetSeconds: 120,
      minimumRuns: 1)
    result.rowsPerSecond = Double(rows) / (result.medianMs / 1e3)
    result.notes.append(
      "the import recorded once (\(Format.fixed(importRun.seconds, digits: 1)) s), then per run a fresh copy of that ledger, synced before the run; target ≤ \(Format.fixed(targetSeconds, digits: 0)) s"
    )
    result.notes.append("output: \(check.output.trimmingCharacters(in: .whitespacesAndNewlines))")
    try? FileManager.default.removeItem(atPath: imported)
    try? FileManager.default.removeItem(atPath: target)
    return result
  }
}
