import Foundation
import Ledger
import LedgerDomain
import LedgerTesting
import Testing

/// A debt's statement and its interest through the API. The test server's today is 2024-03-20.
@Suite struct DebtStatementAPITests {
  /// A ledger whose card owes 1,000.00 from January 2024 at 12 %, minimum 50.00, with 100.00
  /// paid in January.
  static func visa(_ ledger: Ledger) async throws {
    let euros = { (text: String) throws -> Money in try Money(parsing: text, currency: .eur) }
    let first = try CivilDate(year: 2024, month: 1, day: 1)
    let card = AccountID.random(), checking = AccountID.random()
    try await ledger.execute(.createLedger(LedgerCreated(name: "Test", baseCurrency: .eur)))
    try await ledger.execute(
      .openAccount(
        OpenAccount(account: card, name: "Card", type: .creditCard, openingBalance: try euros("-1000"), date: first)
      ))
    try await ledger.execute(
      .openAccount(
        OpenAccount(
          account: checking, name: "Checking", type: .checking, openingBalance: try euros("5000"), date: first)))
    try await ledger.execute(
      .addDebt(
        DebtAdded(
          debt: .random(), name: "Visa", debtKind: .creditCard, account: card,
          terms: DebtTerms(apr: try AnnualRate(parsing: "12"), minimum: try euros("50")), from: first)))
    try await ledger.execute(
      .makeTransfer(
        TransferMade(
          transfer: .random(), from: checking, to: card, amount: try euros("100"),
          date: try CivilDate(year: 2024, month: 1, day: 20))))
  }

  @Test func aDebtRecordedBeforeTheServerStartedHasAStatementAndTakesInterest() async throws {
    // Given a ledger whose card owes 1,000.00 from January at 12 %, minimum 50.00, added
    // before the server started; 100.00 paid in January
    try await TestServer.with(empty: true, before: Self.visa) { server in
      // When January's interest is posted by the rule, and February's from a statement
      let january = try await server.post("/api/v1/debts/Visa/interest", #"{"month": "2024-01"}"#)
      #expect(january.status == 200, "\(january.text)")
      let february = try await server.post("/api/v1/debts/Visa/interest", #"{"month": "2024-02", "amount": "9.50"}"#)
      #expect(february.status == 200, "\(february.text)")
      // Then the statement splits January's 100.00 into 10.00 interest and 90.00 principal
      let statement = try await server.get("/api/v1/debts/Visa/statement")
      #expect(statement.status == 200, "\(statement.text)")
      let months = try #require(statement.json["months"] as? [[String: Any]])
      #expect(months.map { $0["month"] as? String } == ["2024-01", "2024-02", "2024-03"])
      #expect(months[0]["interestCharged"] as? String == "10.00")
      #expect(months[0]["interestPaid"] as? String == "10.00")
      #expect(months[0]["principalPaid"] as? String == "90.00")
      #expect(months[0]["minimumMet"] as? Bool == true)
      #expect(months[0]["closingOwed"] as? String == "910.00")
      // February: 9.50 from the statement (the rule says 9.10), nothing paid, minimum missed
      #expect(months[1]["interestCharged"] as? String == "9.50")
      #expect(months[1]["expectedInterest"] as? String == "9.10")
      #expect(months[1]["minimumMet"] as? Bool == false)
      #expect(months[1]["closingOwed"] as? String == "919.50")
      // March is not over: nothing posted, the minimum not judged yet
      #expect(months[2]["minimumMet"] == nil && months[2]["interestCharged"] == nil)
      #expect(statement.json["interestCharged"] as? String == "19.50")
      // And posting February again, or a month not begun, is refused, changing nothing
      let before = try await server.get("/api/v1/ledger").json["position"] as? Int
      let again = try await server.post("/api/v1/debts/Visa/interest", #"{"month": "2024-02"}"#)
      #expect(again.status == 422 && again.text.contains("already has 9.50"), "\(again.text)")
      let future = try await server.post("/api/v1/debts/Visa/interest", #"{"month": "2024-04"}"#)
      #expect(future.status == 422, "\(future.text)")
      #expect(try await server.get("/api/v1/ledger").json["position"] as? Int == before)
    }
  }

  @Test(
    "given a debt, when its statement is asked through a day more than 100 years after today, then 400 names the latest day allowed, which itself is answered"
  )
  func aStatementBeyondTheHorizonIsRefused() async throws {
    try await TestServer.with(empty: true, before: Self.visa) { server in
      let absurd = try await server.get("/api/v1/debts/Visa/statement?through=9999-12-31")

      #expect(absurd.status == 400, "\(absurd.text)")
      #expect(absurd.json["code"] as? String == "bad_request")
      #expect((absurd.json["details"] as? [String: Any])?["field"] as? String == "through")
      let message = try #require(absurd.json["message"] as? String)
      #expect(message.contains("100 years") && message.contains("2124-12-31"), "\(message)")
      let latest = try await server.get("/api/v1/debts/Visa/statement?through=2124-12-31")
      #expect(latest.status == 200, "\(latest.text)")
      #expect((latest.json["months"] as? [Any])?.count == 101 * 12)
    }
  }

  @Test("given the served API description, then the statement's through and the plan's by say how far ahead they reach")
  func theHorizonIsDocumented() async throws {
    try await TestServer.with { server in
      let document = try await server.get("/api/v1/openapi.yaml").text

      for (path, parameter) in [("/debts/{ref}/statement:", "- name: through"), ("/debts/plan:", "- name: by")] {
        let operation = try #require(document.range(of: "\n  " + path))
        let rest = document[operation.upperBound...]
        let next = rest.range(of: "\n  /")?.lowerBound ?? rest.endIndex
        let parameterText = try #require(rest[..<next].range(of: parameter))
        let description = rest[parameterText.upperBound..<next].prefix(400)
        #expect(description.contains("at most 100 years after today"), "\(path) \(description)")
      }
    }
  }
}
