import EventLog
import LedgerDomain
import LedgerTesting
import ProjectionEngine
import RunningBalances
import Testing

@Suite("Projection: running balances")
struct RunningBalancesTests {
  static let opened = LedgerEvent.accountOpened(
    AccountOpened(account: Scenario.checking, name: "Checking", type: .checking, currency: .eur, openingBalance: eur("1000"), date: day("2024-01-01")))

  @Test("given an opening balance and expenses, when balances are read per date, then each date sums what came before")
  func balanceOnDates() async throws {
    let harness = try await ProjectionHarness([RunningBalancesProjector()])
    try await harness.given(Self.opened, .transactionAdded(expense(1, "100", on: "2024-02-10")), .transactionAdded(expense(2, "50", on: "2024-03-05")))

    try harness.read { reader throws in
      let queries = BalanceQueries(reader)
      #expect(try queries.balance(of: Scenario.checking, on: day("2023-12-31"), currency: .eur) == eur("0"))
      #expect(try queries.balance(of: Scenario.checking, on: day("2024-01-01"), currency: .eur) == eur("1000"))
      #expect(try queries.balance(of: Scenario.checking, on: day("2024-02-10"), currency: .eur) == eur("900"))
      #expect(try queries.balance(of: Scenario.checking, on: day("2025-01-01"), currency: .eur) == eur("850"))
      #expect(try queries.balances(on: day("2024-03-31")).map(\.balance) == [eur("850")])
    }
  }

  @Test("given an opening balance corrected from 1,000 to 250, when balances are read, then the opening row and every later balance moved")
  func openingBalanceChanged() async throws {
    let harness = try await ProjectionHarness([RunningBalancesProjector()])
    try await harness.given(
      Self.opened, .transactionAdded(expense(1, "100", on: "2024-02-10")),
      .openingBalanceChanged(
        OpeningBalanceChanged(account: Scenario.checking, previous: eur("1000"), balance: eur("250"), date: day("2024-01-01"))))

    try harness.read { reader throws in
      let queries = BalanceQueries(reader)
      #expect(try queries.balance(of: Scenario.checking, on: day("2024-01-01"), currency: .eur) == eur("250"))
      #expect(try queries.balance(of: Scenario.checking, on: day("2024-03-31"), currency: .eur) == eur("150"))
      let page = try queries.log(account: Scenario.checking, currency: .eur)
      #expect(page.rows.map(\.amount) == [eur("-100"), eur("250")])
      #expect(page.rows.map(\.balance) == [eur("150"), eur("250")])
    }
  }

  @Test(
    "given transfers whose legs sort apart, when the log of all accounts is read, then the total never moves on a leg; per account it does"
  )
  func transfersAcrossAllAccounts() async throws {
    let harness = try await ProjectionHarness([RunningBalancesProjector()])
    let savings = AccountOpened(
      account: Scenario.savings, name: "Savings", type: .savings, currency: .eur, openingBalance: eur("0"), date: day("2024-01-01"))
    try await harness.given(
      Self.opened, .accountOpened(savings), .transactionAdded(expense(1, "100", on: "2024-02-10")),
      .transferMade(TransferMade(transfer: .random(), from: Scenario.checking, to: Scenario.savings, amount: eur("300"), date: day("2024-02-10"))),
      .transferMade(TransferMade(transfer: .random(), from: Scenario.savings, to: Scenario.checking, amount: eur("40"), date: day("2024-02-10"))))

    try harness.read { reader throws in
      let queries = BalanceQueries(reader)
      let all = try queries.log(account: nil, currency: .eur)
      #expect(all.rows.count == 7)
      #expect(all.rows.filter { $0.kind == .transfer }.map(\.balance) == Array(repeating: eur("900"), count: 4))
      #expect(all.rows.first?.balance == eur("900") && all.rows.last?.balance == eur("1000"))
      let checking = try queries.log(account: Scenario.checking, currency: .eur)
      #expect(checking.rows.first?.balance == eur("640"))  // 1000 - 100 - 300 + 40
    }
  }

