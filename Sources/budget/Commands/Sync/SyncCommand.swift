import ArgumentParser
import Foundation
import Ledger
import LedgerDomain
import LedgerWire
import SyncClient

/// `budget sync [status|conflicts|retry|drop]`: a device's sync with its hub (docs/sync.md).
struct SyncCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sync",
    abstract: "Sync this device with its hub: push the outbox, pull the hub's events, keep pending changes.",
    subcommands: [Run.self, Status.self, Conflicts.self, Retry.self, Drop.self], defaultSubcommand: Run.self)

  struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "run", abstract: "Push, pull and update this device's ledger (the default).")
    @OptionGroup var options: LedgerOptions
    @Option(help: "The hub to sync with (default: the first remote).") var remote: String?
    @Flag(help: "Keep following the hub: sync again whenever it has a new event, or every few seconds.") var watch =
      false

    func run() async throws {
      let path = try options.resolvedPath()
      let files = SyncFiles(ledger: path)
      guard files.isDevice else {
        throw UserError(
          "\(path) is not a device of a hub; make one with: budget clone URL --ledger PATH --token-file FILE")
      }
      let report: SyncReport
      if let server = ServerRecord.read(files) {
        report = try await sync(through: server, files: files)
      } else {
        let synchronizer = Synchronizer(files: files, options: Ledger.Options(today: LedgerOptions.today))
        report = try await userFacing { try await synchronizer.sync(remote: remote) }
      }
      try show(report)
      // Printed (JSON included) first: a script sees what was pulled, then the failure.
      if let refused = report.refused { throw UserError(refused) }
      if watch { try await follow(files) }
      // A cron job or a script tells a sync from none by the status (docs/cli.md).
      if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
    }

    /// `--watch`: keeps the replica and the working ledger open and follows the hub (a long
    /// poll), pushing what commands on this device put in the outbox as soon as they do; rounds
    /// are at least 100 ms apart, so that a busy hub is asked at most ten times a second by
    /// each device. When the hub has decided changes made here, the working ledger is rebuilt
    /// with the sync lock taken alone.
    func follow(_ files: SyncFiles) async throws {
      guard let lock = try userFacing({ try FileLock(path: files.lock, mode: .shared, wait: false) }) else {
        throw UserError("another budget sync is running on \(files.ledger)")
      }
      let options = Ledger.Options(today: LedgerOptions.today)
      let link = try await userFacing { try await DeviceLink(files: files, remote: remote, options: options) }
      let synchronizer = Synchronizer(files: files, options: options)
      while true {
        let mustRebuild = try await followRound(files, link: link, options: options)
        guard mustRebuild else { return }
        try userFacing { try lock.change(to: .exclusive) }
        let pending = try userFacing { try Outbox(files: files).entries() }.filter { $0.state == .pending }
        try await userFacing { try await synchronizer.rebuildWorkingLedger(from: link.replica, replaying: pending) }
        try userFacing { try lock.change(to: .shared) }
        await link.rebuilt()
      }
    }

    /// Follows with the working ledger open until it must be rebuilt (`true`).
    private func followRound(_ files: SyncFiles, link: DeviceLink, options: Ledger.Options) async throws -> Bool {
      let ledger = try await userFacing { try await Ledger(path: files.ledger, options: options) }
      while !Task.isCancelled {
        let round = await link.round(ledger)
        if round.pulled > 0 || round.pushed > 0 || round.conflicts > 0 || round.offline != nil {
          try show(
            SyncReport(
              pulled: round.pulled, pushed: round.pushed, conflicts: round.conflicts, pending: 0,
              head: try link.replica.chainHead(), offline: round.offline))
        }
        if round.needsRebuild { return true }
        try await Task.sleep(for: .milliseconds(100))
        if round.offline != nil {
          try await Task.sleep(for: .seconds(5))
        } else {
          await Self.waitForChange(link, outbox: files.outbox)
        }
      }
      return false
    }

    /// Waits until the hub has news (a long poll of up to 25 s) or a command on this device
    /// changed its outbox (looked at every 200 ms), whichever comes first.
    static func waitForChange(_ link: DeviceLink, outbox: String) async {
      let before = try? FileManager.default.attributesOfItem(atPath: outbox)[.modificationDate] as? Date
      await withTaskGroup(of: Void.self) { group in
        group.addTask { await link.waitForNews(seconds: 25) }
        group.addTask {
          while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(200))
            let now = try? FileManager.default.attributesOfItem(atPath: outbox)[.modificationDate] as? Date
            if now != before { return }
          }
        }
        await group.next()
        group.cancelAll()
      }
    }

    func show(_ report: SyncReport) throws {
      if options.json {
        try Console.json(report)
        return
      }
      if let offline = report.offline {
        Console.note("offline: \(offline); \(report.pending) change(s) wait in the outbox")
      }
      var parts = ["pulled \(report.pulled) event(s)", "pushed \(report.pushed) change(s)"]
      if report.conflicts > 0 { parts.append("\(report.conflicts) conflict(s) — see: budget sync conflicts") }
      if report.pending > 0 { parts.append("\(report.pending) pending") }
      print(parts.joined(separator: ", ") + "; head \(report.head.position) \(report.head.hash.prefix(16))…")
    }
  }

  struct Status: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "status", abstract: "What waits in the outbox, and where the replica stands.")
    @OptionGroup var options: LedgerOptions

    func run() async throws {
      let ledger = try await options.openExisting(notingOutbox: false)
      guard ledger.isDevice else { throw UserError("\(ledger.path) is not a device of a hub; it has nothing to sync") }
      let status = try userFacing { try Wire.SyncStatus(ledger) }
      if options.json {
        try Console.json(status)
        return
      }
      print("hub: \(status.remote ?? "none"); replica at \(status.head.position) \(status.head.hash.prefix(16))…")
      print("\(status.pending) pending, \(status.conflicts) conflict(s)")
      for entry in status.entries { print(entry.line) }
    }
  }

  struct Conflicts: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "conflicts", abstract: "Changes the hub refused, with its reasons; retry or drop each.",
      // `budget sync conflicts retry ID` reads as well as `budget sync retry ID`.
      subcommands: [Retry.self, Drop.self])
    @OptionGroup var options: LedgerOptions

    func run() async throws {
      let ledger = try await options.openExisting(notingOutbox: false)
      let conflicts = try userFacing { try ledger.outboxEntries() }.filter { $0.state == .conflict }
      if options.json {
        try Console.json(conflicts.map(\.wire))
        return
      }
      guard !conflicts.isEmpty else {
        print("no conflicts")
        return
      }
      for entry in conflicts.map(\.wire) { print(entry.line) }
      Console.note(
        "resolve each with: budget sync retry ID (apply it on top of the hub's version) or budget sync drop ID")
    }
  }

  struct Retry: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "retry",
      abstract: "Decide a conflict again on top of the hub's version; it is pushed with the next sync.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The conflict's id (from budget sync conflicts).") var id: Int

    func run() async throws {
      let ledger = try await options.openExisting(notingOutbox: false)
      let entry = try await userFacing { try await ledger.retry(outboxEntry: id) }
      if options.json {
        try Console.json(entry.wire)
      } else {
        print("change \(id) applied again on this device; it goes to the hub with the next budget sync")
      }
    }
  }

  struct Drop: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "drop", abstract: "Give up a conflict: no ledger will ever have it.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The conflict's id (from budget sync conflicts).") var id: Int

    func run() async throws {
      let ledger = try await options.openExisting(notingOutbox: false)
      let entry = try userFacing { try ledger.drop(outboxEntry: id) }
      if options.json { try Console.json(entry.wire) } else { print("dropped change \(id)") }
    }
  }
}

extension Wire.OutboxEntry {
  /// The entry in one line, as `sync status` and `sync conflicts` print it.
  var line: String {
    "  \(id)  \(state)  \(changes.joined(separator: "; "))" + (reason.map { " — \($0)" } ?? "")
  }
}
