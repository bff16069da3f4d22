import BenchSupport
import CLMDB
import Foundation
import Ledger
import ProjectionEngine

#if canImport(Glibc)
  import Glibc
#endif

/// Wall-clock seconds since creation, from the monotonic clock.
struct Stopwatch {
  private let start = ContinuousClock.now
  var seconds: Double { Self.seconds(ContinuousClock.now - start) }

  static func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }

  /// Runs `body` and returns its duration in seconds.
  static func time(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    return seconds(ContinuousClock.now - start)
  }
}

/// Median, p99 and friends of a list of latencies, in milliseconds.
struct LatencyStats: Codable, Sendable {
  var count: Int
  var medianMs: Double
  var p99Ms: Double
  var meanMs: Double
  var minMs: Double
  var maxMs: Double

  init(seconds samples: [Double]) {
    let sorted = samples.sorted()
    count = sorted.count
    func at(_ p: Double) -> Double {
      sorted.isEmpty ? 0 : sorted[Int((Double(sorted.count - 1) * p).rounded())] * 1e3
    }
    medianMs = at(0.5)
    p99Ms = at(0.99)
    meanMs = sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count) * 1e3
    minMs = at(0)
    maxMs = at(1)
  }

  init(count: Int, medianMs: Double, p99Ms: Double, meanMs: Double, minMs: Double, maxMs: Double) {
    self.count = count
    self.medianMs = medianMs
    self.p99Ms = p99Ms
    self.meanMs = meanMs
    self.minMs = minMs
    self.maxMs = maxMs
  }
}

/// A small, fast, seedable generator (SplitMix64), so every run builds the same data.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in `0 ..< bound`.
  mutating func below(_ bound: Int) -> Int { Int(next(upperBound: UInt64(bound))) }

  /// Uniform in [0, 1).
  mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

  /// `true` with probability `p`.
  mutating func chance(_ p: Double) -> Bool { unit() < p }
}

/// FNV-1a 64, for comparing answers with the SQLite side (same definition in sqlite_baseline.c).
struct FNV {
  var hash: UInt64 = 1_469_598_103_934_665_603

  mutating func add(_ bytes: some Sequence<UInt8>) {
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 1_099_511_628_211
    }
  }

  mutating func add(_ value: UInt64) { add((0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }) }
  mutating func add(_ value: Int64) { add(UInt64(bitPattern: value)) }

  var hex: String {
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

/// Number formatting for the text report (no locale).
enum Format {
  static func count(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return value < 0 ? "-" + out : out
  }

  /// Three significant figures with k / M suffixes.
  static func rate(_ value: Double) -> String {
    switch value {
    case 1e6...: return significant(value / 1e6) + " M"
    case 1e3...: return significant(value / 1e3) + " k"
    default: return significant(value)
    }
  }

  /// Milliseconds: three significant figures, at least 3 decimals below 1 ms.
  static func ms(_ value: Double) -> String {
    guard value.isFinite else { return "—" }
    if value < 0.01 { return fixed(value, digits: 4) }
    if value < 1 { return fixed(value, digits: 3) }
    return significant(value)
  }

  static func significant(_ value: Double) -> String {
    let magnitude = abs(value)
    let digits = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2
    return fixed(value, digits: digits)
  }

  static func fixed(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "—" }
    return String(format: "%.\(digits)f", value)
  }

  static func bytes(_ value: Int64) -> String {
    let v = Double(value)
    let kib = 1024.0, mib = kib * kib, gib = mib * kib
    if v >= gib { return fixed(v / gib, digits: 2) + " GiB" }
    if v >= mib { return fixed(v / mib, digits: 1) + " MiB" }
    if v >= kib { return fixed(v / kib, digits: 1) + " KiB" }
    return "\(value) B"
  }

  static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let fill = String(repeating: " ", count: max(0, width - text.count))
    return right ? fill + text : text + fill
  }
}

/// The machine the numbers come from.
struct MachineInfo: Codable, Sendable {
  var cpuModel: String
  var cores: Int
  var memoryBytes: UInt64
  var os: String
  var lmdbVersion: String
  var kernel: String

