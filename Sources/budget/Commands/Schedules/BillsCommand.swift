import ArgumentParser
import Ledger
import LedgerDomain
import LedgerWire
import QueryResults

/// `budget bills`: what is overdue, due soon and paid this month — or a month's calendar.
struct BillsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bills",
    abstract: "Bills: overdue, due in the next days (with reminders), paid this month — or --month for a calendar.")
  @OptionGroup var options: LedgerOptions
  @OptionGroup var time: TimeOptions
  @Option(help: "How many days ahead to look (default 14).") var days: Int = 14
  @Option(help: "A month's calendar instead, YYYY-MM.", transform: monthArgument) var month: YearMonth?
  @Flag(
    help:
      "Also list the transactions that may have paid an overdue or due bill but could not be linked alone (more than one fits)."
  )
  var suggest = false

  func validate() throws {
    if !(0...366).contains(days) { throw ValidationError("--days \(days) is outside 0–366") }
  }

  func run() async throws {
    let ledger = try await options.openExisting()
    let names = try userFacing { try ledger.names() }
    if let month {
      let occurrences = try userFacing {
        try ledger.occurrences(dueFrom: month.firstDay, through: month.lastDay, asOf: time.asOf, at: try time.point())
      }.value
      if options.json { return try Console.json(occurrences.map { Wire.Occurrence($0, names: names) }) }
      print(Self.calendar(month, occurrences))
      return
    }
    let answer = try userFacing { try ledger.bills(days: days, asOf: time.asOf, at: try time.point()) }
    let (overview, position) = (answer.value, answer.position)
    let suggestions =
      suggest
      ? try await userFacing {
        try await ledger.matchScheduled(through: overview.today, linking: false).suggested
      } : []
    if options.json {
      return try Console.json(
        Wire.Bills(overview, position: position, names: names, suggestions: suggest ? suggestions : nil))
    }
    // Overdue ones have their own section below: the reminders say what is coming.
    let coming = overview.reminders.filter { $0.status != .overdue }
    if !coming.isEmpty {
      Console.note(
        coming.map { reminder in
          "reminder: '\(reminder.terms.name)' \(show(reminder.terms.amount)) \(reminder.terms.amount.currency.code) is due \(reminder.due)"
        }.joined(separator: "\n"))
    }
    section("Overdue", overview.overdue, names: names)
    section("Due in the next \(overview.days) days", overview.dueSoon, names: names)
    section("Paid this month", overview.paidThisMonth, names: names)
    guard suggest else { return }
    print("Possible payments: \(suggestions.count)")
    for pairing in suggestions {
      let occurrence = pairing.occurrence
      print(
        "  '\(occurrence.terms.name)' of \(occurrence.nominal) ← \(pairing.transaction.id.short) \(pairing.transaction.date) '\(pairing.transaction.name)' \(show(pairing.transaction.amount)) — budget schedule pay \(quotedIfNeeded(occurrence.terms.name)) --occurrence \(occurrence.nominal) --transaction \(pairing.transaction.id.short)"
      )
    }
  }

  private func section(_ title: String, _ occurrences: [OccurrenceInfo], names: NameBook) {
    let totals = BillsOverview.totals(occurrences).map { "\(show($0)) \($0.currency.code)" }.joined(separator: ", ")
    print("\(title): \(occurrences.count)\(occurrences.isEmpty ? "" : " (\(totals))")")
    guard !occurrences.isEmpty else { return }
    var table = Table([
      ("DUE", .left), ("BILL", .left), ("AMOUNT", .right), ("", .left), ("ACCOUNT", .left), ("STATUS", .left),
    ])
    for occurrence in occurrences {
      let amount = occurrence.payment?.amount ?? occurrence.terms.amount
      table.add([
        occurrence.due.description, occurrence.terms.name + (occurrence.terms.autopay ? " (autopay)" : ""),
        show(amount) + (occurrence.terms.estimated && occurrence.payment == nil ? "~" : ""), amount.currency.code,
        names.account(occurrence.terms.account), occurrence.status.rawValue,
      ])
    }
    print(table.render())
  }

  /// A month as weeks of days, each day with the bills due on it listed after.
  static func calendar(_ month: YearMonth, _ occurrences: [OccurrenceInfo]) -> String {
    var lines = [month.title, "Mo Tu We Th Fr Sa Su"]
    let byDay = Dictionary(grouping: occurrences, by: \.due.day)
    var line = String(repeating: "   ", count: month.firstDay.weekday - 1)
    for day in 1...month.lastDay.day {
      let mark = byDay[day] == nil ? " " : "*"
      line += (day < 10 ? " " : "") + "\(day)" + mark
      if (month.firstDay.weekday - 1 + day) % 7 == 0 {
        lines.append(line)
        line = ""
      }
    }
    if !line.isEmpty { lines.append(line) }
    lines.append("")
    for occurrence in occurrences {
      let amount = occurrence.payment?.amount ?? occurrence.terms.amount
      lines.append(
        "\(occurrence.due)  \(occurrence.terms.name)  \(show(amount)) \(amount.currency.code)  \(occurrence.status.rawValue)"
      )
    }
    if occurrences.isEmpty { lines.append("nothing due in \(month.title)") }
    return lines.joined(separator: "\n")
  }
}
