import ArgumentParser
import Ledger
import LedgerDomain
import QueryResults

extension ScheduleCommand {
  struct Pause: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "pause", abstract: "Pause a schedule from a date on (default today): nothing is due or posted.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The schedule (name or id).") var schedule: String
    @Option(help: "First day paused, YYYY-MM-DD (default: today).", transform: dateArgument) var from: CivilDate?

    func run() async throws {
      let ledger = try await options.openExisting()
      let id = try userFacing { try ledger.schedule(named: schedule) }
      let from = from ?? LedgerOptions.today()
      let outcome = try await options.execute(.pauseSchedule(id, from: from), on: ledger)
      try options.report("paused '\(ledger.state.schedules[id]?.name ?? schedule)' from \(from)", outcome)
    }
  }

  struct Resume: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "resume", abstract: "Resume a paused schedule on a date (default today).")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The schedule (name or id).") var schedule: String
    @Option(help: "First day it counts again, YYYY-MM-DD (default: today).", transform: dateArgument) var on: CivilDate?

    func run() async throws {
      let ledger = try await options.openExisting()
      let id = try userFacing { try ledger.schedule(named: schedule) }
      let on = on ?? LedgerOptions.today()
      let outcome = try await options.execute(.resumeSchedule(id, on: on), on: ledger)
      try options.report("resumed '\(ledger.state.schedules[id]?.name ?? schedule)' on \(on)", outcome)
    }
  }

  struct End: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "end", abstract: "End a schedule: no occurrence after a date (default today).")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The schedule (name or id).") var schedule: String
    @Option(help: "Last day it may occur, YYYY-MM-DD (default: today).", transform: dateArgument) var after: CivilDate?

    func run() async throws {
      let ledger = try await options.openExisting()
      let id = try userFacing { try ledger.schedule(named: schedule) }
      let after = after ?? LedgerOptions.today()
      let outcome = try await options.execute(.endSchedule(id, after: after), on: ledger)
      try options.report("ended '\(ledger.state.schedules[id]?.name ?? schedule)' after \(after)", outcome)
    }
  }

  struct Delete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "delete", abstract: "Delete a schedule none of whose occurrences is paid (else end it).")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The schedule (name or id).") var schedule: String
    @Option(help: "Why (kept in its history).") var reason: String = "deleted"

    func run() async throws {
      let ledger = try await options.openExisting()
      let id = try userFacing { try ledger.schedule(named: schedule) }
      let name = ledger.state.schedules[id]?.name ?? schedule
      let outcome = try await options.execute(.deleteSchedule(id, reason: reason), on: ledger)
      try options.report("deleted schedule '\(name)'", outcome)
    }
  }
}
