import Foundation
import LedgerTesting
import Testing

/// Our forecast against the real hledger's: `budget export hledger` writes the schedules as
/// periodic transactions, and `hledger balance --forecast` on that journal must give each
/// account's balance at each month end that `budget report forecast` gives.
@Suite("Forecast: cross-checked with hledger --forecast")
struct ForecastHledgerTests {
  let directory = TemporaryDirectory()
  let budget: BinaryRunner

  init() throws {
    budget = try BinaryRunner(
      "budget", environment: ["BUDGET_LEDGER": directory.file("forecast.ledger"), "BUDGET_TODAY": "2026-11-27"])
  }

  @discardableResult
  func ok(_ arguments: [String]) throws -> String {
    let output = try budget.run(arguments)
    #expect(output.status == 0, "budget \(arguments.joined(separator: " ")) failed: \(output.stderr)")
    return output.stdout
  }

  @Test(
    "given a dozen schedules of every kind, with a change, a skip and a pause, when forecast 8 months, then hledger's month-end balances equal ours"
  )
  func monthEndsEqualHledgers() throws {
    try ok(["init", "--currency", "EUR"])
    try ok(["account", "open", "Checking", "--opening", "5000", "--date", "2026-01-01"])
    try ok(["account", "open", "Savings", "--type", "savings", "--opening", "100", "--date", "2026-01-01"])
    let schedules: [[String]] = [
      ["Rent", "950", "--category", "Bills", "--every", "month", "--day", "1", "--start", "2026-12-01"],
      [
        "Salary", "2400", "--type", "income", "--category", "Income", "--every", "month", "--day", "last", "--start",
        "2026-11-30",
      ],
      [
        "Power", "61.30", "--category", "Bills", "--every", "month", "--day", "31", "--weekend", "after", "--estimated",
        "--start", "2026-12-01",
      ],
      ["Club", "12.50", "--category", "Sport", "--every", "month", "--weekday", "2tue", "--start", "2026-12-01"],
      ["Market", "35", "--category", "Food", "--every", "month", "--weekday", "last-fri", "--start", "2026-12-01"],
      ["Gym", "19.99", "--category", "Sport", "--every", "week", "--interval", "2", "--start", "2026-12-03"],
      ["Insurance", "310", "--category", "Bills", "--every", "quarterly", "--day", "15", "--start", "2027-01-15"],
      ["Licence", "80", "--category", "Bills", "--every", "annual", "--day", "31", "--start", "2027-02-01"],
      [
        "Saving", "250", "--to", "Savings", "--every", "month", "--day", "2", "--weekend", "before", "--start",
        "2026-12-01",
      ],
      [
        "Phone", "20", "--category", "Bills", "--every", "month", "--day", "10", "--count", "4", "--start",
        "2026-12-01",
      ],
      [
        "Paper", "9", "--category", "Shopping", "--every", "day", "--interval", "10", "--start", "2026-12-05", "--end",
        "2027-03-01",
      ],
      [
        "Bonus", "500", "--type", "income", "--category", "Income", "--every", "semiannual", "--day", "20", "--start",
        "2026-12-20",
      ],
    ]
    for schedule in schedules { try ok(["schedule", "add"] + schedule + ["--account", "Checking"]) }
    try ok(["schedule", "change", "Rent", "--from", "2027-03-01", "--amount", "990"])
    try ok(["schedule", "skip", "Club", "--occurrence", "2027-01-12"])
    try ok(["schedule", "pause", "Gym", "--from", "2027-02-01"])
    try ok(["schedule", "resume", "Gym", "--on", "2027-03-15"])

    let journal = directory.file("forecast.journal")
    try ok(["export", "hledger", "--output", journal])
    let hledger = try BinaryRunner.installed("hledger").run([
      "-f", journal, "balance", "--historical", "--monthly", "--forecast=2026-11-28..2027-07-01", "-e", "2027-07-01",
      "assets", "-O", "csv",
    ])
    #expect(hledger.status == 0, "hledger failed (make setup installs it): \(hledger.stderr)")
    let theirs = Self.monthEnds(csv: hledger.stdout)

    let forecast = try #require(
      try JSONSerialization.jsonObject(with: Data(try ok(["report", "forecast", "--months", "8", "--json"]).utf8))
        as? [String: Any])
    var ours: [String: [String: String]] = [:]
    for account in forecast["accounts"] as? [[String: Any]] ?? [] {
      let name = account["account"] as? String ?? ""
      for month in account["months"] as? [[String: Any]] ?? [] {
        ours["assets:\(name)", default: [:]][month["month"] as? String ?? ""] = month["balance"] as? String
      }
    }
    #expect(ours.count == 2)
    for (account, months) in ours {
      #expect(months.count == 8)
      for (month, balance) in months {
        #expect(
          theirs[account]?[month] == balance,
          "\(account) \(month): ours \(balance), hledger \(theirs[account]?[month] ?? "none")")
      }
    }
  }

  /// hledger's `balance -O csv` as account → month → amount without the currency ("0" → "0.00").
  static func monthEnds(csv: String) -> [String: [String: String]] {
    let rows = csv.split(separator: "\n").map { line in
      line.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
    }
    guard let header = rows.first else { return [:] }
    var result: [String: [String: String]] = [:]
    for row in rows.dropFirst() where row.count == header.count {
      for (month, cell) in zip(header.dropFirst(), row.dropFirst()) {
        let amount = cell.replacingOccurrences(of: " EUR", with: "")
        result[row[0], default: [:]][month] = amount == "0" ? "0.00" : amount
      }
    }
    return result
  }
}
