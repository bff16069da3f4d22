import Foundation
import Ledger
import LedgerDomain

/// The SQLite side: exports the ledger's current state as TSV, has `sqlite-baseline` (C,
/// `baseline/sqlite_baseline.c`) load it into seed 000's schema, then ask the same questions.
struct SQLiteBaseline {
  let executable: String
  let directory: String

  var database: String { directory + "/baseline.sqlite" }

  /// Writes accounts, categories, periods, budgets and the live transactions (after every
  /// amend and delete) from `state`, with the primary keys the query file uses.
  func export(_ state: LedgerState, world: DatasetWorld) throws -> Int {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    func write(_ name: String, _ lines: [String]) throws {
      try (lines.joined(separator: "\n") + "\n").write(toFile: directory + "/" + name, atomically: false, encoding: .utf8)
    }
    func clean(_ text: String) -> String { text.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ") }
    var accountKeys: [AccountID: Int] = [:]
    try write("accounts.tsv", world.accounts.enumerated().map { index, account in
      accountKeys[account.id] = index + 1
      let record = state.accounts[account.id]!
      return "\(index + 1)\t\(QueryRunner.hex(account.id.raw))\t\(clean(record.name))\t\(record.type.rawValue)\t\(record.currency.code)\t\(record.openingBalance?.units ?? 0)\t\(record.openingDate.daysSinceEpoch)"
    })
    var categoryKeys: [CategoryID: Int] = [:]
    try write("categories.tsv", world.categories.enumerated().map { index, category in
      categoryKeys[category.id] = index + 1
      let record = state.categories[category.id]!
      return "\(index + 1)\t\(QueryRunner.hex(category.id.raw))\t\(clean(record.name))\t\(record.icon)\t\(record.color)\t\(record.isCustom ? 1 : 0)\t\(record.sortOrder)\t\(record.kind == .expense ? 0 : 1)\t\(record.budgetType.rawValue)"
    })
    var periodKeys: [PeriodID: Int] = [:]
    try write("periods.tsv", world.periods.enumerated().map { index, period in
      periodKeys[period.id] = index + 1
      return "\(index + 1)\t\(QueryRunner.hex(period.id.raw))\t\(period.name)\t\(period.start.daysSinceEpoch)\t\(period.end.daysSinceEpoch)"
    })
    var budgets: [String] = []
    for (month, byCategory) in state.budgets.sorted(by: { $0.key < $1.key }) {
      for (category, record) in byCategory.sorted(by: { categoryKeys[$0.key]! < categoryKeys[$1.key]! }) {
        budgets.append("\(QueryRunner.monthIndex(month))\t\(categoryKeys[category]!)\t\(record.amount.units)\t\(record.span == .quarter ? 1 : 0)")
      }
    }
    try write("budgets.tsv", budgets)
    let live = state.transactions.values.filter { !$0.isDeleted }.map(\.added)
      .sorted { ($0.date, $0.transaction) < ($1.date, $1.transaction) }
    var text = ""
    text.reserveCapacity(live.count * 120)
    for t in live {
      guard let category = t.category else { continue }  // the dataset has no splits
      text += "\(QueryRunner.hex(t.transaction.raw))\t\(t.amount.units)\t\(t.amount.currency.code)\t\(clean(t.name))\t\(t.date.daysSinceEpoch)\t\(t.description.map(clean) ?? "\\N")\t\(categoryKeys[category]!)\t\(t.period.flatMap { periodKeys[$0] } ?? 0)\t\(accountKeys[t.account]!)\t\(t.type == .income ? 1 : 0)\n"
    }
    try text.write(toFile: directory + "/transactions.tsv", atomically: false, encoding: .utf8)
    return live.count
  }

  struct KindResult: Decodable {
    var kind: String
    var count: Int
    var medianMs: Double
    var p99Ms: Double
    var meanMs: Double
    var maxMs: Double
    var checks: [String]
  }

  struct LoadResult: Decodable {
    var rows: Int
    var seconds: Double
    var rowsPerSecond: Double
    var dbBytes: Int64
    var sqliteVersion: String
    var ftsSeconds: Double?
  }

  func load() throws -> SQLiteLoad {
    let line = try run(["load", database, directory]).first ?? ""
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let result = try decoder.decode(LoadResult.self, from: Data(line.utf8))
    return SQLiteLoad(rows: result.rows, seconds: result.seconds, rowsPerSecond: result.rowsPerSecond, dbBytes: result.dbBytes, sqliteVersion: result.sqliteVersion,
      ftsSeconds: result.ftsSeconds)
  }

  func query(lines: [String], maxSecondsPerKind: Double) throws -> [String: KindResult] {
    let file = directory + "/queries.tsv"
    try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: false, encoding: .utf8)
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    var results: [String: KindResult] = [:]
    for line in try run(["query", database, file, String(maxSecondsPerKind)]) where !line.isEmpty {
      let result = try decoder.decode(KindResult.self, from: Data(line.utf8))
      results[result.kind] = result
    }
    return results
  }

  private func run(_ arguments: [String]) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchError.failed("sqlite-baseline \(arguments.first ?? "") exited with status \(process.terminationStatus)")
    }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}

enum BenchError: Error, CustomStringConvertible {
  case usage(String)
  case failed(String)

  var description: String {
    switch self {
    case .usage(let text), .failed(let text): text
    }
  }
}
