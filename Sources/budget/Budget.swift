import ArgumentParser

/// The `budget` command line.
@main
struct Budget: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "budget",
    abstract: "An event-sourced, zero-based budget ledger.",
    discussion: """
      Every change is an event appended to a hash-chained log in one LMDB file.
      The ledger file is --ledger PATH, else $BUDGET_LEDGER, else
      $XDG_DATA_HOME/budget-ledger/default.ledger.
      """,
    subcommands: [DemoCommand.self, LogCommand.self, VerifyCommand.self]
  )
}
