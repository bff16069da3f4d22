import LedgerDomain
import LedgerTesting
import Testing

/// Debts: attached to a loan or credit-card account, one per account, terms checked.
@Suite struct DebtRulesTests {
  static let card = AccountID(raw: EntityID(high: 7, low: 7))
  static let terms = DebtTerms(apr: AnnualRate(tenThousandthsOfPercent: 199_900), minimum: eur("50"))

  func scenario() -> Scenario {
    var scenario = Scenario.standard()
    scenario.given(
      .accountOpened(
        AccountOpened(
          account: Self.card, name: "Card", type: .creditCard, currency: .eur, openingBalance: eur("-500"),
          date: day("2024-01-01"))))
    return scenario
  }

  func added(_ name: String = "Visa", account: AccountID = card, terms: DebtTerms = terms) -> LedgerCommand {
    .addDebt(
      DebtAdded(
        debt: .random(), name: name, debtKind: .creditCard, account: account, terms: terms, from: day("2024-03-01")))
  }

  @Test func aDebtOnACardIsAddedAndItsTermsChangeFromADate() throws {
    // Given a debt on the card
    var scenario = scenario()
    let events = try scenario.when(added())
    guard case .debtAdded(let debt) = events.first else {
      Issue.record("\(events)")
      return
    }
    scenario.given(events[0])
    // When its rate changes from June
    var raised = Self.terms
    raised.apr = AnnualRate(tenThousandthsOfPercent: 249_900)
    try scenario.run(.changeDebtTerms(debt.debt, from: day("2024-06-01"), terms: raised))
    // Then May has the old terms and June the new
    #expect(scenario.state.debts[debt.debt]?.terms(on: day("2024-05-31")) == Self.terms)
    #expect(scenario.state.debts[debt.debt]?.terms(on: day("2024-06-01")) == raised)
  }

  @Test func badDebtsAreRefusedWithTheReason() throws {
    var scenario = scenario()
    // A checking account is not a debt's
    #expect { try scenario.when(added(account: Scenario.checking)) } throws: {
      "\($0)".contains("is a checking account")
    }
    // A minimum of zero
    var none = Self.terms
    none.minimum = eur("0")
    #expect(throws: DomainError.self) { try scenario.when(added(terms: none)) }
    // A due day of 32
    var late = Self.terms
    late.dueDay = 32
    #expect { try scenario.when(added(terms: late)) } throws: { "\($0)".contains("1 to 31") }
    // A second debt on the same account
    try scenario.run(added())
    #expect { try scenario.when(added("Other")) } throws: { "\($0)".contains("already the account of debt 'Visa'") }
    // Nor a second debt of the same name
    #expect { try scenario.when(added("visa")) } throws: { "\($0)".contains("already exists") }
  }

  @Test func aChangeOfTermsIsWithdrawnAndADebtRemovedWhileTheFirstTermsStay() throws {
    // Given a debt whose rate rises from June
    var scenario = scenario()
    let events = try scenario.when(added())
    guard case .debtAdded(let debt) = events.first else {
      Issue.record("\(events)")
      return
    }
    scenario.given(events[0])
    var raised = Self.terms
    raised.apr = AnnualRate(tenThousandthsOfPercent: 249_900)
    try scenario.run(.changeDebtTerms(debt.debt, from: day("2024-06-01"), terms: raised))
    // When a change never made, or the first terms, are withdrawn: refused with the date
    #expect { try scenario.when(.withdrawDebtTerms(debt.debt, from: day("2024-07-01"))) } throws: {
      "\($0)".contains("debt 'Visa' has no change of terms from 2024-07-01")
    }
    #expect { try scenario.when(.withdrawDebtTerms(debt.debt, from: day("2024-03-01"))) } throws: {
      "\($0)".contains("has no change of terms from 2024-03-01")
    }
    // When June's change is withdrawn, then June has the first terms again
    try scenario.run(.withdrawDebtTerms(debt.debt, from: day("2024-06-01")))
    #expect(scenario.state.debts[debt.debt]?.terms(on: day("2024-06-01")) == Self.terms)
    // When the debt is removed without a reason: refused; with one, then it is gone for the rules
    #expect { try scenario.when(.removeDebt(debt.debt, reason: "  ")) } throws: { "\($0)".contains("reason") }
    let removed = try scenario.when(.removeDebt(debt.debt, reason: "paid off"))
    guard case .debtRemoved(let event) = removed.first, removed.count == 1 else {
      Issue.record("\(removed)")
      return
    }
    #expect(event.reason == "paid off")
    scenario.state.apply(removed)
    #expect { try scenario.when(.removeDebt(debt.debt, reason: "again")) } throws: { "\($0)".contains("not found") }
  }
}
