/// One row of a file to import (a bank statement's line) turned into the transaction to add, or the
/// reason it could not be.
public struct ImportRow: Sendable {
  public var line: Int
  public var result: Result<AddTransaction, ImportRowError>
  /// Stable across re-imports of the same file: repeats add nothing.
  public var key: String

  public init(line: Int, result: Result<AddTransaction, ImportRowError>, key: String) {
    self.line = line
    self.result = result
    self.key = key
  }

  /// The key earlier versions gave this row (`csv-` + the hash, before keys led with the date).
  /// A ledger that holds such keys is checked against them too, so that importing an old
  /// statement again still adds nothing. Formed when asked (rarely: see `ImportedRows`).
  public var legacyKey: String {
    // The hash (and a generation suffix, `~2`) follows the key's last colon.
    guard let colon = key.utf8.lastIndex(of: UInt8(ascii: ":")) else { return "csv-" + key }
    return "csv-" + key[key.utf8.index(after: colon)...]
  }
}

extension ImportRow {
  /// The row as a new transaction of its own, after the one its key recorded was taken back by
  /// `undo`: the key gets a suffix (`~2`, `~3`, …), and the transaction the id and import id
  /// that follow from it. Re-importing a file after undoing its import then adds the rows again
  /// — as the file now maps them — while every later import still finds them recorded.
  public func again(generation: Int) -> ImportRow {
    let base = key.split(separator: "~", maxSplits: 1).first.map(String.init) ?? key
    var row = self
    // Nor is it the row an earlier release recorded under its legacy key, which follows.
    row.key = base + "~\(generation)"
    if case .success(var added) = result {
      added.transaction = TransactionID(raw: StableHash.id(row.key, ordering: added.date))
      added.importId = row.key
      row.result = .success(added)
    }
    return row
  }
}