  static func current() -> MachineInfo {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model =
      cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
      .flatMap { line in line.split(separator: ":", maxSplits: 1).last }
      .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
    let info = ProcessInfo.processInfo
    let kernel = ((try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8)) ?? "?")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    return MachineInfo(
      cpuModel: model, cores: info.activeProcessorCount, memoryBytes: info.physicalMemory,
      os: info.operatingSystemVersionString, lmdbVersion: String(cString: mdb_version(nil, nil, nil)), kernel: kernel)
  }
}

/// Progress lines on stderr.
func progress(_ message: String) {
  FileHandle.standardError.write(Data(("• " + message + "\n").utf8))
}

func warn(_ message: String) {
  FileHandle.standardError.write(Data(("ledger-scale-bench: " + message + "\n").utf8))
}

/// Size of a file in bytes, or 0.
func fileSize(_ path: String) -> Int64 {
  ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
}

/// fsyncs `path` and returns how long it took.
func fsyncFile(_ path: String) -> Double {
  let fd = open(path, O_RDONLY)
  guard fd >= 0 else { return 0 }
  defer { close(fd) }
  return Stopwatch.time { _ = fsync(fd) }
}

/// CPU seconds (user + system) this process has used so far, all threads: the work a phase
/// did, which time stolen by other guests of the host does not inflate as it does wall time.
func processCPUSeconds() -> Double {
  var usage = rusage()
  getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
  func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
  return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// Resident set size of this process, from /proc/self/status (VmRSS), in bytes.
func residentBytes() -> Int64 {
  let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
  for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
    let kb = line.split(separator: " ").compactMap { Int64($0) }.first ?? 0
    return kb * 1024
  }
  return 0
}

/// Peak resident set size (VmHWM), in bytes.
func peakResidentBytes() -> Int64 {
  let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
  for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
    let kb = line.split(separator: " ").compactMap { Int64($0) }.first ?? 0
    return kb * 1024
  }
  return 0
}

/// Samples the process list every 2 s on a background thread and records, per phase, how
/// often other heavy processes (compilers, builds, test runners) were running.
final class InterferenceSampler: @unchecked Sendable {
  private let lock = NSLock()
  private var current = "setup"
  private var seen: [String: PhaseInterference] = [:]
  private var running = true
  private var phaseStart = (cpu: RunContext.cpuTimes(), wall: ContinuousClock.now)
  /// Per phase: share of the machine's CPU used by other processes (from /proc/stat).
  private(set) var otherShare: [String: Double] = [:]

  func start() {
    let thread = Thread { [self] in
      while true {
        lock.lock()
        let go = running, name = current
        lock.unlock()
        guard go else { return }
        let heavy = RunContext.heavyProcesses().map { String($0.split(separator: " ").last ?? "") }
        lock.lock()
        var entry = seen[name] ?? PhaseInterference(samples: 0, of: 0, programs: [])
        entry.of += 1
        if !heavy.isEmpty {
          entry.samples += 1
          entry.programs = Array(Set(entry.programs).union(heavy))
        }
        seen[name] = entry
        lock.unlock()
        Thread.sleep(forTimeInterval: 2)
      }
    }
    thread.start()
  }

  func phase(_ name: String) {
    lock.lock()
    closePhase()
    current = name
    lock.unlock()
  }

  /// Records the finished phase's other-CPU share (lock held).
  private func closePhase() {
    let now = (cpu: RunContext.cpuTimes(), wall: ContinuousClock.now)
    let seconds = Stopwatch.seconds(now.wall - phaseStart.wall)
    if seconds > 1 {
      let other = max(0, (now.cpu.machine - phaseStart.cpu.machine) - (now.cpu.ours - phaseStart.cpu.ours))
      otherShare[current] = other / (seconds * Double(ProcessInfo.processInfo.activeProcessorCount))
    }
    phaseStart = now
  }

  /// Stops sampling; returns each phase's other-CPU share.
  func finish() -> [String: Double] {
    lock.lock()
    defer { lock.unlock() }
    closePhase()
    running = false
    return otherShare
  }

  /// Stops sampling; returns the phases where something else ran.
  func stop() -> [String: PhaseInterference] {
    lock.lock()
    defer { lock.unlock() }
    running = false
    return seen.filter { $0.value.samples > 0 }
  }
}

extension Ledger {
  /// The read models that are not at the log's head in their code's version: none, in a
  /// ledger the benchmark may measure.
  func staleProjections() throws -> [String] {
    try projectionStatus().filter { $0.storedVersion != $0.codeVersion || $0.lag != 0 }.map(\.name)
  }
}
