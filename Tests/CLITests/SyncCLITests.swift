import Foundation
import LedgerTesting
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// End to end: a hub (`budget serve` as a child process) and devices made with `budget clone`,
/// all driven through the real binary — clone and sync leave the same chain head everywhere,
/// a change made offline waits in the outbox and goes up once the hub is back, two devices
/// editing one transaction meet as a conflict that is retried or dropped, and the hub's
/// history names the device.
@Suite("budget sync")
struct SyncCLITests: SyncCLIHarness {
  let directory = TemporaryDirectory(prefix: "budget-sync-cli")
  let budget: BinaryRunner

  init() throws { budget = try Self.budgetRunner() }

  @Test func aClonedDeviceSyncsToTheHubsChainHead() async throws {
    // Given a hub with a device cloned from it
    try makeHub()
    let server = try HubProcess(budget: budget, ledger: hub)
    defer { server.stop() }
    let laptop = try clone("laptop", from: server)
    #expect(try verifiedHead(laptop) == verifiedHead(hub))
    // When the device records a transaction and syncs
    let added = try object(
      "tx", "add", "12.50", "--account", "Checking", "--category", "Food", "--name", "Lunch", "--ledger", laptop)
    let id = try #require(added["id"] as? String)
    let report = try object("sync", "--ledger", laptop)
    // Then it is pushed, nothing is left, and both ledgers verify to the same chain head
    #expect(report["pushed"] as? Int == 1)
    #expect(report["pending"] as? Int == 0)
    #expect(report["offline"] == nil || report["offline"] is NSNull)
    #expect(try verifiedHead(laptop) == verifiedHead(hub))
    // And the hub's history and log name the device (and who used it)
    let history =
      (try json("history", "transaction", id, "--ledger", hub) as? [String: Any])?["entries"] as? [[String: Any]] ?? []
    #expect(history.first?["actor"] as? String == "device:laptop (tester)")
    let log = try json("log", "--ledger", hub) as? [[String: Any]] ?? []
    #expect(log.contains { $0["actor"] as? String == "device:laptop (tester)" })
  }

  @Test func anOfflineChangeWaitsInTheOutboxAndGoesUpWhenTheHubIsBack() async throws {
    // Given a device cloned from a hub, and the hub stopped
    try makeHub()
    var server = try HubProcess(budget: budget, ledger: hub)
    let laptop = try clone("laptop", from: server)
    let port = server.port
    server.stop()
    // When the device records a transaction
    try ok("tx", "add", "9.90", "--account", "Checking", "--category", "Food", "--name", "Kiosk", "--ledger", laptop)
    // Then it shows at once in its reports, and waits in the outbox as pending
    let list = try object("tx", "list", "--ledger", laptop)["rows"] as? [[String: Any]] ?? []
    #expect(list.contains { $0["name"] as? String == "Kiosk" })
    // marked pending in the tables, the log and the index alike; the hub's rows are not
    let pendingNames = { (rows: [[String: Any]]) in
      rows.filter { $0["pending"] as? Bool == true }.map { $0["name"] as? String }
    }
    #expect(pendingNames(list) == ["Kiosk"] && list.count > 1)
    let indexed = try object("tx", "list", "--category", "Food", "--ledger", laptop)["rows"] as? [[String: Any]] ?? []
    #expect(pendingNames(indexed) == ["Kiosk"])
    let table = try ok("tx", "list", "--ledger", laptop).split(separator: "\n")
    #expect(table.first?.hasSuffix("SYNC") == true, "\(table)")
    #expect(table.filter { $0.hasSuffix("pending") }.map { $0.contains("Kiosk") } == [true], "\(table)")
    let status = try object("sync", "status", "--ledger", laptop)
    #expect(status["pending"] as? Int == 1)
    #expect((status["entries"] as? [[String: Any]])?.first?["state"] as? String == "pending")
    // When it syncs with the hub down, then the sync says at once that it is offline, and
    // keeps the change
    let clock = ContinuousClock()
    let start = clock.now
    let offlineRun = try budget.run(["sync", "--ledger", laptop, "--json"])
    let offline = try JSONSerialization.jsonObject(with: Data(offlineRun.stdout.utf8)) as? [String: Any] ?? [:]
    #expect(clock.now - start < .seconds(10), "a refused connection should not be retried until the deadline")
    #expect(offlineRun.status == 75, "\(offlineRun.stderr)")
    #expect(offline["offline"] is String)
    #expect(offline["pending"] as? Int == 1)
    #expect(offline["pushed"] as? Int == 0)
    // When the hub is back and the device syncs, then the change goes up and lands on the hub
    server = try HubProcess(budget: budget, ledger: hub, port: port)
    defer { server.stop() }
    let online = try object("sync", "--ledger", laptop)
    #expect(online["pushed"] as? Int == 1)
    #expect(online["pending"] as? Int == 0)
    let synced = try object("tx", "list", "--ledger", laptop)["rows"] as? [[String: Any]] ?? []
    #expect(synced.contains { $0["name"] as? String == "Kiosk" } && pendingNames(synced).isEmpty)
    #expect(!(try ok("tx", "list", "--ledger", laptop)).contains("SYNC"))
    let hubList = try object("tx", "list", "--ledger", hub)["rows"] as? [[String: Any]] ?? []
    #expect(hubList.contains { $0["name"] as? String == "Kiosk" })
    #expect(try verifiedHead(laptop) == verifiedHead(hub))
  }

