import LedgerDomain
import LedgerTesting
import Testing

@Suite("Commands: the log rows each one touches")
struct LedgerCommandRowsTests {
  @Test("given commands on transactions, when their rows are asked, then each names its transaction")
  func transactionCommandsNameTheirTransaction() {
    var amended = TransactionAmended(transaction: txID(2))
    amended.amount = eur("1.00")
    #expect(LedgerCommand.addTransaction(expense(1, "2.00")).rowIDs == [txID(1).raw])
    #expect(LedgerCommand.amendTransaction(amended, expectedVersion: nil).rowIDs == [txID(2).raw])
    #expect(LedgerCommand.deleteTransaction(txID(3), reason: "typo", expectedVersion: 1).rowIDs == [txID(3).raw])
    #expect(LedgerCommand.restoreTransaction(txID(4), reason: "undo", expectedVersion: 2).rowIDs == [txID(4).raw])
  }

  @Test("given a transfer, when its rows are asked, then both legs are named, as the accounts' logs show them")
  func transferNamesBothLegs() {
    let made = TransferMade(
      transfer: TransferID(raw: EntityID(high: 0x7000, low: 42)), from: Scenario.checking, to: Scenario.savings,
      amount: eur("10.00"), date: day("2024-03-01"))
    #expect(LedgerCommand.makeTransfer(made).rowIDs == [made.transfer.raw, made.incomingLegID])
    #expect(
      LedgerCommand.cancelTransfer(made.transfer, reason: "twice").rowIDs == [made.transfer.raw, made.incomingLegID])
  }

  @Test("given commands that record no row, when their rows are asked, then none are named")
  func otherCommandsNameNone() {
    #expect(LedgerCommand.createLedger(LedgerCreated(name: "Home", baseCurrency: .eur)).rowIDs.isEmpty)
    #expect(LedgerCommand.deleteCategory(Scenario.food).rowIDs.isEmpty)
  }
}
