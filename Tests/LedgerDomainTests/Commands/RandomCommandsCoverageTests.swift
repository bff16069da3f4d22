import LedgerDomain
import LedgerTesting
import Testing

/// The property tests drive the ledger with ``RandomCommands``; a command they never send is
/// not checked by them (stored state against a fold, read models against a rebuild). Each kind
/// of command is in ``RandomCommands/sent`` or ``RandomCommands/notSent``, so a new command is
/// a choice: teach `RandomCommands` to send it, or say it is left out.
@Suite struct RandomCommandsCoverageTests {
  @Test("given the kinds of command, when the two lists are read, then each kind is in exactly one")
  func everyKindIsChosen() {
    let listed = RandomCommands.sent.union(RandomCommands.notSent)
    let missing = LedgerCommand.Kind.allCases.filter { !listed.contains($0) }.map(\.rawValue)
    #expect(
      missing.isEmpty,
      "teach RandomCommands to send \(missing), or list them in RandomCommands.notSent (Tests/LedgerTesting/RandomCommands.swift)"
    )
    #expect(RandomCommands.sent.isDisjoint(with: RandomCommands.notSent))
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
    #expect(seen == RandomCommands.sent)
  }
}
