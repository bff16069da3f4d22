import Foundation
import Ledger
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
    #expect(
      items.count == Ledger.standardProjectors.count && items.allSatisfy { $0["lag"] as? Int == 0 }, "\(status.text)")
    let index = items.first { $0["name"] as? String == "transaction-index" }
    let rows = (index?["rows"] as? [String: Int])?.values.reduce(0, +) ?? 0
    #expect(rows > 3_000, "the server reads the rebuilt tables, not the emptied ones: \(status.text)")
    let balances = try http.send("GET", "/api/v1/reports/balances?asOf=2024-12-31")
    #expect(balances.status == 200)
    #expect(balances.header("X-Ledger-Position") == "\(head)", "answers reflect the whole log: \(balances.headers)")
    let verify = try http.send("GET", "/api/v1/verify")
    #expect(verify.json["ok"] as? Bool == true, "deep verify through the server: \(verify.text)")
  }

  @Test(
    "given budget serve beside an import killed half-way (its read models deferred and behind), when the server's periodic catch-up runs, then it rebuilds them, says so on stderr, and answers include every imported row"
  )
  func serverCatchesUpAKilledImport() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("shared.ledger")
    let budget = try BinaryRunner.checkingLedger(at: path)
    let serverLog = directory.file("serve.stderr")
    let server = try ServerProcess(budget: budget, ledger: path, stderr: serverLog)
    defer { server.stop() }
    let http = server.client
    let start = try #require(try http.send("GET", "/api/v1/ledger").json["position"] as? Int)

    // Far more rows than the ledger has events: the import defers the read models. It is
    // killed once its first batch has committed, long before its last.
    let csv = directory.file("bank.csv")
    try Data(DiskFullTests.csv(rows: 100_000, tag: "killed").utf8).write(to: URL(fileURLWithPath: csv))
    let importer = Process()
    importer.executableURL = URL(fileURLWithPath: budget.path)
    importer.arguments = ["import", "csv", csv, "--account", "Checking"]
    importer.environment = ProcessInfo.processInfo.environment.merging(budget.environment) { $1 }
    importer.standardOutput = FileHandle.nullDevice
    importer.standardError = FileHandle.nullDevice
    try importer.run()
    let deadline = Date().addingTimeInterval(60)
    var head = start
    while head == start, importer.isRunning, Date() < deadline {
      usleep(10_000)
      head = try #require(try http.send("GET", "/api/v1/ledger").json["position"] as? Int)
    }
    #expect(importer.isRunning, "the import ended before it could be killed half-way")
    kill(importer.processIdentifier, SIGKILL)
    importer.waitUntilExit()
    head = try #require(try http.send("GET", "/api/v1/ledger").json["position"] as? Int)
    #expect(head > start && head < start + 100_000, "a part of the import was committed: \(start) → \(head)")

    // The server looks every 5 s; the importer's marker names a process that is gone.
    var caughtUp = false
    while !caughtUp, Date() < deadline {
      usleep(100_000)
      let items = try http.send("GET", "/api/v1/projections").json["items"] as? [[String: Any]] ?? []
      caughtUp = items.count == Ledger.standardProjectors.count && items.allSatisfy { $0["lag"] as? Int == 0 }
    }
    #expect(caughtUp, "the server caught the read models up")
    let balances = try http.send("GET", "/api/v1/reports/balances?asOf=2024-12-31")
    #expect(
      balances.header("X-Ledger-Position") == "\(head)", "answers include every committed row: \(balances.headers)")
    let said = (try? String(contentsOfFile: serverLog, encoding: .utf8)) ?? ""
    #expect(
      said.contains("budget serve: rebuilt ") && said.contains("which a stopped import had left behind"), "\(said)")
  }
}
