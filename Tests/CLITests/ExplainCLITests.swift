import Foundation
import LedgerTesting
import Testing

/// `budget explain`: the entries behind a balance and a category's spending, from the binary.
@Suite("budget explain: the entries behind a figure")
struct ExplainCLITests {
  let directory = TemporaryDirectory()
  let budget: BinaryRunner

  init() throws {
    budget = try BinaryRunner(
      "budget", environment: ["BUDGET_LEDGER": directory.file("explain.ledger"), "BUDGET_TODAY": "2024-03-31"])
  }

  @discardableResult
  func ok(_ arguments: String...) throws -> String {
    let output = try budget.run(arguments)
    #expect(output.status == 0, "budget \(arguments.joined(separator: " ")) failed: \(output.stderr)")
    return output.stdout
  }

  /// Checking (1,000.00 from 2024-01-01), Savings, two groceries and a refund in March, a
  /// transfer to Savings.
  func setUp() throws {
    try ok("init", "--currency", "EUR")
    try ok("account", "open", "Checking", "--opening", "1000", "--date", "2024-01-01")
    try ok("account", "open", "Savings", "--type", "savings", "--date", "2024-01-01")
    try ok(
      "tx", "add", "42.50", "--name", "Market", "--category", "Food", "--date", "2024-03-03", "--account", "Checking")
    try ok(
      "tx", "add", "7.50", "--name", "Bakery", "--category", "Food", "--date", "2024-03-05", "--account", "Checking")
    try ok(
      "tx", "add", "5", "--type", "income", "--name", "Returned", "--category", "Food", "--date", "2024-03-06",
      "--account", "Checking")
    try ok("transfer", "200", "--from", "Checking", "--to", "Savings", "--date", "2024-03-10")
  }

  func explanation(_ json: String) throws -> (total: String, parts: [[String: Any]]) {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    return (try #require(object["total"] as? String), try #require(object["parts"] as? [[String: Any]]))
  }

  @Test(
    "given a month of groceries, a refund and a transfer, when the balance is explained, then its entries are listed oldest first and add up to it"
  )
  func aBalanceIsItsEntries() throws {
    try setUp()
    let (total, parts) = try explanation(try ok("explain", "balance", "Checking", "--json"))
    #expect(total == "755.00")
    #expect(
      parts.map { $0["kind"] as? String } == ["opening", "transaction", "transaction", "transaction", "transfer"])
    #expect(parts.map { $0["name"] as? String } == ["opening balance", "Market", "Bakery", "Returned", "transfer"])
    #expect(parts.map { $0["amount"] as? String } == ["1000.00", "-42.50", "-7.50", "5.00", "-200.00"])
    // As of a date before the transfer, the transfer is not in it
    let (earlier, before) = try explanation(try ok("explain", "balance", "Checking", "--as-of", "2024-03-05", "--json"))
    #expect(earlier == "950.00" && before.count == 3)
    // And the table says how many entries add up to what
    let table = try ok("explain", "balance", "Checking")
    #expect(table.contains("Balance of Checking on 2024-03-31: 755.00 EUR"))
    #expect(table.contains("5 entries adding up to 755.00 EUR"))
  }

  @Test("given groceries and a refund, when Food's spending is explained, then the refund counts against it")
  func spendingIsNetOfRefunds() throws {
    try setUp()
    let (total, parts) = try explanation(try ok("explain", "spent", "Food", "--month", "2024-03", "--json"))
    #expect(total == "45.00")
    #expect(parts.map { $0["amount"] as? String } == ["42.50", "7.50", "-5.00"])
    // As known before the refund was recorded, it is not there
    let (before, _) = try explanation(
      try ok("explain", "spent", "Food", "--month", "2024-03", "--as-known-at", "14", "--json"))
    #expect(before == "50.00")
  }

