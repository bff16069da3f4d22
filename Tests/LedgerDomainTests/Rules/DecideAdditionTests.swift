import LedgerTesting
import Testing

@testable import LedgerDomain

/// A bulk load decides each row with ``decideAddition(_:state:context:)``; it must answer
/// exactly as ``decide(_:state:context:)`` does for `.addTransaction` — the same event, or the
/// same refusal.
@Suite("Rules: deciding an addition on its own")
struct DecideAdditionTests {
  /// `decide`'s answer and `decideAddition`'s, side by side.
  func both(
    _ added: TransactionAdded, in scenario: Scenario
  ) -> (Result<[LedgerEvent], DomainError>, Result<[LedgerEvent], DomainError>) {
    let context = DecisionContext(today: scenario.today, chainHead: scenario.chainHead)
    let general = Result { () throws(DomainError) in
      try decide(.addTransaction(added), state: scenario.state, context: context)
    }
    let alone = Result { () throws(DomainError) in
      [LedgerEvent.transactionAdded(try decideAddition(added, state: scenario.state, context: context))]
    }
    return (general, alone)
  }

  @Test(
    "given a standard ledger, when valid, misfiled, future, empty-named, duplicate-id, unknown-account and too-large additions are decided alone, then each answer equals decide's"
  )
  func answersAsDecide() throws {
    var scenario = Scenario.standard()
    #expect(scenario.run(.addTransaction(expense(1, "12.50"))) == nil)
    var cases: [TransactionAdded] = [
      expense(2, "3.20"),
      expense(3, "3.20", name: "  Padded name  "),
      expense(1, "9.00"),  // id in use
      expense(4, "1.00", on: "2024-04-15"),  // after today
      expense(5, "1.00", name: "   "),
      expense(6, "0.00"),
    ]
    var unknownAccount = expense(7, "2.00")
    unknownAccount.account = AccountID(raw: EntityID(high: 0xDEAD, low: 1))
    cases.append(unknownAccount)
    var tooLarge = expense(8, "1.00")
    tooLarge.amount = Money(units: .max, currency: .eur)
    cases.append(tooLarge)
    var income = expense(9, "2500.00", category: Scenario.income)
    income.type = .income
    cases.append(income)

    var refused = 0
    for added in cases {
      let (general, alone) = both(added, in: scenario)
      #expect(general == alone, "\(added.name) \(added.amount)")
      if case .failure = general { refused += 1 }
    }
    #expect(refused >= 5)
  }

  @Test("given no ledger created, when an addition is decided alone, then it is refused as decide refuses it")
  func ledgerNotCreated() {
    let (general, alone) = both(expense(1, "1.00"), in: Scenario())
    #expect(general == alone)
    #expect(alone == .failure(.ledgerNotCreated))
  }

  @Test(
    "given sums near the Int64 bound, when one more largest amount is decided alone, then it is refused with sumsTooLarge as decide refuses it"
  )
  func sumsTooLarge() {
    var scenario = Scenario.standard()
    let largest = Money(units: Money.maximumAmount, currency: .eur)
    for n in 1...92 {
      var added = expense(UInt64(n), "1.00", category: Scenario.income)
      added.amount = largest
      added.type = .income
      #expect(scenario.run(.addTransaction(added)) == nil)
    }
    var next = expense(93, "1.00")
    next.amount = largest
    let (general, alone) = both(next, in: scenario)
    #expect(general == alone)
    #expect(alone == .failure(.sumsTooLarge))
  }
}
