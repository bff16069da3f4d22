import ArgumentParser
import Ledger
import LedgerDomain
import LedgerWire
import QueryResults

/// `budget projections status|rebuild`.
struct ProjectionsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "projections", abstract: "Inspect or rebuild the read models.",
    subcommands: [Status.self, Rebuild.self])

  struct Status: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "status", abstract: "Each projection's version, checkpoint, lag and size.")
    @OptionGroup var options: LedgerOptions

    func run() async throws {
      let ledger = try await options.openExisting()
      let status = try userFacing { try ledger.projectionStatus() }
      if options.json {
        return try Console.json(
          status.map(Wire.ProjectionStatus.init))
      }
      var table = Table([
        ("PROJECTION", .left), ("VERSION", .right), ("GEN", .right), ("CHECKPOINT", .right), ("LAG", .right),
        ("ROWS", .right),
      ])
      for s in status {
        table.add([
          s.name, "\(s.storedVersion.map(String.init) ?? "-")/\(s.codeVersion)", s.generation.map(String.init) ?? "-",
          String(s.checkpoint), String(s.lag), String(s.rows.values.reduce(0, +)),
        ])
      }
      print(table.render())
    }
  }

  /// `projections rebuild --json`: which projections were rebuilt, from how many events, how fast.
  struct RebuildJSON: Encodable {
    var rebuilt: [String]
    var events: UInt64
    var seconds: Double
  }

  struct Rebuild: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "rebuild",
      abstract: "Rebuild projections by re-projection (blue/green), and the rules' stored state.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "Projections to rebuild, or 'rules' for the rules' stored state (default: all of them).")
    var names: [String] = []

    func run() async throws {
      let ledger = try await options.openExisting()
      let progress = ProgressBar(title: "rebuilding")
      let rules = names.isEmpty || names.contains("rules")
      let asked = names.filter { $0 != "rules" }
      let chosen = names.isEmpty ? ledger.projectionNames : asked
      let clock = ContinuousClock()
      let start = clock.now
      var rebuilt = try await userFacing {
        chosen.isEmpty ? [] : try await ledger.rebuildProjections(chosen) { progress.update($0) }
      }
      if rules {
        try await userFacing { try await ledger.rebuildRulesState() }
        rebuilt.append("rules")
      }
      progress.finish()
      let head = ledger.position
      let elapsed = clock.now - start
      if options.json {
        return try Console.json(RebuildJSON(rebuilt: rebuilt, events: head, seconds: elapsed / .seconds(1)))
      }
      print("rebuilt \(rebuilt.joined(separator: ", ")) from \(head) events in \(elapsed)")
    }
  }
}
