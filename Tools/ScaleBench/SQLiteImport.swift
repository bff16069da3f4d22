import Foundation

/// SQLite's bulk load of the CSV `budget import csv` reads, in the same run: the `sqlite3`
/// shell's `.import` (one transaction, SQLite's default durability: rollback journal,
/// `synchronous=FULL`) into a fresh table with three indexes, as a whole process.
struct SQLiteImport {
  let executable: String
  let directory: String

  /// The indexes of seed 000's transaction table that the CSV's columns can carry: the date,
  /// and category with date; the CSV has no account column (every row goes to one account), so
  /// the payee with the date stands in for account with date.
  static let schema = """
    CREATE TABLE imported (date TEXT NOT NULL, amount TEXT NOT NULL, payee TEXT NOT NULL, category TEXT NOT NULL, description TEXT);
    CREATE INDEX imported_date ON imported (date DESC);
    CREATE INDEX imported_category_date ON imported (category, date);
    CREATE INDEX imported_payee_date ON imported (payee, date);
    """

  /// Times `.import` of `csv` (`rows` rows after its header): a fresh database with the
  /// schema per run, made (and the last one deleted and synced) before the timer starts.
  func time(csv: String, rows: Int, timer: CommandTimer, runs: Int) throws -> CommandCase {
    let q = CommandCases.quote
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let database = directory + "/import.sqlite", schemaFile = directory + "/schema.sql"
    try Self.schema.write(toFile: schemaFile, atomically: false, encoding: .utf8)
    let prepare =
      "rm -f \(q(database)) \(q(database + "-journal")) && \(q(executable)) \(q(database)) < \(q(schemaFile)) && sync"
    let command = "\(q(executable)) \(q(database)) \(q(".import --csv --skip 1 \"\(csv)\" imported"))"
    _ = try timer.once(command, prepare: prepare)
    let count = try timer.once("\(q(executable)) \(q(database)) 'SELECT count(*) FROM imported'").output
    guard Int(count.trimmingCharacters(in: .whitespacesAndNewlines)) == rows else {
      throw BenchError.failed(
        "sqlite3 .import loaded \(count.trimmingCharacters(in: .whitespacesAndNewlines)) rows, not \(rows)")
    }
    let version =
      try timer.once("\(q(executable)) --version").output.split(separator: " ").first.map(String.init) ?? "?"
    var result = try timer.time(
      id: "sqlite3-import-csv", title: "sqlite3 .import (\(Format.count(rows)) rows)", command: command,
      transactions: rows,
      runs: runs, warmUp: 0, prepare: prepare, budgetSeconds: 120)
    result.rowsPerSecond = Double(rows) / (result.medianMs / 1e3)
    result.notes.append(
      "SQLite \(version), the same CSV into a fresh table with 3 indexes (date; category, date; payee, date), one transaction, default journal and synchronous=FULL"
    )
    return result
  }
}
