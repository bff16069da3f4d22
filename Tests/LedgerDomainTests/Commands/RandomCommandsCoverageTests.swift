import LedgerDomain
import LedgerTesting
import Testing

/// The property tests drive the ledger with ``RandomCommands``; a command they never send is
/// not checked by them (stored state against a fold, read models against a rebuild). Each kind
/// of command is either sent or listed here as not sent, so a new command is a choice: teach
/// `RandomCommands` to send it, or say it is left out.
@Suite struct RandomCommandsCoverageTests {
  /// The kinds ``RandomCommands`` sends.
  static let sent: Set<LedgerCommand.Kind> = [
    .addTransaction, .amendTransaction, .deleteTransaction, .restoreTransaction, .makeTransfer, .cancelTransfer,
    .changeOpeningBalance, .setBudget, .renameCategory,
  ]

  /// The kinds it does not send: each is covered by its own rule and read-model tests only.
  static let notSent: Set<LedgerCommand.Kind> = [
    .createLedger, .openAccount, .renameAccount, .closeAccount, .reopenAccount, .setAccountRole,
    .createCategory, .moveCategory, .restyleCategory, .archiveCategory, .restoreCategory, .deleteCategory,
    .openPeriod, .closePeriod, .reopenPeriod, .planIncome, .moveBudget, .setDueDate, .clearDueDate, .setRollover,
    .createSchedule, .changeSchedule, .withdrawScheduleChange, .pauseSchedule, .resumeSchedule, .endSchedule,
    .reinstateSchedule, .deleteSchedule, .payOccurrence, .unpayOccurrence, .skipOccurrence, .unskipOccurrence,
    .addDebt, .changeDebtTerms, .withdrawDebtTerms, .removeDebt,
    .addGoal, .changeGoal, .contributeToGoal, .withdrawFromGoal, .removeGoalEntry, .completeGoal, .archiveGoal,
    .reopenGoal,
  ]

  @Test("given the kinds of command, when the two lists are read, then each kind is in exactly one")
  func everyKindIsChosen() {
    let listed = Self.sent.union(Self.notSent)
    let missing = LedgerCommand.Kind.allCases.filter { !listed.contains($0) }.map(\.rawValue)
    #expect(
      missing.isEmpty,
      "teach RandomCommands to send \(missing), or list them in RandomCommandsCoverageTests.notSent")
    #expect(Self.sent.isDisjoint(with: Self.notSent))
  }

  @Test(
    "given a ledger driven by 2,000 random commands, when their kinds are counted, then they are the kinds listed as sent"
  )
  func randomCommandsSendWhatTheListSays() {
    var scenario = Scenario.standard()
    scenario.given(
      .accountOpened(
        AccountOpened(
          account: Scenario.savings, name: "Savings", type: .savings, currency: .eur, openingBalance: eur("0"),
          date: day("2023-01-01"))
      ))
    var commands = RandomCommands(seed: 5)
    var seen: Set<LedgerCommand.Kind> = []
    for _ in 0..<2_000 {
      let command = commands.next(state: scenario.state)
      seen.insert(command.kind)
      try? scenario.run(command)
    }
    #expect(seen == Self.sent)
  }
}
