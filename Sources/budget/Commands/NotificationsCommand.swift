import ArgumentParser
import Ledger
import LedgerWire

/// `budget notifications`: what the ledger has to tell its user — a category's spending at
/// 75 %, 90 % or all of its month's budget, or past it — newest first.
struct NotificationsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "notifications",
    abstract: "What the ledger has to tell you: budgets 75 %, 90 % and fully used, and overspent.",
    discussion:
      "A notice stands while the spending does: an amendment, a deletion or an undo that brings it back below takes it back. Example: budget notifications --as-known-at 1204"
  )
  @OptionGroup var options: LedgerOptions
  @OptionGroup var time: KnownAtOptions

  func run() async throws {
    let ledger = try await options.openExisting()
    let answer = try userFacing { try ledger.budgetNotices(at: try time.point()) }
    let wire = Wire.Notifications(answer.value, position: answer.position, ledger: ledger)
    if options.json { return try Console.json(wire) }
    if wire.items.isEmpty {
      print("No notifications: no budget has reached 75 %.")
    } else {
      var table = Table([
        ("POS", .right), ("MONTH", .left), ("CATEGORY", .left), ("REACHED", .left), ("NOTICE", .left), ("TX", .left),
      ])
      for item in wire.items {
        let reached = item.threshold == "overspent" ? "overspent" : "\(item.threshold) %"
        table.add([
          String(item.position), item.month, item.category, reached, item.message,
          String((item.transaction ?? "").suffix(8)),
        ])
      }
      print(table.render())
    }
    time.footer(answer.position, recordedAt: answer.recordedAt)
  }
}
