import ArgumentParser
import Foundation
import Ledger
import LedgerDomain
import LedgerWire

/// The `budget` command line.
@main
struct Budget: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "budget",
    abstract: "An event-sourced, zero-based budget ledger.",
    discussion: """
      Every change is an event appended to a hash-chained log in one LMDB file; reports are \
      read models of that log and can be asked as of any date (--as-of) or as the ledger \
      knew it at any earlier point (--as-known-at POSITION|TIMESTAMP).

      The ledger file is --ledger PATH, else $BUDGET_LEDGER, else \
      $XDG_DATA_HOME/budget-ledger/default.ledger.
      """,
    version: BudgetVersion.current,
    subcommands: [
      InitCommand.self, DemoCommand.self, AccountCommand.self, CategoryCommand.self, PeriodCommand.self,
      BudgetCommand.self, TransactionCommand.self, TransferCommand.self, ScheduleCommand.self, BillsCommand.self,
      DebtCommand.self, GoalCommand.self,
      ReportCommand.self, ExplainCommand.self, HistoryCommand.self, NotificationsCommand.self,
      LogCommand.self, VerifyCommand.self, ProjectionsCommand.self, ImportCommand.self, ExportCommand.self,
      BackupCommand.self, RestoreCommand.self, UndoCommand.self, RedoCommand.self, ServeCommand.self,
      LoginLinkCommand.self, SessionsCommand.self, DeviceCommand.self,
      RemoteCommand.self, CloneCommand.self, SyncCommand.self,
    ]
  )

  /// Why a command line with a negative number in it failed to parse, if that is likely: the
  /// parser reads `-5` as short options, so `budget tx add -5 …` only says the amount is
  /// missing. A negative number right after an option is that option's value and parses.
  static func negativeAmountHint(_ arguments: [String]) -> String? {
    for (index, token) in arguments.enumerated()
    where token.count > 1 && token.first == "-"
      && token.dropFirst().allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") })
    {
      let previous = index > 0 ? arguments[index - 1] : ""
      guard !previous.hasPrefix("--") || previous == "--json" else { continue }
      return """
        hint: '\(token)' was read as options, not as an amount. Amounts are written without a sign; \
        the direction is an option: 'tx add \(token.dropFirst()) --type expense' (the default) or '--type income', \
        'transfer \(token.dropFirst()) --from A --to B'.
        """
    }
    return nil
  }

  /// Runs a parsed command, async or not.
  private static func run(_ parsed: any ParsableCommand) async throws {
    var command = parsed
    if var command = command as? any AsyncParsableCommand {
      try await command.run()
    } else {
      try command.run()
    }
  }

  /// Runs the command with the project's exit codes: 0 ok, 1 user error, 2 usage, 3 internal,
  /// 4 an import that rejected rows (the others were recorded).
  static func main() async {
    Allocator.reportAtExitIfAsked()
    // The command that parsed, for a usage error its run() finds (a ValidationError thrown
    // there would otherwise print the top-level usage, not that command's).
    var parsed: (any ParsableCommand.Type)?
    do {
      let command = try parseAsRoot()
      parsed = type(of: command)
      do {
        try await run(command)
      } catch LedgerError.sync(.madeWorkingLedger) {
        // A device's first change made its working ledger (it read its replica until then)
        // and recorded nothing: the command runs again, on the working ledger.
        try await run(try parseAsRoot())
      }
    } catch let error as UserError {
      Console.error(error.message)
      Foundation.exit(1)
    } catch let error as ResolveError {
      Console.error(error.userMessage)
      Foundation.exit(1)
    } catch let code as ExitCode where code != .success && code != .validationFailure {
      Foundation.exit(code.rawValue)  // what went wrong was reported; the code says what kind
    } catch {
      let code = exitCode(for: error)
      if code == .success {
        exit(withError: error)
      }
      if code == .validationFailure {
        var message = fullMessage(for: error)
        if let parsed, let validation = error as? ValidationError {
          message = "Error: \(validation.message)\nUsage: \(usageString(for: parsed))"
        }
        FileHandle.standardError.write(Data((message + "\n").utf8))
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let hint = SubcommandHint.hint(for: arguments) ?? negativeAmountHint(arguments) { Console.note(hint) }
        Foundation.exit(2)
      }
      if code.rawValue == 1 {
        // An error the command did not turn into a message of its own: said as it is, never
        // swallowed (a command that exits 1 without a word leaves the user guessing).
        Console.error(UserError.from(error)?.message ?? fullMessage(for: error))
        Foundation.exit(1)
      }
      FileHandle.standardError.write(Data(("internal error: " + fullMessage(for: error) + "\n").utf8))
      Foundation.exit(3)
    }
  }
}
