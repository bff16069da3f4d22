import ArgumentParser
import Foundation
import Ledger
import SyncClient

/// `budget clone URL --ledger PATH --token-file F`: a new device's ledger, from its hub.
struct CloneCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "clone",
    abstract: "Make this device's ledger from a hub: every event, checked link by link, and the hub as 'origin'.")
  @OptionGroup var options: LedgerOptions
  @Argument(help: "The hub's URL, e.g. https://budget.example.org.") var url: String
  @Option(help: "Read the device's token (from budget device add on the hub) from this file (0600).") var tokenFile:
    String?

  func run() async throws {
    let path = try options.resolvedPath()
    let token = try LedgerOptions.deviceToken(from: tokenFile)
    let start = ContinuousClock.now
    let report = try await userFacing {
      try await Cloner(files: SyncFiles(ledger: path), options: Ledger.Options(today: LedgerOptions.today)).clone(
        url: url, token: token
      ) { step in
        let elapsed = ContinuousClock.now - start
        Console.note(
          String(
            format: "%6.2f s  %@", Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds),
            step))
      }
    }
    if options.json {
      try Console.json(report)
    } else {
      print(
        "cloned \(report.pulled) events from \(url) into \(path); head \(report.head.position) \(report.head.hash.prefix(16))…"
      )
    }
  }
}
