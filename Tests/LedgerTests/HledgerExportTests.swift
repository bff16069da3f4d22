import Foundation
import Interchange
import LedgerDomain
import LedgerTesting
import Testing

@Suite("Export: hledger journal")
struct HledgerExportTests {
  @Test(
    "given accounts 'A B' and 'A-B' and categories 'Cat:Sub' and 'Cat-Sub', when exported, then each is an account of its own and the real hledger gives our totals"
  )
  func namesThatCleanAlikeStayApart() throws {
    let (first, second) = (AccountID(raw: EntityID(high: 0xA, low: 1)), AccountID(raw: EntityID(high: 0xA, low: 2)))
    let (colon, dash) = (CategoryID(raw: EntityID(high: 0xC, low: 1)), CategoryID(raw: EntityID(high: 0xC, low: 2)))
    var state = LedgerState()
    state.apply(.ledgerCreated(LedgerCreated(name: "Home", baseCurrency: .eur)))
    for (id, name) in [(first, "A B"), (second, "A-B")] {
      state.apply(
        .accountOpened(
          AccountOpened(
            account: id, name: name, type: .checking, currency: .eur, openingBalance: eur("0"), date: day("2024-01-01"))
        ))
    }
    for (id, name) in [(colon, "Cat:Sub"), (dash, "Cat-Sub")] {
      state.apply(
        .categoryCreated(
          CategoryCreated(
            category: id, name: name, kind: .expense, budgetType: .variable, icon: "cart", color: .neutral,
            sortOrder: 9,
            isCustom: true)))
    }
    for (n, account, category, amount) in [(1, first, colon, "9.00"), (2, second, dash, "10.00")] {
      var spent = expense(UInt64(n), amount, on: "2024-02-0\(n)", category: category)
      spent.account = account
      state.apply(.transactionAdded(spent))
    }

    let journal = HledgerExporter.journal(state)
    let names = Set(
      journal.split(separator: "\n").compactMap { $0.hasPrefix("    ") ? $0.split(separator: " ").first : nil })
    #expect(names == ["expenses:Cat-Sub", "expenses:Cat-Sub-2", "assets:A-B", "assets:A-B-2"], "\(journal)")

    let directory = TemporaryDirectory()
    let file = directory.file("export.journal")
    try journal.write(toFile: file, atomically: true, encoding: .utf8)
    let hledger = try BinaryRunner.installed("hledger").run(["-f", file, "balance", "--flat", "--no-total"])
    #expect(hledger.status == 0, "hledger failed (make setup installs it): \(hledger.stderr)")
    let balances = hledger.stdout
    // By name, then id: "A B" sorts before "A-B", "Cat-Sub" before "Cat:Sub".
    for (account, total) in [
      ("assets:A-B", "-9.00"), ("assets:A-B-2", "-10.00"), ("expenses:Cat-Sub", "10.00"),
      ("expenses:Cat-Sub-2", "9.00"),
    ] {
      let line = balances.split(separator: "\n").first { $0.hasSuffix(" " + account) }
      #expect(line?.contains("\(total) EUR") == true, "hledger: \(balances)")
    }
  }

  @Test(
    "given 50 spent on Food and 20 refunded to it, when exported, then the refund is expenses:Food -20.00 and the real hledger gives Food 30.00"
  )
  func refundIsNegativeSpending() throws {
    var state = LedgerState()
    state.apply(.ledgerCreated(LedgerCreated(name: "Home", baseCurrency: .eur)))
    state.apply(
      .accountOpened(
        AccountOpened(
          account: Scenario.checking, name: "Checking", type: .checking, currency: .eur, openingBalance: eur("500"),
          date: day("2026-12-01"))))
    state.apply(DefaultCategories.events().map(LedgerEvent.categoryCreated))
    state.apply(.transactionAdded(expense(1, "50", on: "2026-12-02", name: "Shop")))
    var refund = expense(2, "20", on: "2026-12-03", name: "Shop refund")
    refund.type = .income
    state.apply(.transactionAdded(refund))
    var salary = expense(3, "1000", on: "2026-12-04", category: Scenario.income, name: "Salary")
    salary.type = .income
    state.apply(.transactionAdded(salary))

    let journal = HledgerExporter.journal(state)
    #expect(
      journal.contains("2026-12-03 Shop refund\n    expenses:Food  -20.00 EUR\n    assets:Checking"), "\(journal)")
    #expect(!journal.contains("income:Food"), "\(journal)")

    let directory = TemporaryDirectory()
    let file = directory.file("refund.journal")
    try journal.write(toFile: file, atomically: true, encoding: .utf8)
    let hledger = try BinaryRunner.installed("hledger").run(["-f", file, "balance", "--flat", "--no-total"])
    #expect(hledger.status == 0, "hledger failed (make setup installs it): \(hledger.stderr)")
    // Food: 50 − 20 = 30; Checking: 500 − 50 + 20 + 1,000 = 1,470; hledger shows income negative.
    for (account, total) in [
      ("expenses:Food", "30.00"), ("assets:Checking", "1470.00"), ("income:Income", "-1000.00"),
    ] {
      let line = hledger.stdout.split(separator: "\n").first { $0.hasSuffix(" " + account) }
      #expect(line?.contains("\(total) EUR") == true, "hledger: \(hledger.stdout)")
    }
  }
}
