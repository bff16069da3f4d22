import Foundation
import Ledger
import LedgerTesting
import SyncClient
import Testing

/// A device that serves its ledger (`budget serve` on a device, a real child process, and a
/// real hub) while a change it made is an open conflict: new changes still reach the hub at
/// once, the server never stops to rebuild its ledger, and `budget sync` on the device asks
/// that server to sync instead of being refused.
@Suite("Sync: a serving device with an open conflict", .serialized)
struct ServingDeviceTests {
  /// The device server's own access token (`$BUDGET_TOKEN`).
  static let serverToken = "device-serve-token-0123456789abcdef01234567"

  /// How long a write through the device may take to be on the hub, as the issue asks; the
  /// poll goes on to ``pollBound`` so that a slow write is measured, not just failed.
  static let hubBound: Duration = .seconds(1)
  /// Ten times ``hubBound``, and less than half of the 25-s long poll a write waited for
  /// when a conflict held it up: a write past this is the stall, not a slow machine.
  static let pollBound: Duration = .seconds(10)

  /// A hub with a laptop cloned from it, on which one change is an open conflict: the
  /// category "Travel", made on both, reached the hub second.
  static func worldWithAConflict() async throws -> SyncWorld {
    let world = try await SyncWorld(devices: ["laptop"])
    try await world.clone("laptop")
    let made = try world.budget.run(["category", "add", "Travel", "--ledger", world.path("laptop")])
    #expect(made.status == 0, "\(made.stderr)")
    let onHub = try HubHTTP(port: world.hub.port).send(
      "POST", "/api/v1/categories", body: Array(#"{"name": "Travel"}"#.utf8))
    #expect((200..<300).contains(onHub.status), "\(onHub.text)")
    let report = try await world.sync("laptop")
    #expect(report.conflicts == 1 && report.pending == 0, "\(report)")
    return world
  }

  /// A transaction named `name` on Checking, as the API takes it.
  static func transaction(_ name: String) -> [UInt8] {
    Array(
      #"{"amount": "2.50", "name": "\#(name)", "category": "Food", "account": "Checking", "date": "2026-11-20"}"#.utf8)
  }

  /// Whether the hub lists a transaction named `name`.
  static func hubHas(_ name: String, _ world: SyncWorld) throws -> Bool {
    try HubHTTP(port: world.hub.port).send("GET", "/api/v1/transactions?limit=100").text.contains("\"\(name)\"")
  }

  @Test func aWriteReachesTheHubAtOnceWhileAConflictIsOpen() async throws {
    // Given a device with one open conflict, serving its ledger
    let world = try await Self.worldWithAConflict()
    defer { world.shutDown() }
    let log = world.directory.file("laptop-serve.log")
    let server = try ServeProcess(
      budget: world.budget, ledger: world.path("laptop"), stderr: log, token: Self.serverToken)
    defer { server.stop() }
    let device = HubHTTP(port: server.port, token: Self.serverToken)
    // When three transactions are written through its API, one after the other
    var delays: [Duration] = []
    for index in 1...3 {
      let name = "served-\(index)"
      let clock = ContinuousClock()
      let start = clock.now
      let answer = try device.send("POST", "/api/v1/transactions", body: Self.transaction(name))
      #expect((200..<300).contains(answer.status), "\(answer.text)")
      var landed = try Self.hubHas(name, world)
      while !landed, clock.now - start < Self.pollBound {
        try await Task.sleep(for: .milliseconds(20))
        landed = try Self.hubHas(name, world)
      }
      let delay = clock.now - start
      delays.append(delay)
      // Then each is on the hub within the bound, not held up behind the conflict
      #expect(landed, "\(name) did not reach the hub within \(Self.pollBound)")
      #expect(delay <= Self.hubBound, "\(name) took \(delay) to reach the hub")
    }
    print("serving device with an open conflict: write to hub in \(delays)")
    // And the server never stopped to rebuild its ledger, and says nothing went wrong
    #expect(server.process.isRunning)
    let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    for trouble in ["rebuilding", "Waiting on child channel", "shutdown error"] {
      #expect(!said.contains(trouble), "\(said)")
    }
    // And nothing was lost: the conflict is still open for the user, nothing waits, and the
    // device's ledger is the hub's
    let entries = try world.outbox("laptop")
    #expect(entries.map(\.state) == [.conflict])
    let status = try JSONSerialization.jsonObject(with: device.send("GET", "/api/v1/sync/status").body)
    let fields = status as? [String: Any] ?? [:]
    #expect(fields["pending"] as? Int == 0 && fields["conflicts"] as? Int == 1, "\(fields)")
    let head = (fields["head"] as? [String: Any])?["hash"] as? String
    #expect(try head == world.hubHead().hash)
  }

  @Test func aConflictIsDroppedThroughTheDevicesAPI() async throws {
    // Given a device with one open conflict, serving its ledger
    let world = try await Self.worldWithAConflict()
    defer { world.shutDown() }
    let server = try ServeProcess(budget: world.budget, ledger: world.path("laptop"), token: Self.serverToken)
    defer { server.stop() }
    let device = HubHTTP(port: server.port, token: Self.serverToken)
    let conflict = try #require(try world.outbox("laptop").first)
    // When an entry that is no number, then one that does not exist, is dropped: refused
    #expect(try device.send("POST", "/api/v1/sync/outbox/first/drop").status == 400)
    let missing = try device.send("POST", "/api/v1/sync/outbox/\(conflict.id + 50)/drop")
    #expect((400..<500).contains(missing.status), "\(missing.text)")
    #expect(try world.outbox("laptop").map(\.state) == [.conflict])
    // When the conflict is dropped through the API
    let dropped = try device.send("POST", "/api/v1/sync/outbox/\(conflict.id)/drop")
    // Then it answers the entry it dropped, and the outbox is empty
    #expect(dropped.status == 200, "\(dropped.text)")
    let entry = try JSONSerialization.jsonObject(with: dropped.body) as? [String: Any]
    #expect(entry?["id"] as? Int == conflict.id && entry?["state"] as? String == "conflict")
    #expect(try world.outbox("laptop").isEmpty)
    let status = try JSONSerialization.jsonObject(with: device.send("GET", "/api/v1/sync/status").body)
    #expect((status as? [String: Any])?["conflicts"] as? Int == 0)
  }

  @Test func aConflictThatStillCannotApplyIsKeptWhenRetriedAndTheServerSyncsOnRequest() async throws {
    // Given a device with one open conflict (its "Travel" reached the hub second), serving
    // its ledger, and news on the hub
    let world = try await Self.worldWithAConflict()
    defer { world.shutDown() }
    let server = try ServeProcess(budget: world.budget, ledger: world.path("laptop"), token: Self.serverToken)
    defer { server.stop() }
    let device = HubHTTP(port: server.port, token: Self.serverToken)
    try world.hubAddTransaction(name: "on-the-hub", amount: "4.00")
    let conflict = try #require(try world.outbox("laptop").first)
    // When the conflict is retried through the API: the hub has a "Travel" already
    let retried = try device.send("POST", "/api/v1/sync/outbox/\(conflict.id)/retry")
    // Then it is refused, saying why, and stays a conflict with that reason
    #expect(retried.status == 422, "\(retried.text)")
    #expect(retried.text.contains("already exists"), "\(retried.text)")
    let kept = try #require(try world.outbox("laptop").first)
    #expect(kept.state == .conflict && kept.code == "refused_on_device", "\(kept)")
    // When the device's server is asked to sync
    let ran = try device.send("POST", "/api/v1/sync/run")
    // Then it answers the sync's report, at the hub's head, with the conflict still waiting
    #expect(ran.status == 200, "\(ran.text)")
    let report = try JSONDecoder().decode(SyncReport.self, from: ran.body)
    #expect(report.conflicts == 1 && report.offline == nil, "\(report)")
    #expect(try report.head == world.hubHead())
  }

  @Test func budgetSyncOnAServedDeviceAsksItsServer() async throws {
    // Given a device with one open conflict, serving its ledger, and news on the hub
    let world = try await Self.worldWithAConflict()
    defer { world.shutDown() }
    let files = world.files("laptop")
    var server = try ServeProcess(budget: world.budget, ledger: world.path("laptop"), token: Self.serverToken)
    defer { server.stop() }
    try world.hubAddTransaction(name: "on-the-hub", amount: "4.00")
    // When `budget sync` runs on the device
    let synced = try world.budget.run(["sync", "--ledger", world.path("laptop"), "--json"])
    // Then the server synced for it: the report is printed, at the hub's head, and the status
    // says a conflict waits
    #expect(synced.status == SyncReport.conflictsStatus, "\(synced.stderr)")
    #expect(synced.stderr.contains("asking it to sync"), "\(synced.stderr)")
    let report = try JSONDecoder().decode(SyncReport.self, from: Data(synced.stdout.utf8))
    #expect(report.conflicts == 1 && report.pending == 0 && report.offline == nil, "\(report)")
    #expect(try report.head == world.hubHead())
    // and the record that led it there is this user's alone
    let mode = try FileManager.default.attributesOfItem(atPath: files.server)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    // When `--watch` is asked of it, then it is refused, saying why
    let watching = try world.budget.run(["sync", "--watch", "--ledger", world.path("laptop")])
    #expect(watching.status == 1 && watching.stderr.contains("already follows the hub"), "\(watching.stderr)")
    // When the server stops, then its record goes, and `budget sync` syncs by itself
    server.stop()
    #expect(!FileManager.default.fileExists(atPath: files.server))
    #expect(try world.budget.run(["sync", "--ledger", world.path("laptop")]).status == SyncReport.conflictsStatus)
    // When a server is killed, then the record it leaves names a process that is gone, and
    // is passed over
    server = try ServeProcess(budget: world.budget, ledger: world.path("laptop"), token: Self.serverToken)
    server.kill9()
    #expect(FileManager.default.fileExists(atPath: files.server))
    let after = try world.budget.run(["sync", "--ledger", world.path("laptop")])
    #expect(after.status == SyncReport.conflictsStatus, "\(after.stderr)")
    #expect(!after.stderr.contains("asking it to sync"), "\(after.stderr)")
  }
}