  @Test("given a transfer then its cancellation, when balances and logs are read, then both legs are gone")
  func transferCancelled() async throws {
    let harness = try await ProjectionHarness([RunningBalancesProjector()])
    let savings = AccountOpened(
      account: Scenario.savings, name: "Savings", type: .savings, currency: .eur, openingBalance: eur("0"), date: day("2024-01-01"))
    let transfer = TransferMade(transfer: .random(), from: Scenario.checking, to: Scenario.savings, amount: eur("300"), date: day("2024-02-10"))
    try await harness.given(Self.opened, .accountOpened(savings), .transferMade(transfer))
    try await harness.given(.transferCancelled(TransferCancelled(cancelled: transfer, reason: "typo")))

    try harness.read { reader throws in
      let queries = BalanceQueries(reader)
      #expect(try queries.balance(of: Scenario.checking, on: day("2024-03-31"), currency: .eur) == eur("1000"))
      #expect(try queries.balance(of: Scenario.savings, on: day("2024-03-31"), currency: .eur) == eur("0"))
      #expect(try queries.log(account: nil, currency: .eur).rows.allSatisfy { $0.kind == .opening })
    }
  }

  @Test("given a back-dated amend and a delete, when the log is read, then running balances reflect both")
  func logWithRunningBalance() async throws {
    let harness = try await ProjectionHarness([RunningBalancesProjector()])
    try await harness.given(Self.opened, .transactionAdded(expense(1, "100", on: "2024-02-10")), .transactionAdded(expense(2, "50", on: "2024-03-05")), .transactionAdded(expense(3, "7", on: "2024-03-06")))
    let beforeEdit = try harness.log.head().position
    var amended = TransactionAmended(transaction: txID(1))
    amended.amount = eur("10")
    try await harness.given(.transactionAmended(amended), .transactionDeleted(TransactionDeleted(transaction: txID(3), reason: "dup")))

    try harness.read { reader throws in
      let queries = BalanceQueries(reader)
      let page = try queries.log(account: Scenario.checking, currency: .eur)
      #expect(page.rows.map(\.amount) == [eur("-50"), eur("-10"), eur("1000")])
      #expect(page.rows.map(\.balance) == [eur("940"), eur("990"), eur("1000")])
      // As known before the edit: the old amount and the deleted row are back.
      let old = try queries.log(account: Scenario.checking, currency: .eur, asKnownAt: beforeEdit)
      #expect(old.rows.map(\.balance) == [eur("843"), eur("850"), eur("900"), eur("1000")])
    }
  }

  @Test("given 5 rows, when paged 2 at a time both ways, then cursors walk the whole log and back")
  func paging() async throws {
    let harness = try await ProjectionHarness([RunningBalancesProjector()])
    try await harness.given([Self.opened] + (1...4).map { .transactionAdded(expense(UInt64($0), "\($0)", on: "2024-02-0\($0)")) })

    try harness.read { reader throws in
      let queries = BalanceQueries(reader)
      let first = try queries.log(account: Scenario.checking, currency: .eur, limit: 2)
      #expect(first.rows.map(\.balance) == [eur("990"), eur("994")])
      #expect(first.newerCursor == nil)
      let second = try queries.log(account: Scenario.checking, currency: .eur, before: first.olderCursor, limit: 2)
      #expect(second.rows.map(\.balance) == [eur("997"), eur("999")])
      let third = try queries.log(account: Scenario.checking, currency: .eur, before: second.olderCursor, limit: 2)
      #expect(third.rows.map(\.balance) == [eur("1000")] && third.olderCursor == nil)
      let back = try queries.log(account: Scenario.checking, currency: .eur, after: third.newerCursor, limit: 2)
      #expect(back.rows == second.rows)
    }
  }
}
