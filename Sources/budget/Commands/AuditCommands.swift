import ArgumentParser
import EventRecords
import Foundation
import Ledger
import LedgerDomain
import LedgerWire

/// `budget log`: the audit trail — every event, newest first.
struct LogCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "log", abstract: "The audit trail: every event, newest first.")
  @OptionGroup var options: LedgerOptions
  @Option(name: .shortAndLong, help: "How many events.") var limit = 20
  @Option(help: "Start at this position instead of the newest.") var from: UInt64?

  func validate() throws {
    guard limit > 0 else { throw ValidationError("--limit must be at least 1 (got \(limit))") }
  }

  func run() async throws {
    let ledger = try await options.openExisting()
    let events = try userFacing { try ledger.events(from: from ?? .max, direction: .backward, limit: limit) }
    let rows = events.map(Wire.Event.init)
    if options.json { return try Console.json(rows) }
    var table = Table([
      ("POS", .right), ("RECORDED AT (UTC)", .left), ("ACTOR", .left), ("EVENT", .left), ("STREAM", .left),
    ])
    for row in rows { table.add([String(row.position), row.recordedAt, row.actor ?? "", row.type, row.stream]) }
    print(table.render())
  }
}

/// `budget verify`: hash chain, period seals and projections.
struct VerifyCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "verify",
    abstract: "Check the hash chain, every period seal, and that every projection equals a fold of the log.")
  @OptionGroup var options: LedgerOptions
  @Flag(help: "Check the chain and the seals only, not the projections: seconds faster on a big ledger.")
  var skipProjections = false
  @Flag(help: "Also fold the whole log and compare the rules' stored state with it, field by field.")
  var deep = false

  func run() async throws {
    let ledger = try await options.openExisting()
    let progress = ProgressBar(title: "verifying")
    let report = try userFacing {
      try ledger.verify(projections: !skipProjections, deep: deep) { done, total in
        progress.update(done: done, total: total, rate: 0)
      }
    }
    progress.finish()
    if options.json {
      try Console.json(Wire.Verify(report))
    } else if report.isOK {
      print(
        "ok: \(report.events) events, chain head \(report.head.hex), seals \(skipProjections ? "match (projections not checked)" : "and projections match"), rules' stored state \(deep ? "equals a fold of the log" : "checked")"
      )
    } else {
      for problem in report.problems { Console.error(problem) }
    }
    if !report.isOK { throw ExitCode(1) }
  }
}
