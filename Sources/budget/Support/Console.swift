import Foundation
import Ledger
import LedgerDomain
import QueryResults

#if canImport(Glibc)
  import Glibc
#endif

/// Terminal output: colours only on a TTY and never with `NO_COLOR` set to a non-empty value
/// (no-color.org: an empty value does not count).
enum Console {
  static let useColor: Bool = {
    let environment = ProcessInfo.processInfo.environment
    return isatty(STDOUT_FILENO) == 1 && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
  }()

  static let isInteractive: Bool = isatty(STDERR_FILENO) == 1

  enum Color: String {
    case red = "31", green = "32", yellow = "33", dim = "2", bold = "1"
  }

  static func paint(_ text: String, _ color: Color) -> String {
    useColor ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
  }

  static func error(_ message: String) {
    FileHandle.standardError.write(Data("error: \(TerminalText.safe(message))\n".utf8))
  }

  static func note(_ message: String) {
    FileHandle.standardError.write(Data("\(TerminalText.safe(message))\n".utf8))
  }

  /// Prints `value` as pretty, key-sorted JSON.
  static func json(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Data, exact: JSON escapes the C0 controls itself.
    Swift.print(String(decoding: try encoder.encode(value), as: UTF8.self))
  }
}

/// A progress bar on stderr, drawn only on a TTY.
struct ProgressBar {
  let title: String

  func update(done: UInt64, total: UInt64, rate: Double) {
    guard Console.isInteractive, total > 0 else { return }
    draw(done: done, total: total, rate: rate)
  }

  /// Replaces the bar with `message` (a phase that reports no counts, such as writing).
  func show(_ message: String) {
    guard Console.isInteractive else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K\(title): \(message)".utf8))
  }

  private func draw(done: UInt64, total: UInt64, rate: Double) {
    let width = 30
    let filled = Int(Double(width) * Double(done) / Double(total))
    let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: max(0, width - filled))
    let eta = rate > 0 ? Int(Double(total - min(done, total)) / rate) : 0
    FileHandle.standardError.write(Data("\r\(title) \(bar) \(done)/\(total) \(Int(rate))/s ETA \(eta)s".utf8))
  }

  /// Draws a rebuild's progress: the bar while it folds, a message while it writes.
  func update(_ progress: ProjectionProgress) {
    switch progress.phase {
    case .folding: update(done: progress.done, total: progress.total, rate: progress.eventsPerSecond)
    case .writing: show("writing the new tables…")
    }
  }

  func finish() {
    guard Console.isInteractive else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
  }
}
