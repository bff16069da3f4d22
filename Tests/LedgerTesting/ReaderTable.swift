import Foundation

/// LMDB's table of readers of a ledger file, as `mdb_stat -r` (liblmdb's tools) prints it:
/// for tests that check a read snapshot was let go.
public enum ReaderTable {
  /// How many reader slots of the ledger at `path` hold a snapshot now (a slot a thread keeps
  /// between its reads shows none).
  public static func activeReaders(ofLedgerAt path: String) throws -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/mdb_stat")
    process.arguments = ["-n", "-r", path]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").count { line in
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      return fields.count == 3 && Int32(fields[0]) != nil && fields[2] != "-"
    }
  }

  /// Waits until no reader holds a snapshot of the ledger at `path` for two looks in a row,
  /// or `seconds` pass; true when none did.
  public static func waitUntilNoReaders(ofLedgerAt path: String, within seconds: Int) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    var quietLooks = 0
    while ContinuousClock.now < deadline {
      quietLooks = try activeReaders(ofLedgerAt: path) == 0 ? quietLooks + 1 : 0
      if quietLooks == 2 { return true }
      try await Task.sleep(for: .milliseconds(250))
    }
    return false
  }
}
