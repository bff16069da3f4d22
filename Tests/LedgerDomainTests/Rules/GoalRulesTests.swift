import LedgerDomain
import LedgerTesting
import Testing

/// Goals: funded by a savings account or an expense category; contributions record the real
/// movement and the goal's entry together; bad input is refused and changes nothing.
@Suite struct GoalRulesTests {
  static let goal = GoalID(raw: EntityID(high: 0x60A1, low: 1))
  static let trip = GoalSettings(name: "Trip", goalKind: .vacation, target: eur("2400"), targetDate: day("2024-12-31"))

  /// A ledger (today 2024-03-31) with checking (1,000.00) and a savings account.
  func scenario() throws -> Scenario {
    var scenario = Scenario.standard()
    try scenario.run(.changeOpeningBalance(Scenario.checking, to: eur("1000")))
    try scenario.run(
      .openAccount(OpenAccount(account: Scenario.savings, name: "Savings", type: .savings, date: day("2024-01-01"))))
    return scenario
  }

  func added(
    _ settings: GoalSettings = trip, funding: GoalFunding = .account(Scenario.savings), id: GoalID = goal
  ) -> LedgerCommand {
    .addGoal(GoalAdded(goal: id, settings: settings, startDate: day("2024-03-01"), funding: funding))
  }

  func contribution(_ amount: String, from account: AccountID = Scenario.checking, low: UInt64 = 1) -> LedgerCommand {
    .contributeToGoal(
      GoalMovement(
        goal: Self.goal, entry: EntityID(high: 0xE, low: low),
        payment: .record(
          id: EntityID(high: 0xF, low: low), account: account, date: day("2024-03-20"), amount: eur(amount)),
        source: .windfall, note: "bonus"))
  }

  @Test func aContributionToAnAccountGoalIsATransferAndItsEntryTogether() throws {
    // Given a goal funded by the savings account
    var scenario = try scenario()
    try scenario.run(added())
    // When 250.00 is contributed from checking
    let events = try scenario.when(contribution("250"))
    // Then one command makes the transfer checking → savings and the entry linking it
    guard events.count == 2, case .transferMade(let transfer) = events[0], case .goalContributed(let entry) = events[1]
    else {
      Issue.record("\(events)")
      return
    }
    #expect(transfer.from == Scenario.checking && transfer.to == Scenario.savings && transfer.amount == eur("250"))
    #expect(entry.transfer == transfer.transfer && entry.amount == eur("250") && entry.source == .windfall)
  }

  @Test func aContributionToACategoryGoalIsAnExpenseInItsCategory() throws {
    var scenario = try scenario()
    try scenario.run(added(funding: .category(Scenario.bills)))
    let events = try scenario.when(contribution("40.25"))
    guard events.count == 2, case .transactionAdded(let added) = events[0], case .goalContributed(let entry) = events[1]
    else {
      Issue.record("\(events)")
      return
    }
    #expect(added.type == .expense && added.category == Scenario.bills && added.account == Scenario.checking)
    #expect(entry.transaction == added.transaction)
  }

