import Foundation

/// One line of JSON printed by `lmdb-baseline` (see `Tools/lmdb-baseline/lmdb_baseline.c`).
struct BaselineResult: Decodable, Sendable {
  var caseName: String
  var count: Int?
  var commits: Int?
  var seconds: Double?
  var eventsPerSecond: Double?
  var commitsPerSecond: Double?
  /// Sum of the decoded header fields (scan), printed as a decimal string to keep 64 bits.
  var checksum: String?
  var intact: Bool?
  /// Set when the binary cannot run the case (verify without OpenSSL).
  var unsupported: String?

  enum CodingKeys: String, CodingKey {
    case caseName = "case"
    case count, commits, seconds, checksum, intact, unsupported
    case eventsPerSecond = "events_per_second"
    case commitsPerSecond = "commits_per_second"
  }
}

/// Runs the raw-LMDB C baseline as a child process, one case per invocation, and reads the
/// JSON line it prints on stdout. Its stderr goes straight to ours.
struct BaselineRunner: Sendable {
  /// The executable, or `nil` when no baseline was given.
  let executable: String?
  /// Whether appends keep zeros written ahead of the data, as the Swift log does
  /// (``EventLog/Options/keepsFileHeadroom``).
  var headroom = true

  /// Whether a baseline binary was given and exists.
  var isAvailable: Bool {
    guard let executable else { return false }
    return FileManager.default.isExecutableFile(atPath: executable)
  }

  /// Appends `count` events, `batch` per commit, to a new log at `path`.
  func append(
    path: String, count: Int, batch: Int, durability: String, mapSize: Int, maxSeconds: Double
  ) throws(BenchError) -> BaselineResult? {
    try run([
      "--case", "append", "--path", path, "--count", "\(count)", "--batch", "\(batch)",
      "--durability", durability, "--payload-size", "\(Workload.payloadSize)", "--map-size", "\(mapSize)",
      "--max-seconds", "\(maxSeconds)", "--headroom", headroom ? "on" : "off",
    ])
  }

  /// The ideal group commit: `tasks` appenders' single events, one of each per commit.
  func group(
    path: String, count: Int, tasks: Int, mapSize: Int, maxSeconds: Double
  ) throws(BenchError) -> BaselineResult? {
    try run([
      "--case", "group", "--path", path, "--count", "\(count)", "--tasks", "\(tasks)", "--durability", "durable",
      "--payload-size", "\(Workload.payloadSize)", "--map-size", "\(mapSize)", "--max-seconds", "\(maxSeconds)",
      "--headroom", headroom ? "on" : "off",
    ])
  }

  /// Scans (`verify == false`) or verifies the existing log at `path`, `repeat` times.
  func read(path: String, verify: Bool, mapSize: Int, repeat: Int) throws(BenchError) -> BaselineResult? {
    try run([
      "--case", verify ? "verify" : "scan", "--path", path, "--map-size", "\(mapSize)", "--repeat", "\(`repeat`)",
    ])
  }

  /// Runs the binary with `arguments`; `nil` if there is no binary.
  private func run(_ arguments: [String]) throws(BenchError) -> BaselineResult? {
    guard let executable, isAvailable else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      throw .baseline("cannot start \(executable): \(error)")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw .baseline(
        "\(executable) \(arguments.joined(separator: " ")) exited with status \(process.terminationStatus)")
    }
    do {
      return try JSONDecoder().decode(BaselineResult.self, from: data)
    } catch {
      let text = String(decoding: data, as: UTF8.self)
      throw .baseline("unreadable output '\(text)': \(error)")
    }
  }
}
