import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Facts about the checkout, the clock and the rest of the machine, for the benchmarks'
/// report headers (`ledger-bench` and `ledger-scale-bench` share them).
public enum RunContext {
  /// `git rev-parse --short HEAD`, with `+dirty` if tracked files have uncommitted changes.
  public static func gitCommit() -> String {
    guard let head = run(["git", "rev-parse", "--short", "HEAD"]), !head.isEmpty else { return "unknown" }
    let changes = run(["git", "status", "--porcelain", "--untracked-files=no"]) ?? ""
    return changes.isEmpty ? head : head + "+dirty"
  }

  /// Busy CPU time of the whole machine (`/proc/stat`: user, nice, system, irq, softirq) and
  /// of this process plus its waited-for children, in seconds: the difference over a run is
  /// the work of everything else.
  public static func cpuTimes() -> (machine: Double, ours: Double) {
    #if os(Linux)
      let stat = (try? String(contentsOfFile: "/proc/stat", encoding: .utf8)) ?? ""
      var machine = 0.0
      if let line = stat.split(separator: "\n").first, line.hasPrefix("cpu ") {
        let fields = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        if fields.count >= 7 {
          machine = (fields[0] + fields[1] + fields[2] + fields[5] + fields[6]) / Double(sysconf(Int32(_SC_CLK_TCK)))
        }
      }
      var ours = 0.0
      for who in [RUSAGE_SELF.rawValue, RUSAGE_CHILDREN.rawValue] {
        var usage = rusage()
        getrusage(__rusage_who_t(who), &usage)
        for time in [usage.ru_utime, usage.ru_stime] { ours += Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
      }
      return (machine, ours)
    #else
      return (0, 0)
    #endif
  }

  /// The 1, 5 and 15-minute load averages.
  public static func loadAverage() -> [Double] {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
    return text.split(separator: " ").prefix(3).compactMap { Double($0) }
  }

  /// Command lines of other heavy processes (compilers, linkers, test runners, browsers, load
  /// generators) now running: what makes a figure of this noisy machine suspect.
  public static func heavyProcesses() -> [String] {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
    let me = getpid()
    var found: [String] = []
    for entry in entries {
      guard let pid = Int32(entry), pid != me,
        let raw = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"), !raw.isEmpty
      else { continue }
      let arguments = raw.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      guard let program = arguments.first.map({ URL(fileURLWithPath: $0).lastPathComponent }) else { continue }
      if Self.heavyPrograms.contains(program) || program.hasSuffix("PackageTests.xctest") {
        found.append("\(pid) \(program)")
      }
    }
    return found
  }

  private static let heavyPrograms: Set<String> = [
    "swift-build", "swift-frontend", "swift-test", "clang", "ld", "ld.gold", "ld.lld", "xctest", "wrk", "chromium",
    "chrome", "headless_shell", "python3", "node",
  ]

  /// Now, as ISO 8601 UTC.
  public static func date() -> String { Date().ISO8601Format() }

  /// Runs a command and returns its trimmed stdout, or `nil` if it failed.
  public static func run(_ arguments: [String], environment: [String: String]? = nil) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Where `program` is on the `PATH`, if it is.
  public static func which(_ program: String) -> String? {
    run(["sh", "-c", "command -v \(program)"]).flatMap { $0.isEmpty ? nil : $0 }
  }
}
