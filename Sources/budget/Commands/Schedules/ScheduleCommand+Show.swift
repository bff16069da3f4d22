import ArgumentParser
import Ledger
import LedgerDomain
import LedgerWire
import QueryResults

extension ScheduleCommand {
  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list",
      abstract: "List schedules and their next occurrence (an overdue one first, marked overdue).")
    @OptionGroup var options: LedgerOptions
    @OptionGroup var time: TimeOptions

    func run() async throws {
      let ledger = try await options.openExisting()
      let today = time.asOf ?? LedgerOptions.today()
      let names = try userFacing { try ledger.names() }
      let rows = try userFacing { try ledger.scheduleList(today: today, at: try time.point(), names: names) }.rows
      if options.json { return try Console.json(rows.map(\.shape)) }
      var table = Table([
        ("SCHEDULE", .left), ("AMOUNT", .right), ("", .left), ("EVERY", .left), ("ACCOUNT", .left), ("NEXT", .left),
        ("", .left), ("ID", .left),
      ])
      for (info, row) in rows {
        table.add([
          row.name, show(info.terms.amount) + (row.estimated ? "~" : ""), row.currency, row.recurrence, row.account,
          row.next.map { row.overdue ? "\($0) overdue" : $0 } ?? "—",
          [row.autopay ? "autopay" : nil, row.paused ? "paused" : nil].compactMap { $0 }.joined(separator: ", "),
          String(row.id.suffix(8)),
        ])
      }
      print(
        rows.isEmpty
          ? "no schedules yet; add one with: budget schedule add Rent 950 --category Housing --every month --day 1"
          : table.render())
    }
  }

  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show", abstract: "A schedule's terms over time and its next occurrences.")
    @OptionGroup var options: LedgerOptions
    @OptionGroup var time: TimeOptions
    @Argument(help: "The schedule (name or id).") var schedule: String

    func run() async throws {
      let ledger = try await options.openExisting()
      let id = try userFacing { try ledger.schedule(named: schedule) }
      let today = time.asOf ?? LedgerOptions.today()
      let names = try userFacing { try ledger.names() }
      guard
        let (info, upcoming, position) = try userFacing({
          try ledger.scheduleAround(id, today: today, at: try time.point())
        })
      else { throw UserError("schedule '\(schedule)' was not known then") }
      if options.json {
        return try Console.json(Wire.ScheduleDetail(info, occurrences: upcoming, position: position, names: names))
      }
      let terms = info.terms
      print(
        "\(terms.name) — \(terms.kind.rawValue) of \(show(terms.amount)) \(terms.amount.currency.code)\(terms.estimated ? " (estimated)" : "")"
      )
      print("  \(terms.recurrence.summary)")
      print(
        "  account \(names.account(terms.account))"
          + (terms.toAccount.map { " → \(names.accounts[$0]?.name ?? $0.description)" } ?? "")
          + (terms.category.map { ", category \(names.categories[$0]?.name ?? $0.description)" } ?? ""))
      print(
        "  autopay \(terms.autopay ? "on" : "off"), reminder \(terms.reminderDays) day\(terms.reminderDays == 1 ? "" : "s") before"
          + (info.isPaused ? ", paused" : "") + (info.timeline.endedAfter.map { ", ended after \($0)" } ?? ""))
      if info.timeline.versions.count > 1 {
        for version in info.timeline.versions.dropFirst() {
          print("  from \(version.from): \(show(version.terms.amount)) \(version.terms.recurrence.summary)")
        }
      }
      var table = Table([("DATE", .left), ("DUE", .left), ("STATUS", .left), ("AMOUNT", .right), ("PAID BY", .left)])
      for occurrence in upcoming {
        table.add([
          occurrence.nominal.description, occurrence.due.description, occurrence.status.rawValue,
          show(occurrence.payment?.amount ?? occurrence.terms.amount),
          occurrence.payment.flatMap { $0.entry.map { String($0.description.suffix(8)) } } ?? "",
        ])
      }
      print(table.render())
    }
  }

  struct Occurrences: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "occurrences", abstract: "A schedule's occurrences between two dates, with their status.")
    @OptionGroup var options: LedgerOptions
    @OptionGroup var time: TimeOptions
    @Argument(help: "The schedule (name or id).") var schedule: String
    @Option(help: "First date, YYYY-MM-DD.", transform: dateArgument) var from: CivilDate
    @Option(help: "Last date, YYYY-MM-DD.", transform: dateArgument) var to: CivilDate

    func validate() throws {
      if to < from { throw ValidationError("--to \(to) is before --from \(from)") }
      if from.days(until: to) > 366 * 50 {
        throw ValidationError("--from and --to are more than 50 years apart; ask for less")
      }
    }

    func run() async throws {
      let ledger = try await options.openExisting()
      let id = try userFacing { try ledger.schedule(named: schedule) }
      let occurrences = try userFacing {
        try ledger.occurrences(of: id, from: from, through: to, asOf: time.asOf, at: try time.point())
      }.value
      let names = try userFacing { try ledger.names() }
      if options.json { return try Console.json(occurrences.map { Wire.Occurrence($0, names: names) }) }
      var table = Table([("DATE", .left), ("DUE", .left), ("STATUS", .left), ("AMOUNT", .right), ("", .left)])
      for occurrence in occurrences {
        let amount = occurrence.payment?.amount ?? occurrence.terms.amount
        table.add([
          occurrence.nominal.description, occurrence.due.description, occurrence.status.rawValue, show(amount),
          amount.currency.code,
        ])
      }
      print(occurrences.isEmpty ? "no occurrences between \(from) and \(to)" : table.render())
    }
  }
}
