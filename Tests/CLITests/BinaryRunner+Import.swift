import Foundation
import LedgerTesting
import Testing

extension BinaryRunner {
  /// Runs `budget import csv FILE --account Checking --json` with `extra` options, expects it
  /// to succeed, and returns how many rows it added and skipped.
  func importCSV(_ file: String, _ extra: [String] = []) throws -> (added: Int?, skipped: Int?) {
    let output = try run(["import", "csv", file, "--account", "Checking", "--json"] + extra)
    #expect(output.status == 0, "budget import csv \(file) \(extra): \(output.stderr)")
    let summary = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
    return (summary?["added"] as? Int, summary?["skipped"] as? Int)
  }
}