  @Test func badGoalsAreRefusedWithTheReasonAndChangeNothing() throws {
    var scenario = try scenario()
    let before = scenario.state
    var settings = Self.trip
    settings.target = eur("0")
    #expect { try scenario.when(added(settings)) } throws: { "\($0)".contains("must be more than zero") }
    settings.target = eur("-5")
    #expect { try scenario.when(added(settings)) } throws: { "\($0)".contains("must be more than zero") }
    settings = Self.trip
    settings.targetDate = day("2024-03-30")
    #expect { try scenario.when(added(settings)) } throws: { "\($0)".contains("is in the past") }
    #expect { try scenario.when(added(funding: .category(Scenario.income))) } throws: {
      "\($0)".contains("is an income category")
    }
    #expect(scenario.state == before)
    // A second active goal on the same account, or of the same name
    try scenario.run(added())
    var other = Self.trip
    other.name = "Car"
    #expect { try scenario.when(added(other, id: GoalID(raw: EntityID(high: 0x60A1, low: 2)))) } throws: {
      "\($0)".contains("'Savings' already funds goal 'Trip'")
    }
    #expect {
      try scenario.when(added(funding: .category(Scenario.bills), id: GoalID(raw: EntityID(high: 0x60A1, low: 3))))
    } throws: { "\($0)".contains("a goal named 'Trip' already exists") }
  }

  @Test func contributionsToFinishedGoalsOrFromClosedAccountsAreRefused() throws {
    var scenario = try scenario()
    try scenario.run(added())
    let other = AccountID(raw: EntityID(high: 0xACC0, low: 9))
    try scenario.run(
      .openAccount(OpenAccount(account: other, name: "Old", type: .checking, date: day("2024-01-01"))))
    try scenario.run(.closeAccount(other, date: day("2024-03-02")))
    #expect { try scenario.when(contribution("10", from: other)) } throws: { "\($0)".contains("Old") }
    try scenario.run(.completeGoal(Self.goal, date: day("2024-03-25")))
    #expect { try scenario.when(contribution("10")) } throws: { "\($0)".contains("was completed on 2024-03-25") }
    try scenario.run(.reopenGoal(Self.goal))
    try scenario.run(.archiveGoal(Self.goal, date: day("2024-03-26")))
    #expect { try scenario.when(contribution("10")) } throws: { "\($0)".contains("was archived on 2024-03-26") }
  }

  @Test func aCategoryFundingAGoalIsNotDeleted() throws {
    var scenario = try scenario()
    let fund = CategoryID(raw: EntityID(high: 0xCA7, low: 1))
    try scenario.run(.createCategory(CreateCategory(category: fund, name: "Fund")))
    try scenario.run(added(funding: .category(fund)))
    #expect { try scenario.when(.deleteCategory(fund)) } throws: { "\($0)".contains("funds goal 'Trip'") }
    try scenario.run(.archiveGoal(Self.goal, date: day("2024-03-31")))
    #expect(throws: Never.self) { try scenario.when(.deleteCategory(fund)) }
  }

  @Test func aLinkedMovementCountsForOneGoalOnly() throws {
    var scenario = try scenario()
    try scenario.run(added())
    try scenario.run(contribution("100"))
    let transfer = TransferID(raw: EntityID(high: 0xF, low: 1))
    let again = GoalMovement(goal: Self.goal, entry: EntityID(high: 0xE, low: 5), payment: .linkTransfer(transfer))
    #expect { try scenario.when(.contributeToGoal(again)) } throws: {
      "\($0)".contains("already linked to goal 'Trip'")
    }
  }

  @Test func aPaidOccurrenceOfATransferIntoTheGoalIsARecurringContribution() throws {
    // Given a goal on the savings account and a monthly transfer schedule into it
    var scenario = try scenario()
    try scenario.run(added())
    let schedule = ScheduleID(raw: EntityID(high: 0x5C, low: 1))
    let terms = ScheduleTerms(
      name: "Save", kind: .transfer, amount: eur("150"), account: Scenario.checking, toAccount: Scenario.savings,
      recurrence: Recurrence(unit: .month, interval: 1, dayOfMonth: 15, weekend: .after, start: day("2024-03-15")))
    try scenario.run(.createSchedule(schedule, terms: terms))
    // When its March occurrence is paid
    let before = scenario.state
    let pay = PayOccurrence(
      schedule: schedule, date: day("2024-03-15"),
      payment: .record(id: EntityID(high: 0xF, low: 9), date: nil, amount: nil),
      source: .entered)
    let events = try scenario.when(.payOccurrence(pay))
    // Then the transfer is listed on the goal as a recurring contribution, under its own id
    guard case .goalContributed(let entry)? = events.last else {
      Issue.record("\(events)")
      return
    }
    #expect(entry.source == .recurring && entry.amount == eur("150") && entry.transfer?.raw == entry.contribution)
    // And undoing the payment takes the entry off with the transfer
    var undone = scenario
    undone.state.apply(events)
    for undo in try compensation(for: events, before: before, today: scenario.today) { try undone.run(undo) }
    #expect(undone.state.goals[Self.goal]?.entries.isEmpty == true)
  }

  @Test func everyGoalCommandIsUndoneByItsCompensation() throws {
    var scenario = try scenario()
    let steps: [LedgerCommand] = [
      added(), contribution("300"),
      .changeGoal(Self.goal, settings: GoalSettings(name: "Lisbon", target: eur("3000"), onBudgetSheet: true)),
      .withdrawFromGoal(
        GoalMovement(
          goal: Self.goal, entry: EntityID(high: 0xE, low: 2),
          payment: .record(
            id: EntityID(high: 0xF, low: 2), account: Scenario.checking, date: day("2024-03-21"), amount: eur("50")))),
      .completeGoal(Self.goal, date: day("2024-03-30")), .reopenGoal(Self.goal),
      .archiveGoal(Self.goal, date: day("2024-03-31")),
    ]
    for step in steps {
      // Given the state before the command, when it is run and then undone
      let before = scenario.state
      let events = try scenario.when(step)
      var undone = scenario
      undone.state.apply(events)
      for undo in try compensation(for: events, before: before, today: scenario.today) { try undone.run(undo) }
      // Then the goal is as it was (its version aside), and the money moved back
      let goal = undone.state.goals[Self.goal], was = before.goals[Self.goal]
      if let was {
        #expect(goal?.settings == was.settings, "\(step)")
        #expect(goal?.entries == was.entries, "\(step)")
        #expect(goal?.status == was.status, "\(step)")
      } else {
        #expect(goal?.isArchived == true, "adding a goal is undone by archiving it")
      }
      #expect(undone.state.transferRecords.count == before.transferRecords.count, "\(step)")
      // Go on from the command's state
      scenario.state.apply(events)
    }
  }

  @Test func aContributionsEntryIsRemovedAndAnEntryTheGoalDoesNotListIsRefused() throws {
    // Given a goal with a contribution of 250.00
    var scenario = try scenario()
    try scenario.run(added())
    try scenario.run(contribution("250"))
    // When an entry the goal does not list is removed: refused, naming it
    let stranger = EntityID(high: 0xE, low: 99)
    #expect { try scenario.when(.removeGoalEntry(Self.goal, entry: stranger)) } throws: {
      "\($0)".contains("goal 'Trip' lists no contribution or withdrawal \(stranger)")
    }
    // When the contribution's entry is removed, then the goal lists none
    let entry = EntityID(high: 0xE, low: 1)
    let events = try scenario.when(.removeGoalEntry(Self.goal, entry: entry))
    guard case .goalEntryRemoved(let removed) = events.first, events.count == 1 else {
      Issue.record("\(events)")
      return
    }
    #expect(removed.entry == entry)
    scenario.state.apply(events)
    #expect(scenario.state.goals[Self.goal]?.entry(entry) == nil)
  }
}
