import Foundation
import LedgerDomain

/// Runs `rrule_reference.py` (next to this file): the nominal dates of recurrence rules as
/// Python's dateutil.rrule computes them, an independent reference for ``Recurrence``.
struct RRuleReference {
  /// A rule and the window to list its dates in.
  struct Case {
    let id: Int
    let rule: Recurrence
    /// The last nominal date to list.
    let through: CivilDate
    /// The most dates to list.
    let limit: Int

    /// The case as one JSON line of the script's input.
    var jsonLine: String {
      func text(_ value: Int?) -> String { value.map(String.init) ?? "null" }
      func text(_ value: CivilDate?) -> String { value.map { "\"\($0)\"" } ?? "null" }
      return """
        {"id":\(id),"unit":"\(rule.unit.rawValue)","interval":\(rule.interval),\
        "dayOfMonth":\(text(rule.dayOfMonth)),"weekdayOrdinal":\(text(rule.weekdayOrdinal)),\
        "weekday":\(text(rule.weekday)),"start":"\(rule.start)","endDate":\(text(rule.endDate)),\
        "count":\(text(rule.count)),"through":"\(through)","limit":\(limit)}
        """
    }
  }

  /// The reference's answer for one case.
  struct Answer: Equatable {
    /// The nominal dates from the start through the case's `through`, at most `limit`.
    let dates: [CivilDate]
    /// For a rule with an end: its last date (nil when it has none); for a rule without an
    /// end: nil.
    let last: CivilDate?
  }

  /// Why the reference could not answer.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("rrule_reference.py")

  /// The reference's answers, by case id, from one python3 process.
  static func answers(for cases: [Case]) throws -> [Int: Answer] {
    let input = FileManager.default.temporaryDirectory
      .appendingPathComponent("recurrence-reference-\(UUID().uuidString).jsonl")
    try cases.map(\.jsonLine).joined(separator: "\n").write(to: input, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: input) }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path, input.path]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    do {
      try process.run()
    } catch {
      throw Failure(
        description:
          "cannot run python3 (\(error)): the recurrence reference tests need python3 with dateutil; run Tools/setup.sh"
      )
    }
    // Read before waiting so a full pipe cannot stall the script.
    let stdout = output.fileHandleForReading.readDataToEndOfFile()
    let stderr = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(
        description: """
          rrule_reference.py failed (exit \(process.terminationStatus)); the recurrence reference tests need \
          python3 with dateutil (Tools/setup.sh installs python3-dateutil):
          \(String(decoding: stderr, as: UTF8.self))
          """)
    }
    var answers: [Int: Answer] = [:]
    for line in String(decoding: stdout, as: UTF8.self).split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 3, let id = Int(fields[0]) else {
        throw Failure(description: "rrule_reference.py printed an unreadable line: \(line)")
      }
      let dates = try fields[1].split(separator: ",").map { try CivilDate(parsing: String($0)) }
      let last = fields[2] == "-" || fields[2] == "?" ? nil : try CivilDate(parsing: String(fields[2]))
      answers[id] = Answer(dates: dates, last: last)
    }
    guard answers.count == cases.count else {
      throw Failure(description: "rrule_reference.py answered \(answers.count) of \(cases.count) rules")
    }
    return answers
  }
}
