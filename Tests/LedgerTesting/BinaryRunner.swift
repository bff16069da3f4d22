import Foundation

/// Runs an executable built beside the test bundle (the `budget` CLI, the torture tool) and
/// captures its output and exit code — end-to-end tests of the real binary.
public struct BinaryRunner: Sendable {
  public let path: String
  public var environment: [String: String]

  /// Finds `name` next to the running test binary, or at `$<NAME>_BINARY`.
  public init(_ name: String, environment: [String: String] = [:]) throws {
    let override = ProcessInfo.processInfo.environment[name.uppercased().replacingOccurrences(of: "-", with: "_") + "_BINARY"]
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

  /// The result of one run.
  public struct Output: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
  }

  /// Runs the binary with `arguments` and waits for it.
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
    try process.run()
    let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
    let stderrData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
      stderr: String(decoding: stderrData, as: UTF8.self))
  }

  struct BinaryNotFound: Error, CustomStringConvertible {
    let name: String
    var description: String { "\(name) was not found next to the test binary; run swift build first" }
  }
}