  @Test func aHubAtANewAddressIsFollowedWithSetURL() async throws {
    // Given a device whose hub was started again at another port, and a change made meanwhile
    try makeHub()
    var server = try HubProcess(budget: budget, ledger: hub)
    let laptop = try clone("laptop", from: server)
    server.stop()
    server = try HubProcess(budget: budget, ledger: hub)
    defer { server.stop() }
    try ok("tx", "add", "3.30", "--account", "Checking", "--category", "Food", "--name", "Moved", "--ledger", laptop)
    let old = try budget.run(["sync", "--ledger", laptop, "--json"])
    #expect(old.status == 75, "the old address answers no more: \(old.stderr)")
    #expect(try Self.report(old)["offline"] is String, "\(old.stdout)")
    // When a name or an address is wrong, then it is refused and nothing changes
    let unknown = try budget.run(["remote", "set-url", "home", server.url, "--ledger", laptop])
    #expect(unknown.status == 1 && unknown.stderr.contains("no remote 'home' — remotes: origin"), "\(unknown.stderr)")
    let typo = try budget.run(["remote", "set-url", "origin", "localhost:8080", "--ledger", laptop])
    #expect(typo.status == 1 && typo.stderr.contains("is not an http:// or https:// URL"), "\(typo.stderr)")
    // When the device's remote is pointed at the new address
    try ok("remote", "set-url", "origin", server.url, "--ledger", laptop)
    // Then it keeps its token: the change goes up, and the device is in step with the hub
    let remotes = try json("remote", "list", "--ledger", laptop) as? [[String: String]] ?? []
    #expect(remotes == [["name": "origin", "url": server.url]])
    #expect(try object("sync", "--ledger", laptop)["pushed"] as? Int == 1)
    #expect(try verifiedHead(laptop) == verifiedHead(hub))
    // When a remote that is not there is removed, then refused; when origin is, then none is left
    let missing = try budget.run(["remote", "remove", "home", "--ledger", laptop])
    #expect(missing.status == 1 && missing.stderr.contains("no remote 'home'"), "\(missing.stderr)")
    try ok("remote", "remove", "origin", "--ledger", laptop)
    #expect((try json("remote", "list", "--ledger", laptop) as? [Any])?.isEmpty == true)
  }

