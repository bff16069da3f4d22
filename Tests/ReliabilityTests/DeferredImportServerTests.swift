import Foundation
import LedgerTesting
import Testing

/// A big import in one process defers the read models while `budget serve` runs in another:
/// the server must answer as of before it meanwhile, and — once the importer has rebuilt them
/// — read, verify and report from the new tables, not the ones the rebuild emptied.
@Suite("Bulk import beside a running server")
struct DeferredImportServerTests {
  @Test(
    "given budget serve on a small ledger, when another process imports 3,000 rows (deferring the read models), then the server's reports, status and deep verify reflect every row afterwards"
  )
  func serverReadsTheImportersRebuild() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("shared.ledger")
    let budget = try BinaryRunner.checkingLedger(at: path)
    let server = try ServerProcess(budget: budget, ledger: path)
    defer { server.stop() }
    let http = server.client
    // The server has read (and so opened) its tables before the import.
    let before = try http.send("GET", "/api/v1/projections")
    #expect(before.status == 200)

    let csv = directory.file("bank.csv")
    try Data(DiskFullTests.csv(rows: 3_000, tag: "bulk").utf8).write(to: URL(fileURLWithPath: csv))
    let imported = try budget.run(["import", "csv", csv, "--account", "Checking", "--json"])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(
      imported.stdout.contains("\"added\" : 3000") || imported.stdout.contains("\"added\":3000"), "\(imported.stdout)")

    let head = try #require(try http.send("GET", "/api/v1/ledger").json["position"] as? Int)
    let status = try http.send("GET", "/api/v1/projections")
    let items = try #require(status.json["items"] as? [[String: Any]])
    #expect(items.count == 4 && items.allSatisfy { $0["lag"] as? Int == 0 }, "\(status.text)")
    let index = items.first { $0["name"] as? String == "transaction-index" }
    let rows = (index?["rows"] as? [String: Int])?.values.reduce(0, +) ?? 0
    #expect(rows > 3_000, "the server reads the rebuilt tables, not the emptied ones: \(status.text)")
    let balances = try http.send("GET", "/api/v1/reports/balances?asOf=2024-12-31")
    #expect(balances.status == 200)
    #expect(balances.header("X-Ledger-Position") == "\(head)", "answers reflect the whole log: \(balances.headers)")
    let verify = try http.send("GET", "/api/v1/verify")
    #expect(verify.json["ok"] as? Bool == true, "deep verify through the server: \(verify.text)")
  }
}
