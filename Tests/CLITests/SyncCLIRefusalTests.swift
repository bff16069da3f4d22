import Foundation
import LedgerTesting
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What sync refuses, through the real binary: a clone onto an existing ledger, a sync of
/// something that is not a finished device, a remote that is not http(s) or would make a
/// ledger of one's own a device, a token file others can read, a revoked device — each with
/// a message that says what to do, and nothing changed.
@Suite("budget sync refusals")
struct SyncCLIRefusalTests: SyncCLIHarness {
  let directory = TemporaryDirectory(prefix: "budget-sync-cli")
  let budget: BinaryRunner

  init() throws { budget = try Self.budgetRunner() }

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
    // When a clone is given something that is not a URL, then it is refused before any request
    let typo = try budget.run(["clone", "not-a-url", "--ledger", device, "--token-file", tokenFile])
    #expect(typo.status == 1)
    #expect(typo.stderr.contains("'not-a-url' is not an http:// or https:// URL"), "\(typo.stderr)")
    #expect(!FileManager.default.fileExists(atPath: device + ".replica"))
    // When nothing answers at the hub's address, then the clone says so in words
    let closed = try budget.run(["clone", "http://127.0.0.1:9", "--ledger", device, "--token-file", tokenFile])
    #expect(closed.status == 1)
    #expect(closed.stderr.contains("nothing answers at that address"), "\(closed.stderr)")
    #expect(!FileManager.default.fileExists(atPath: device + ".replica"))
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

  @Test func aCloneStoppedBeforeItRememberedItsHubIsRunAgainNotSynced() async throws {
    // Given a clone that stopped after pulling the replica, before the hub was remembered as
    // the device's remote (its last step)
    try makeHub()
    let server = try HubProcess(budget: budget, ledger: hub)
    defer { server.stop() }
    let tokenFile = try addDevice("laptop")
    let laptop = directory.file("laptop.ledger")
    try ok("clone", server.url, "--ledger", laptop, "--token-file", tokenFile)
    #expect(unlink(laptop + ".remotes") == 0)
    // When it is synced, then that is refused, pointing to clone, and no ledger is made
    let sync = try budget.run(["sync", "--ledger", laptop])
    #expect(sync.status == 1)
    #expect(sync.stderr.contains("budget clone"))
    #expect(!FileManager.default.fileExists(atPath: laptop))
    // When the clone is run again, then it finishes, with the hub's chain head
    try ok("clone", server.url, "--ledger", laptop, "--token-file", tokenFile)
    #expect(try verifiedHead(laptop) == verifiedHead(hub))
  }

  @Test func aNewDeviceReadsItsReplicaUntilItsFirstChange() async throws {
    // Given a device just cloned from a hub
    try makeHub()
    let server = try HubProcess(budget: budget, ledger: hub)
    defer { server.stop() }
    let laptop = try clone("laptop", from: server)
    let hubHead = try verifiedHead(hub)
    // Then the clone wrote the hub's copy once: there is a replica and no working ledger
    #expect(FileManager.default.fileExists(atPath: laptop + ".replica"))
    #expect(!FileManager.default.fileExists(atPath: laptop))
    // When reports are asked, then they answer from the replica, and still nothing is made
    #expect(try ok("account", "list", "--ledger", laptop).contains("Checking"))
    let fresh = try object("sync", "status", "--ledger", laptop)
    #expect((fresh["pending"] as? Int) == 0)
    #expect(!FileManager.default.fileExists(atPath: laptop))
    // When the first change is made, then it is recorded once, on a working ledger made for
    // it (0600), pending in the outbox, and the replica is still the hub's history
    try ok(
      "tx", "add", "4.20", "--account", "Checking", "--category", "Food", "--name", "First here", "--ledger", laptop)
    let attributes = try FileManager.default.attributesOfItem(atPath: laptop)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let rows = try object("tx", "list", "--ledger", laptop)["rows"] as? [[String: Any]] ?? []
    #expect(rows.filter { $0["name"] as? String == "First here" }.count == 1)
    #expect(try verifiedHead(laptop + ".replica") == hubHead)
    let status = try object("sync", "status", "--ledger", laptop)
    #expect((status["pending"] as? Int) == 1)
    // When it syncs (with a copy of a working ledger that a killed process left behind),
    // then the hub has the change, once, and the abandoned copy is gone
    let abandoned = laptop + ".making-999999"
    #expect(FileManager.default.createFile(atPath: abandoned, contents: Data(count: 4096)))
    try ok("sync", "--ledger", laptop)
    #expect(!FileManager.default.fileExists(atPath: abandoned))
    let hubRows = try object("tx", "list", "--ledger", hub)["rows"] as? [[String: Any]] ?? []
    #expect(hubRows.filter { $0["name"] as? String == "First here" }.count == 1)
    #expect(try verifiedHead(laptop) == verifiedHead(hub))
  }

