import Foundation

/// Runs an executable built beside the test bundle (the `budget` CLI, the torture tool) and
/// captures its output and exit code — end-to-end tests of the real binary.
public struct BinaryRunner: Sendable {
  public let path: String
  public var environment: [String: String]

  /// Finds `name` next to the running test binary, or at `$<NAME>_BINARY`.
  public init(_ name: String, environment: [String: String] = [:]) throws {
    let override = ProcessInfo.processInfo.environment[
      name.uppercased().replacingOccurrences(of: "-", with: "_") + "_BINARY"]
    var found = override
    if found == nil {
      var directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
      for _ in 0..<4 where found == nil {
        let candidate = directory.appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: candidate) { found = candidate }
        directory = directory.deletingLastPathComponent()
      }
    }
    guard let found else { throw BinaryNotFound(name: name) }
    path = found
    self.environment = environment
  }

  /// A program installed on the system — a peer such as `hledger` — found on the `PATH`.
  public static func installed(_ name: String) throws -> BinaryRunner {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    guard let found = directories.map({ "\($0)/\(name)" }).first(where: FileManager.default.isExecutableFile(atPath:))
    else { throw BinaryNotFound(name: name) }
    return BinaryRunner(path: found)
  }

  private init(path: String) {
    self.path = path
    self.environment = [:]
  }

  /// The result of one run.
  public struct Output: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
  }

  /// Runs the binary with `arguments` (and `stdin` as its standard input, if given) and
  /// waits for it. Standard error is read on another thread while standard output is read
  /// here: a child that fills one pipe while the other is being drained would otherwise wait
  /// forever.
  public func run(_ arguments: [String], stdin: String? = nil) throws -> Output {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    for (key, value) in self.environment { environment[key] = value }
    process.environment = environment
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let input = stdin.map { _ in Pipe() }
    process.standardInput = input ?? FileHandle.nullDevice
    try process.run()
    let pending = DispatchGroup()
    let stderrData = Captured()
    DispatchQueue.global().async(group: pending) { stderrData.set(err.fileHandleForReading.readDataToEndOfFile()) }
    if let input, let stdin {
      DispatchQueue.global().async(group: pending) {
        // A child that exits without reading it all: the write fails (EPIPE), which is fine.
        try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))
        try? input.fileHandleForWriting.close()
      }
    }
    let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
    pending.wait()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
      stderr: String(decoding: stderrData.get(), as: UTF8.self))
  }

  /// Bytes read on another thread.
  private final class Captured: @unchecked Sendable {
    // @unchecked: written once before `DispatchGroup.wait` returns, read after.
    private var data = Data()
    func set(_ data: Data) { self.data = data }
    func get() -> Data { data }
  }

  struct BinaryNotFound: Error, CustomStringConvertible {
    let name: String
    var description: String { "\(name) was not found next to the test binary; run swift build first" }
  }
}
