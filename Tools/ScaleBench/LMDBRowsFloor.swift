import Foundation

/// The raw-LMDB floor of a rebuild: `lmdb-rows` (C, `baseline/lmdb_rows.c`) writes as many
/// small rows as the rebuild wrote, with `MDB_APPEND` in one transaction and nothing else to
/// do. No rebuild of that many rows can be faster on this machine, in this run.
struct LMDBRowsFloor {
  let executable: String
  let directory: String

  /// Seconds to write `rows` rows spread over `tables` tables: the fastest of `rounds`, since
  /// a floor is the best the machine does (the kernel may still be writing back the rebuild's
  /// pages during the first).
  func seconds(rows: Int, tables: Int, rounds: Int = 3) throws -> Double {
    var times: [Double] = []
    for _ in 0..<rounds {
      try? FileManager.default.removeItem(atPath: directory)
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = [directory, String(rows), String(tables)]
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      guard process.terminationStatus == 0,
        let line = try JSONSerialization.jsonObject(with: data) as? [String: Any],
        let seconds = line["seconds"] as? Double
      else { throw BenchError.failed("lmdb-rows exited with status \(process.terminationStatus)") }
      times.append(seconds)
    }
    try? FileManager.default.removeItem(atPath: directory)
    return times.min() ?? 0
  }
}