  @Test(
    "given February's unspent Food carried into March, a March budget and income, when left and remaining are explained, then their parts add up to the sheet's figures"
  )
  func leftAndRemainingAreTheirParts() throws {
    // Given 100 for Food in February (nothing spent), carried on; 60 in March; 2,000 income
    try setUp()
    try ok("budget", "set", "Food", "100", "--month", "2024-02")
    try ok("budget", "rollover", "Food", "--from", "2024-02")
    try ok("budget", "set", "Food", "60", "--month", "2024-03")
    try ok("budget", "income", "Salary", "2000", "--month", "2024-03")
    // When what Food has left in March is explained
    let (left, parts) = try explanation(try ok("explain", "left", "Food", "--month", "2024-03", "--json"))
    // Then: carried 100, assigned 60, less 42.50 and 7.50, with the refund of 5 back in
    #expect(parts.map { $0["kind"] as? String } == ["carried", "budget", "transaction", "transaction", "transaction"])
    #expect(parts.map { $0["amount"] as? String } == ["100.00", "60.00", "-42.50", "-7.50", "5.00"])
    #expect(left == "115.00")
    // When remaining to assign is explained: the income less the assignment
    let (remaining, items) = try explanation(try ok("explain", "remaining", "--month", "2024-03", "--json"))
    #expect(items.map { $0["kind"] as? String } == ["income", "budget"])
    #expect(items.map { $0["name"] as? String } == ["Salary", "Food"])
    #expect(items.first?["id"] == nil)
    #expect(remaining == "1940.00")
    // And the table names the month
    #expect(
      try ok("explain", "remaining", "--month", "2024-03").contains("Remaining to assign in 2024-03: 1,940.00 EUR"))
  }

  @Test(
    "given February's unspent Food carried on and a March pizza with rollover off, when carried and available are explained, then each is the month before's leftover or says why it was withheld"
  )
  func carriedAndAvailableAreTheirParts() throws {
    // Given 100 for Food in February (nothing spent), carried on; 60 in March, 45.00 spent;
    // and 20.00 of pizza in March, where rollover is off
    try setUp()
    try ok("budget", "set", "Food", "100", "--month", "2024-02")
    try ok("budget", "rollover", "Food", "--from", "2024-02")
    try ok("budget", "set", "Food", "60", "--month", "2024-03")
    try ok(
      "tx", "add", "20", "--name", "Pizza", "--category", "Restaurants", "--date", "2024-03-12", "--account", "Checking"
    )
    // When what was carried into March, and what March has available, are explained
    let (intoMarch, marchParts) = try explanation(try ok("explain", "carried", "Food", "--month", "2024-03", "--json"))
    let (available, availableParts) = try explanation(
      try ok("explain", "available", "Food", "--month", "2024-03", "--json"))
    // Then February's budget was carried whole; March has it and its own 60
    #expect(intoMarch == "100.00")
    #expect(marchParts.map { $0["kind"] as? String } == ["budget"])
    #expect(marchParts.map { $0["date"] as? String } == ["2024-02-01"])
    #expect(available == "160.00")
    #expect(availableParts.map { $0["kind"] as? String } == ["carried", "budget"])
    #expect(availableParts.map { $0["amount"] as? String } == ["100.00", "60.00"])
    // When April's carry is explained: March's carry and budget, less its net spending
    let (intoApril, aprilParts) = try explanation(try ok("explain", "carried", "Food", "--month", "2024-04", "--json"))
    #expect(intoApril == "115.00")
    #expect(aprilParts.map { $0["amount"] as? String } == ["100.00", "60.00", "-42.50", "-7.50", "5.00"])
    // And with rollover off, the pizza's overspending is withheld, saying why
    let (pizza, pizzaParts) = try explanation(
      try ok("explain", "carried", "Restaurants", "--month", "2024-04", "--json"))
    #expect(pizza == "0.00")
    #expect(pizzaParts.map { $0["kind"] as? String } == ["transaction", "withheld"])
    #expect(pizzaParts.map { $0["amount"] as? String } == ["-20.00", "20.00"])
    #expect(pizzaParts.last?["name"] as? String == "rollover off in 2024-03")
    #expect(
      try ok("explain", "carried", "Food", "--month", "2024-04").contains("Carried into Food in 2024-04: 115.00 EUR"))
  }

  @Test(
    "given a goal on Savings and one on a category, when each is explained, then its target less what it holds is what it has left, shared by the months to its date"
  )
  func aGoalsLeftIsItsTargetLessWhatItHolds() throws {
    try setUp()
    // Given a trip on Savings (200.00 moved there in March) by December, and a bike of 30.00
    // saved in Food from March
    try ok(
      "goal", "add", "Trip", "--target", "1200", "--by", "2024-12-31", "--account", "Savings", "--start", "2024-01-01")
    try ok("goal", "add", "Bike", "--target", "30", "--by", "2024-05-31", "--category", "Food", "--start", "2024-03-01")
    // When the trip is explained: 1,200.00 less the transfer is 1,000.00, over April to December
    let trip = try #require(
      try JSONSerialization.jsonObject(with: Data(try ok("explain", "goal", "Trip", "--json").utf8)) as? [String: Any])
    #expect(trip["figure"] as? String == "goal" && trip["total"] as? String == "1000.00")
    let parts = try #require(trip["parts"] as? [[String: Any]])
    #expect(parts.map { $0["kind"] as? String } == ["target", "opening", "transfer"])
    #expect(parts.map { $0["amount"] as? String } == ["1200.00", "0.00", "-200.00"])
    #expect(trip["months"] as? Int == 10 && trip["monthlyNeed"] as? String == "100.00")
    // And the bike: March's 45.00 in Food (50.00 less the 5.00 that came back) is 15.00 beyond
    // its 30.00, which leaves nothing
    let (left, bike) = try explanation(try ok("explain", "goal", "Bike", "--json"))
    #expect(left == "0.00")
    #expect(bike.map { $0["name"] as? String } == ["target", "Market", "Bakery", "Returned", "beyond the target"])
    #expect(bike.map { $0["amount"] as? String } == ["30.00", "-42.50", "-7.50", "5.00", "15.00"])
    // and as of 2024-03-04, before the Bakery: 42.50 of it, 12.50 beyond
    let (earlier, before) = try explanation(try ok("explain", "goal", "Bike", "--as-of", "2024-03-04", "--json"))
    #expect(earlier == "0.00" && before.last?["amount"] as? String == "12.50")
    // And what the goal list says is what the explanation adds up to
    let listed = try #require(
      try JSONSerialization.jsonObject(with: Data(try ok("goal", "show", "Bike", "--json").utf8)) as? [String: Any])
    #expect(listed["left"] as? String == "0.00" && listed["saved"] as? String == "45.00")
    #expect(try ok("explain", "goal", "Trip").contains("shared by 10 months to the target date: 100.00 EUR a month"))
  }

  @Test("given a name that is no account, when explained, then the command says so and suggests the nearest")
  func unknownNamesAreRefused() throws {
    try setUp()
    let output = try budget.run(["explain", "balance", "Chekcing"])
    #expect(output.status != 0)
    #expect(output.stderr.contains("Checking"), "\(output.stderr)")
  }
}
