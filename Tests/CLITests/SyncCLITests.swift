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
struct SyncCLITests {
  let directory = TemporaryDirectory(prefix: "budget-sync-cli")
  let budget: BinaryRunner

  init() throws {
    budget = try BinaryRunner("budget", environment: ["BUDGET_TODAY": "2026-11-27", "BUDGET_ACTOR": "tester"])
  }

  var hub: String { directory.file("hub.ledger") }

  /// Runs `budget` and returns its standard output; a failure is recorded with its stderr.
  @discardableResult
  func ok(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let output = try budget.run(arguments)
    #expect(
      output.status == 0, "budget \(arguments.joined(separator: " ")) failed: \(output.stderr)",
      sourceLocation: sourceLocation)
    return output.stdout
  }

  /// Runs `budget … --json` and parses its output.
  func json(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> Any {
    let output = try budget.run(arguments + ["--json"])
    #expect(
      output.status == 0, "budget \(arguments.joined(separator: " ")) failed: \(output.stderr)",
      sourceLocation: sourceLocation)
    return try JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
  }

  func object(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    let output = try budget.run(arguments + ["--json"])
    #expect(
      output.status == 0, "budget \(arguments.joined(separator: " ")) failed: \(output.stderr)",
      sourceLocation: sourceLocation)
    return try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any] ?? [:]
  }

  /// A hub ledger in EUR with a checking account and one expense, "Rent"; returns its id.
  @discardableResult
  func makeHub() throws -> String {
    try ok("init", "--name", "Home", "--currency", "EUR", "--ledger", hub)
    try ok("account", "open", "Checking", "--opening", "1000", "--date", "2026-01-01", "--ledger", hub)
    let added = try object(
      "tx", "add", "800", "--account", "Checking", "--category", "Food", "--name", "Rent", "--date", "2026-11-01",
      "--ledger", hub)
    return try #require(added["id"] as? String)
  }

  /// Adds a device to the hub and writes its token to a 0600 file; returns the file's path.
  func addDevice(_ name: String, mode: mode_t = 0o600) throws -> String {
    let added = try object("device", "add", name, "--ledger", hub)
    let token = try #require(added["token"] as? String)
    let file = directory.file("\(name).token")
    #expect(FileManager.default.createFile(atPath: file, contents: Data(token.utf8)))
    chmod(file, mode)
    return file
  }

  /// Adds the device `name` and clones the hub into `name.ledger`; returns its path.
  func clone(_ name: String, from server: HubProcess) throws -> String {
    let tokenFile = try addDevice(name)
    let path = directory.file("\(name).ledger")
    try ok("clone", server.url, "--ledger", path, "--token-file", tokenFile)
    return path
  }

  func verifiedHead(_ ledger: String) throws -> String? {
    let report = try object("verify", "--ledger", ledger)
    #expect(report["ok"] as? Bool == true)
    return report["head"] as? String
  }

  func transaction(_ id: String, on ledger: String) throws -> [String: Any] {
    try object("tx", "show", id, "--ledger", ledger)
  }

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
    let history = try json("history", "transaction", id, "--ledger", hub) as? [[String: Any]] ?? []
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
    let status = try object("sync", "status", "--ledger", laptop)
    #expect(status["pending"] as? Int == 1)
    #expect((status["entries"] as? [[String: Any]])?.first?["state"] as? String == "pending")
    // When it syncs with the hub down, then the sync says at once that it is offline, and
    // keeps the change
    let clock = ContinuousClock()
    let start = clock.now
    let offline = try object("sync", "--ledger", laptop)
    #expect(clock.now - start < .seconds(10), "a refused connection should not be retried until the deadline")
    #expect(offline["offline"] is String)
    #expect(offline["pending"] as? Int == 1)
    #expect(offline["pushed"] as? Int == 0)
    // When the hub is back and the device syncs, then the change goes up and lands on the hub
    server = try HubProcess(budget: budget, ledger: hub, port: port)
    defer { server.stop() }
    let online = try object("sync", "--ledger", laptop)
    #expect(online["pushed"] as? Int == 1)
    #expect(online["pending"] as? Int == 0)
    let hubList = try object("tx", "list", "--ledger", hub)["rows"] as? [[String: Any]] ?? []
    #expect(hubList.contains { $0["name"] as? String == "Kiosk" })
    #expect(try verifiedHead(laptop) == verifiedHead(hub))
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
    let report = try object("sync", "--ledger", phone)
    // Then the phone's edit is a conflict, listed with the hub's reason
    #expect(report["conflicts"] as? Int == 1)
    let conflicts = try json("sync", "conflicts", "--ledger", phone) as? [[String: Any]] ?? []
    #expect(conflicts.count == 1)
    #expect(conflicts.first?["code"] as? String == "version_mismatch")
    #expect(conflicts.first?["commands"] as? [String] == ["amendTransaction"])
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
    #expect(try object("sync", "--ledger", phone)["conflicts"] as? Int == 1)
    let second = try #require(
      (try json("sync", "conflicts", "--ledger", phone) as? [[String: Any]])?.first?["id"] as? Int)
    try ok("sync", "drop", String(second), "--ledger", phone)
    // Then no conflict is left, and the phone shows the hub's version
    #expect((try json("sync", "conflicts", "--ledger", phone) as? [Any])?.isEmpty == true)
    #expect((try transaction(rent, on: phone)["amount"] as? String)?.contains("840") == true)
    #expect(try verifiedHead(phone) == verifiedHead(hub))
  }

  @Test func badSyncInputIsRefusedClearly() async throws {
    // Given a hub and a device token
    try makeHub()
    let tokenFile = try addDevice("laptop")
    // When a clone targets an existing ledger, then it is refused before any network
    let onto = try budget.run(["clone", "http://127.0.0.1:9", "--ledger", hub, "--token-file", tokenFile])
    #expect(onto.status == 1)
    #expect(onto.stderr.contains("exists; clone into a new path"))
    // When the hub itself is synced, then it is not a device
    let notDevice = try budget.run(["sync", "--ledger", hub])
    #expect(notDevice.status == 1)
    #expect(notDevice.stderr.contains("is not a device of a hub"))
    // When a remote is added with a URL that is not http(s), then it is refused
    let device = directory.file("device.ledger")
    let ftp = try budget.run([
      "remote", "add", "home", "ftp://example.org", "--ledger", device, "--token-file", tokenFile,
    ])
    #expect(ftp.status == 1)
    #expect(ftp.stderr.contains("is not an http:// or https:// URL"))
    #expect(!FileManager.default.fileExists(atPath: device + ".remotes"))
    // When the token file can be read by others, then it is refused with the fix, nothing made
    chmod(tokenFile, 0o644)
    let open = try budget.run(["clone", "http://127.0.0.1:9", "--ledger", device, "--token-file", tokenFile])
    #expect(open.status == 1)
    #expect(open.stderr.contains("other users can read it"))
    #expect(open.stderr.contains("chmod 600"))
    #expect(!FileManager.default.fileExists(atPath: device))
  }

  @Test func aLedgerOfYourOwnIsNeverReplacedByAHubs() async throws {
    // Given a running hub, a device token for it, and a ledger of one's own with history
    try makeHub()
    let server = try HubProcess(budget: budget, ledger: hub)
    defer { server.stop() }
    let tokenFile = try addDevice("desk")
    let mine = directory.file("mine.ledger")
    try ok("init", "--name", "Mine", "--currency", "EUR", "--ledger", mine)
    try ok("account", "open", "Wallet", "--opening", "50", "--date", "2026-01-01", "--ledger", mine)
    try ok("tx", "add", "5", "--account", "Wallet", "--category", "Food", "--name", "Local", "--ledger", mine)
    let before = try verifiedHead(mine)
    // When the hub is added to it as a remote, then that is refused: it was not cloned
    let added = try budget.run(["remote", "add", "origin", server.url, "--ledger", mine, "--token-file", tokenFile])
    #expect(added.status == 1)
    #expect(added.stderr.contains("not cloned from a hub"))
    #expect(!FileManager.default.fileExists(atPath: mine + ".remotes"))
    // When it has a remote anyway (written by hand) and is synced, then the sync is refused
    let token = try String(contentsOfFile: tokenFile, encoding: .utf8)
    let remotes = #"[{"name": "origin", "url": "\#(server.url)", "token": "\#(token)"}]"#
    #expect(FileManager.default.createFile(atPath: mine + ".remotes", contents: Data(remotes.utf8)))
    let sync = try budget.run(["sync", "--ledger", mine])
    #expect(sync.status == 1)
    #expect(sync.stderr.contains("not cloned from a hub"))
    // And its history is as it was, not the hub's
    #expect(try verifiedHead(mine) == before)
    let rows = try object("tx", "list", "--ledger", mine)["rows"] as? [[String: Any]] ?? []
    let names = rows.compactMap { $0["name"] as? String }
    #expect(names.contains("Local"))
    #expect(!names.contains("Rent"))
  }

  @Test func aCloneStoppedBeforeItsLedgerWasInPlaceIsResumedNotSynced() async throws {
    // Given a clone that stopped after pulling the replica, before the working ledger was
    // moved into place
    try makeHub()
    let server = try HubProcess(budget: budget, ledger: hub)
    defer { server.stop() }
    let tokenFile = try addDevice("laptop")
    let laptop = directory.file("laptop.ledger")
    try ok("clone", server.url, "--ledger", laptop, "--token-file", tokenFile)
    #expect(unlink(laptop) == 0)
    // When it is synced, then that is refused, pointing to clone, and no empty ledger is made
    let sync = try budget.run(["sync", "--ledger", laptop])
    #expect(sync.status == 1)
    #expect(sync.stderr.contains("did not finish"))
    #expect(sync.stderr.contains("budget clone"))
    #expect(!FileManager.default.fileExists(atPath: laptop))
    // When the clone is run again, then it finishes, with the hub's chain head
    try ok("clone", server.url, "--ledger", laptop, "--token-file", tokenFile)
    #expect(try verifiedHead(laptop) == verifiedHead(hub))
  }
}
