import ArgumentParser
import Ledger
import LedgerDomain
import LedgerWire
import QueryResults

extension ScheduleCommand {
  struct Pay: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "pay",
      abstract: "Mark an occurrence paid: record its transaction, or link one with --transaction.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The schedule (name or id).") var schedule: String
    @Option(help: "The occurrence, by its date (default: the oldest open one).", transform: dateArgument)
    var occurrence: CivilDate?
    @Option(help: "Link this existing transaction (id, at least 4 characters) instead of recording one.")
    var transaction: String?
    @Option(help: "For a transfer schedule: link this existing transfer (either leg's id, at least 4 characters).")
    var transfer: String?
    @Option(help: "What was paid, if not the scheduled amount.") var amount: String?
    @Option(
      help: "When it was paid, YYYY-MM-DD (default: the day it was due, or today if it is paid early).",
      transform: dateArgument)
    var date: CivilDate?

    func validate() throws {
      if transaction != nil || transfer != nil, amount != nil || date != nil {
        throw ValidationError(
          "--transaction and --transfer link an existing one; --amount and --date are for recording one")
      }
      if transaction != nil, transfer != nil { throw ValidationError("give --transaction or --transfer, not both") }
    }

    func run() async throws {
      let ledger = try await options.openExisting()
      let resolve = NameResolver(ledger: ledger)
      let id = try userFacing { try ledger.schedule(named: schedule) }
      guard let record = ledger.state.schedules[id] else { throw UserError("schedule '\(schedule)' not found") }
      let nominal = try occurrence ?? Self.oldestOpen(id, name: record.name, ledger: ledger)
      let payment: PayOccurrence.Payment
      if let transaction {
        payment = .link(try resolve.transaction(transaction).id)
      } else if let transfer {
        let found = resolve.transfers(transfer.lowercased())
        guard found.count == 1, let linked = found.first?.transfer else {
          throw UserError(
            found.count > 1
              ? "transfer '\(transfer)' names \(found.count) transfers; give more characters"
              : "transfer '\(transfer)' not found; give 4 or more characters of either leg's id (budget tx list shows them)"
          )
        }
        payment = .linkTransfer(linked)
      } else {
        let currency = ledger.state.accounts[record.timeline.current.account]?.currency ?? ledger.baseCurrency
        payment = .record(
          id: EntityID.random(), date: date,
          amount: try amount.map { try positiveAmount($0, currency: currency, direction: "the schedule gives it") })
      }
      let outcome = try await options.execute(
        .payOccurrence(PayOccurrence(schedule: id, date: nominal, payment: payment, source: .entered)), on: ledger)
      try options.report("paid '\(record.name)' of \(nominal)", outcome)
    }

    static func oldestOpen(_ id: ScheduleID, name: String, ledger: Ledger) throws -> CivilDate {
      let today = LedgerOptions.today()
      let from = (try? today.adding(days: -Ledger.scheduleLookbackDays)) ?? today
      let through = (try? today.adding(days: 400)) ?? today
      let open = try userFacing { try ledger.occurrences(of: id, from: from, through: through, asOf: today) }.value
        .first(where: \.isOpen)
      guard let open else { throw UserError("'\(name)' has no open occurrence; name one with --occurrence DATE") }
      return open.nominal
    }
  }

  struct Unpay: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "unpay", abstract: "Unlink an occurrence's payment (the transaction stays).")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The schedule (name or id).") var schedule: String
    @Option(help: "The occurrence, by its date.", transform: dateArgument) var occurrence: CivilDate

    func run() async throws {
      let ledger = try await options.openExisting()
      let id = try userFacing { try ledger.schedule(named: schedule) }
      let outcome = try await options.execute(.unpayOccurrence(id, date: occurrence), on: ledger)
      try options.report(
        "unlinked the payment of '\(ledger.state.schedules[id]?.name ?? schedule)' of \(occurrence)", outcome)
    }
  }

  struct Skip: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "skip", abstract: "Skip an occurrence: it will not be paid, posted or forecast.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The schedule (name or id).") var schedule: String
    @Option(help: "The occurrence, by its date (default: the oldest open one).", transform: dateArgument)
    var occurrence: CivilDate?
    @Option(help: "Why (kept in its history).") var reason: String?

    func run() async throws {
      let ledger = try await options.openExisting()
      let id = try userFacing { try ledger.schedule(named: schedule) }
      let name = ledger.state.schedules[id]?.name ?? schedule
      let nominal = try occurrence ?? Pay.oldestOpen(id, name: name, ledger: ledger)
      let outcome = try await options.execute(.skipOccurrence(id, date: nominal, reason: reason), on: ledger)
      try options.report("skipped '\(name)' of \(nominal)", outcome)
    }
  }

  struct Unskip: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "unskip", abstract: "Take back a skip: the occurrence is due again.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The schedule (name or id).") var schedule: String
    @Option(help: "The occurrence, by its date.", transform: dateArgument) var occurrence: CivilDate

    func run() async throws {
      let ledger = try await options.openExisting()
      let id = try userFacing { try ledger.schedule(named: schedule) }
      let outcome = try await options.execute(.unskipOccurrence(id, date: occurrence), on: ledger)
      try options.report(
        "'\(ledger.state.schedules[id]?.name ?? schedule)' of \(occurrence) is no longer skipped", outcome)
    }
  }

  struct Post: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "post",
      abstract: "Post every autopay occurrence due on or before today (or --through) as a transaction, once.")
    @OptionGroup var options: LedgerOptions
    @Option(
      help: "Post what is due through this day, YYYY-MM-DD (default and at most: today).", transform: dateArgument)
    var through: CivilDate?

    func run() async throws {
      let ledger = try await options.openExisting()
      let report = try await userFacing { try await ledger.postAutopay(through: through, metadata: options.metadata) }
      let warnings = (try? ledger.warnings(after: report.outcomes)) ?? []
      for warning in warnings { Console.note("warning: \(warning.message)") }
      if report.capped {
        Console.note(
          "--through \(through.map(String.init(describing:)) ?? "") is after today; posted through today (\(report.through)) — a posting is never dated in the future"
        )
      }
      if options.json {
        try Console.json(Wire.Autopay(report, warnings: warnings))
      } else {
        for (occurrence, entry) in report.posted {
          print(
            "posted '\(occurrence.terms.name)' of \(occurrence.nominal): \(show(occurrence.terms.amount)) \(occurrence.terms.amount.currency.code) (\(String(entry.description.suffix(8))))"
          )
        }
        for (occurrence, reason) in report.refused {
          print("not posted '\(occurrence.terms.name)' of \(occurrence.nominal): \(reason)")
        }
        if report.posted.isEmpty, report.refused.isEmpty {
          print(
            "nothing to post through \(report.through)"
              + (report.alreadyPosted > 0 ? " (\(report.alreadyPosted) posted before)" : ""))
        }
      }
      if !report.refused.isEmpty { throw ExitCode(1) }
    }
  }
}