  @Test func aRevokedDeviceIsToldSoAndKeepsItsChanges() async throws {
    // Given a device cloned from a hub, then revoked on the hub
    try makeHub()
    let server = try HubProcess(budget: budget, ledger: hub)
    defer { server.stop() }
    let laptop = try clone("laptop", from: server)
    try ok("device", "revoke", "laptop", "--ledger", hub)
    let devices = try json("device", "list", "--ledger", hub) as? [[String: Any]] ?? []
    #expect(devices.first?["revoked"] is String)
    // When it records a change and syncs
    try ok("tx", "add", "2", "--account", "Checking", "--category", "Food", "--name", "Late", "--ledger", laptop)
    let sync = try budget.run(["sync", "--ledger", laptop])
    // Then the sync fails saying the token was revoked and what to do (not the hub owner's
    // login advice), and the change waits
    #expect(sync.status == 1)
    #expect(sync.stderr.contains("refused this device's token: it was revoked"), "\(sync.stderr)")
    #expect(sync.stderr.contains("budget device add NAME on the hub"))
    #expect(!sync.stderr.contains("login link"))
    #expect(try object("sync", "status", "--ledger", laptop)["pending"] as? Int == 1)
  }

  @Test func aReadOnlyDevicesChangeBecomesAConflictToDrop() async throws {
    // Given a read-only device of a running hub, which records a change of its own
    try makeHub()
    let server = try HubProcess(budget: budget, ledger: hub)
    defer { server.stop() }
    let tokenFile = try addDevice("phone", readOnly: true)
    let phone = directory.file("phone.ledger")
    try ok("clone", server.url, "--ledger", phone, "--token-file", tokenFile)
    try ok("tx", "add", "5", "--account", "Checking", "--category", "Food", "--name", "Coffee", "--ledger", phone)
    // When it syncs, then the sync prints its report (JSON too), says why, and fails
    let sync = try budget.run(["sync", "--ledger", phone, "--json"])
    #expect(sync.status == 1)
    let report = try JSONSerialization.jsonObject(with: Data(sync.stdout.utf8)) as? [String: Any] ?? [:]
    #expect(report["conflicts"] as? Int == 1 && report["pending"] as? Int == 0, "\(sync.stdout)")
    #expect((report["refused"] as? String)?.contains("read-only") == true)
    #expect(sync.stderr.contains("kept as conflicts"), "\(sync.stderr)")
    // And the change is a conflict with the hub's reason, out of the device's ledger
    let conflicts = try json("sync", "conflicts", "--ledger", phone) as? [[String: Any]] ?? []
    #expect(conflicts.map { $0["code"] as? String } == ["forbidden"])
    let rows = try object("tx", "list", "--ledger", phone)["rows"] as? [[String: Any]] ?? []
    #expect(!rows.contains { $0["name"] as? String == "Coffee" })
    // When it is dropped, then the next sync succeeds with nothing left
    let id = try #require(conflicts.first?["id"] as? Int)
    try ok("sync", "drop", String(id), "--ledger", phone)
    let clean = try object("sync", "--ledger", phone)
    #expect(clean["conflicts"] as? Int == 0 && clean["pending"] as? Int == 0 && clean["refused"] == nil)
  }
}