  @Test func twoDevicesEditingOneTransactionMeetAsAConflict() async throws {
    // Given a hub's transaction, cloned to two devices
    let rent = try makeHub()
    let server = try HubProcess(budget: budget, ledger: hub)
    defer { server.stop() }
    let laptop = try clone("laptop", from: server)
    let phone = try clone("phone", from: server)
    // When the laptop amends it and syncs first, then the phone amends it and syncs
    try ok("tx", "amend", rent, "--amount", "820", "--ledger", laptop)
    try ok("sync", "--ledger", laptop)
    try ok("tx", "amend", rent, "--name", "Flat rent", "--ledger", phone)
    let synced = try budget.run(["sync", "--ledger", phone, "--json"])
    let report = try JSONSerialization.jsonObject(with: Data(synced.stdout.utf8)) as? [String: Any] ?? [:]
    // Then the phone's edit is a conflict, listed with the hub's reason, and the sync's status
    // says one waits
    #expect(synced.status == 5, "\(synced.stderr)")
    #expect(report["conflicts"] as? Int == 1)
    let conflicts = try json("sync", "conflicts", "--ledger", phone) as? [[String: Any]] ?? []
    #expect(conflicts.count == 1)
    #expect(conflicts.first?["code"] as? String == "version_mismatch")
    #expect(conflicts.first?["commands"] as? [String] == ["amendTransaction"])
    // with what it would change, in words
    let change = "amend \(rent.suffix(8)): name 'Flat rent'"
    #expect(conflicts.first?["changes"] as? [String] == [change])
    #expect(try ok("sync", "conflicts", "--ledger", phone).contains(change + " — "))
    // And it is in no ledger: the phone shows the laptop's edit, and the conflict no positions
    #expect(conflicts.first?["positions"] == nil)
    let shown = try transaction(rent, on: phone)
    #expect(shown["name"] as? String == "Rent")
    #expect((shown["amount"] as? String)?.contains("820") == true)
    let id = try #require(conflicts.first?["id"] as? Int)
    // When it is retried and synced, then it lands on top of the laptop's edit
    try ok("sync", "retry", String(id), "--ledger", phone)
    let retried = try object("sync", "--ledger", phone)
    #expect(retried["pushed"] as? Int == 1)
    #expect(retried["conflicts"] as? Int == 0)
    let landed = try transaction(rent, on: hub)
    #expect(landed["name"] as? String == "Flat rent")
    #expect((landed["amount"] as? String)?.contains("820") == true)
    #expect(try verifiedHead(phone) == verifiedHead(hub))
    // When the phone's next edit conflicts again and is dropped
    try ok("sync", "--ledger", laptop)
    try ok("tx", "amend", rent, "--amount", "840", "--ledger", laptop)
    try ok("sync", "--ledger", laptop)
    try ok("tx", "amend", rent, "--amount", "830", "--ledger", phone)
    let again = try budget.run(["sync", "--ledger", phone, "--json"])
    #expect(try again.status == 5 && Self.report(again)["conflicts"] as? Int == 1, "\(again.stdout)")
    let second = try #require(
      (try json("sync", "conflicts", "--ledger", phone) as? [[String: Any]])?.first?["id"] as? Int)
    let dropped = try budget.run(["sync", "conflicts", "drop", String(second), "--ledger", phone])
    // Then no conflict is left (and none is noted, as it was before the drop), and the phone
    // shows the hub's version
    #expect(dropped.status == 0 && dropped.stdout.contains("dropped change \(second)"), "\(dropped.stderr)")
    #expect(!dropped.stderr.contains("conflict"), "\(dropped.stderr)")
    #expect((try json("sync", "conflicts", "--ledger", phone) as? [Any])?.isEmpty == true)
    #expect((try transaction(rent, on: phone)["amount"] as? String)?.contains("840") == true)
    #expect(try verifiedHead(phone) == verifiedHead(hub))
    // When a third edit conflicts and is retried by its full name, then it lands on the hub
    try ok("tx", "amend", rent, "--amount", "850", "--ledger", laptop)
    try ok("sync", "--ledger", laptop)
    try ok("tx", "amend", rent, "--amount", "860", "--ledger", phone)
    _ = try budget.run(["sync", "--ledger", phone])
    let third = try #require(
      (try json("sync", "conflicts", "--ledger", phone) as? [[String: Any]])?.first?["id"] as? Int)
    try ok("sync", "conflicts", "retry", String(third), "--ledger", phone)
    #expect(try object("sync", "--ledger", phone)["pushed"] as? Int == 1)
    #expect((try transaction(rent, on: hub)["amount"] as? String)?.contains("860") == true)
  }

  @Test func syncsExitStatusTellsASyncFromNone() async throws {
    // Given a device of a hub, in step with it
    try makeHub()
    var server = try HubProcess(budget: budget, ledger: hub)
    let laptop = try clone("laptop", from: server)
    let port = server.port
    #expect(try budget.run(["sync", "--ledger", laptop]).status == 0, "in step")
    // When a change is made and the hub is out of reach
    server.stop()
    try ok("tx", "add", "1.20", "--account", "Checking", "--category", "Food", "--name", "Bus", "--ledger", laptop)
    let text = try budget.run(["sync", "--ledger", laptop])
    let json = try budget.run(["sync", "--ledger", laptop, "--json"])
    // Then the sync exits 75 (EX_TEMPFAIL), still printing its report, in words and in JSON
    #expect(text.status == 75, "\(text.stderr)")
    #expect(text.stdout.contains("pulled 0 event(s), pushed 0 change(s), 1 pending"), "\(text.stdout)")
    #expect(text.stderr.contains("offline: "), "\(text.stderr)")
    #expect(json.status == 75, "\(json.stderr)")
    let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any] ?? [:]
    #expect(report["offline"] is String && report["pending"] as? Int == 1, "\(json.stdout)")
    // When the hub is back, then the change goes up and the sync exits 0
    server = try HubProcess(budget: budget, ledger: hub, port: port)
    defer { server.stop() }
    let back = try budget.run(["sync", "--ledger", laptop, "--json"])
    #expect(try back.status == 0 && Self.report(back)["pushed"] as? Int == 1, "\(back.stdout) \(back.stderr)")
  }

  /// The report `budget sync --json` printed, whatever its status.
  static func report(_ output: BinaryRunner.Output) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any] ?? [:]
  }

  @Test func aWatchingSyncNeverHoldsUpCommandsOnTheDevice() async throws {
    // Given a device following its hub with sync --watch, which waits on the hub for news
    try makeHub()
    let server = try HubProcess(budget: budget, ledger: hub)
    defer { server.stop() }
    let laptop = try clone("laptop", from: server)
    let watcher = try start(["sync", "--watch", "--ledger", laptop])
    defer {
      watcher.terminate()
      watcher.waitUntilExit()
    }
    try await Task.sleep(for: .seconds(3))
    // When a transaction is added on the device meanwhile
    let clock = ContinuousClock()
    let start = clock.now
    try ok("tx", "add", "4", "--account", "Checking", "--category", "Food", "--name", "Watched", "--ledger", laptop)
    // Then it is recorded at once, not once the watcher's wait on the hub ends
    #expect(clock.now - start < .seconds(8), "tx add waited for the watching sync")
    // And, with news on the hub as well, the watcher soon syncs both ways
    try ok("tx", "add", "3", "--account", "Checking", "--category", "Food", "--name", "News", "--ledger", hub)
    var synced = false
    for _ in 0..<40 where !synced {
      try await Task.sleep(for: .milliseconds(500))
      synced = try transactionNames(on: hub).contains("Watched") && transactionNames(on: laptop).contains("News")
    }
    #expect(synced)
    #expect(watcher.isRunning, "the watching sync stopped")
    // When the hub is stopped while the watcher waits on it, then it stops at once
    try await Task.sleep(for: .seconds(1))
    let stopping = clock.now
    server.stop()
    #expect(clock.now - stopping < .seconds(10), "the hub waited for a long poll to end")
  }
}
