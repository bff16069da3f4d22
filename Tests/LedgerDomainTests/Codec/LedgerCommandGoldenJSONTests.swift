import Foundation
import LedgerDomain
import LedgerTesting
import Testing

/// `LedgerCommand`'s JSON — what a device's outbox file holds and what it sends its hub — is
/// frozen: renaming a case or a label, or changing how a value is written, breaks this test
/// and needs a new sync protocol version (docs/sync.md), since outboxes written by the older
/// program and hubs running it must still read it.
@Suite struct LedgerCommandGoldenJSONTests {
  static let schedule = ScheduleID(raw: EntityID(high: 0x5C, low: 1))
  static let goal = GoalID(raw: EntityID(high: 0x60A1, low: 1))

  /// Representative commands, each with its frozen JSON (keys sorted).
  static var samples: [(command: LedgerCommand, json: String)] {
    var amendment = TransactionAmended(transaction: txID(1))
    amendment.amount = eur("12.5")
    amendment.name = "Market"
    let rent = ScheduleTerms(
      name: "Rent", payee: "Landlord", kind: .expense, amount: eur("950"), estimated: false, account: Scenario.checking,
      category: Scenario.bills,
      recurrence: Recurrence(unit: .month, interval: 1, dayOfMonth: 1, weekend: .after, start: day("2024-01-01")),
      autopay: true, reminderDays: 3)
    return [
      (
        .addTransaction(expense(1, "42.50", name: "Lunch")),
        #"{"addTransaction":{"_0":{"account":"00000000-0000-acc0-0000-000000000001","amount":{"currency":"EUR","units":425000},"category":"00000000-0000-4000-8000-000000000001","date":"2024-03-10","name":"Lunch","splits":[],"tags":[],"transaction":"00000000-0000-7000-0000-000000000001","type":"expense"}}}"#
      ),
      (
        .amendTransaction(amendment, expectedVersion: 2),
        #"{"amendTransaction":{"_0":{"amount":{"currency":"EUR","units":125000},"name":"Market","transaction":"00000000-0000-7000-0000-000000000001"},"expectedVersion":2}}"#
      ),
      (
        .amendTransaction(amendment, expectedVersion: nil),
        #"{"amendTransaction":{"_0":{"amount":{"currency":"EUR","units":125000},"name":"Market","transaction":"00000000-0000-7000-0000-000000000001"}}}"#
      ),
      (
        .payOccurrence(
          PayOccurrence(
            schedule: schedule, date: day("2024-03-01"),
            payment: .record(id: EntityID(high: 0x7000, low: 9), date: nil, amount: eur("950")), source: .entered)),
        #"{"payOccurrence":{"_0":{"date":"2024-03-01","payment":{"record":{"amount":{"currency":"EUR","units":9500000},"id":"00000000-0000-7000-0000-000000000009"}},"schedule":"00000000-0000-005c-0000-000000000001","source":"entered"}}}"#
      ),
      (
        .createSchedule(schedule, terms: rent),
        #"{"createSchedule":{"_0":"00000000-0000-005c-0000-000000000001","terms":{"account":"00000000-0000-acc0-0000-000000000001","amount":{"currency":"EUR","units":9500000},"autopay":true,"category":"00000000-0000-4000-8000-000000000008","estimated":false,"kind":"expense","name":"Rent","payee":"Landlord","recurrence":{"dayOfMonth":1,"interval":1,"start":"2024-01-01","unit":"month","weekend":"after"},"reminderDays":3,"splits":[]}}}"#
      ),
      (
        .addGoal(
          GoalAdded(
            goal: goal,
            settings: GoalSettings(
              name: "Trip", goalKind: .vacation, target: eur("2400"), targetDate: day("2024-12-31"), onBudgetSheet: true
            ),
            startDate: day("2024-03-01"), funding: .account(Scenario.savings))),
        #"{"addGoal":{"_0":{"account":"00000000-0000-acc0-0000-000000000002","goal":"00000000-0000-60a1-0000-000000000001","settings":{"goalKind":"vacation","name":"Trip","onBudgetSheet":true,"target":{"currency":"EUR","units":24000000},"targetDate":"2024-12-31"},"startDate":"2024-03-01"}}}"#
      ),
      (
        .contributeToGoal(
          GoalMovement(
            goal: goal, entry: EntityID(high: 0xE, low: 1),
            payment: .record(
              id: EntityID(high: 0x7000, low: 10), account: Scenario.checking, date: day("2024-03-20"),
              amount: eur("300")),
            source: .windfall, note: "bonus")),
        #"{"contributeToGoal":{"_0":{"entry":"00000000-0000-000e-0000-000000000001","goal":"00000000-0000-60a1-0000-000000000001","note":"bonus","payment":{"record":{"account":"00000000-0000-acc0-0000-000000000001","amount":{"currency":"EUR","units":3000000},"date":"2024-03-20","id":"00000000-0000-7000-0000-00000000000a"}},"source":"windfall"}}}"#
      ),
    ]
  }

  static func encode(_ command: LedgerCommand) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(command), as: UTF8.self)
  }

  @Test(arguments: 0..<7)
  func aCommandEncodesToItsFrozenJSONAndBack(index: Int) throws {
    // Given a representative command and the JSON it was frozen with
    let (command, frozen) = Self.samples[index]
    // When it is encoded with sorted keys
    let json = try Self.encode(command)
    // Then it is the frozen JSON, byte for byte
    #expect(json == frozen)
    // And the frozen JSON decodes back to the same command
    let decoded = try JSONDecoder().decode(LedgerCommand.self, from: Data(frozen.utf8))
    #expect(decoded == command)
  }
}
