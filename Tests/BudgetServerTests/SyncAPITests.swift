import EventLog
import Foundation
import Ledger
import LedgerDomain
import LedgerTesting
import Testing

/// `/api/v1/sync/…` and `/api/v1/devices`: pulls answer with the stored events and their
/// `X-Sync-*` headers, a long poll waits for news, devices' tokens let devices in (until
/// revoked, and only to read when read-only) but never to manage devices, and a device's
/// change is decided under its key, recorded as the device, and never twice.
@Suite struct SyncAPITests {
  func bearer(_ token: String) -> [String: String] { TestServer.bearer(token) }

  func submission(key: String, _ commands: [LedgerCommand], actor: String? = nil) throws -> String {
    try TestServer.submission(key: key, commands, actor: actor)
  }

  @Test func aPullAnswersWithTheStoredEventsAndSyncHeaders() async throws {
    try await TestServer.with { server in
      // Given a hub with some history
      let head = try server.ledger.chainHead()
      // When a replica that holds nothing pulls
      let all = try await server.get("/api/v1/sync/events?after=0")
      // Then it gets every stored event as frames, and headers that place them
      #expect(all.status == 200)
      #expect(all.header("Content-Type") == "application/octet-stream")
      #expect(Array(all.body) == (try server.ledger.frames(after: 0, limit: 10_000).bytes))
      #expect(all.header("X-Sync-Events") == String(head.position))
      #expect(all.header("X-Sync-Last-Position") == String(head.position))
      #expect(all.header("X-Sync-Head-Position") == String(head.position))
      #expect(all.header("X-Sync-After-Hash") == ChainHash.genesis.hex)
      // And a page of one event after position 2 holds the third, with the hash at 2
      let page = try await server.get("/api/v1/sync/events?after=2&limit=1")
      #expect(Array(page.body) == (try server.ledger.frames(after: 2, limit: 1).bytes))
      #expect(page.header("X-Sync-Events") == "1")
      #expect(page.header("X-Sync-Last-Position") == "3")
      #expect(page.header("X-Sync-Head-Position") == String(head.position))
      #expect(page.header("X-Sync-After-Hash") == (try server.ledger.hash(at: 2)))
    }
  }

  @Test func aReplicaAheadOfTheHubIsRefused() async throws {
    try await TestServer.with { server in
      // Given a hub, when a replica says it holds more events than the hub has
      let position = server.ledger.position
      let response = try await server.get("/api/v1/sync/events?after=\(position + 1)")
      // Then it is refused as ahead of the hub, with the hub's position, and sent nothing
      #expect(response.status == 409)
      #expect(response.json["code"] as? String == "ahead_of_hub")
      #expect((response.json["details"] as? [String: String])?["hubPosition"] == String(position))
    }
  }

  @Test func aLongPollWaitsAboutItsTimeOrUntilAnEvent() async throws {
    try await TestServer.with { server in
      // Given a replica at the hub's head
      let position = server.ledger.position
      // When it pulls waiting one second and nothing happens
      let clock = ContinuousClock()
      var start = clock.now
      let (idle, idleStall) = try await measuringStalls {
        try await server.get("/api/v1/sync/events?after=\(position)&wait=1")
      }
      let waited = clock.now - start
      // Then the answer comes after about a second (plus any time other tests held the pool), with no events
      #expect(idle.status == 200)
      #expect(idle.header("X-Sync-Events") == "0")
      #expect(waited >= .milliseconds(900))
      #expect(
        waited < .seconds(1) + idleStall + .seconds(6),
        "an idle long poll of 1 s took \(waited), of which the pool was stalled \(idleStall)")
      // When it waits up to 20 s and an event is appended meanwhile
      start = clock.now
      let (news, newsStall) = try await measuringStalls {
        let poll = Task { try await server.get("/api/v1/sync/events?after=\(position)&wait=20") }
        try await Task.sleep(for: .milliseconds(300))
        try await server.ledger.execute(try server.expense(90, "1.00"))
        return try await poll.value
      }
      // Then it returns early with the new event, not at the end of its 20 s
      let answered = clock.now - start
      #expect(
        answered < .seconds(1) + newsStall + .seconds(12),
        "a long poll took \(answered) to see an event, of which the pool was stalled \(newsStall)")
      #expect(news.header("X-Sync-Events") == "1")
      #expect(news.header("X-Sync-Last-Position") == String(position + 1))
    }
  }

  @Test func aDeviceTokenLetsInUntilRevoked() async throws {
    try await TestServer.with { server in
      // Given a device of the hub
      let token = try server.addDevice("laptop")
      // When it pulls with its token, then it is let in
      #expect(try await server.get("/api/v1/sync/head", headers: bearer(token)).status == 200)
      #expect(try await server.get("/api/v1/sync/events?after=0", headers: bearer(token)).status == 200)
      // When the owner revokes it while the server runs, then its very next request is refused
      try server.deviceRegistry.revoke(name: "laptop", now: DeviceRegistry.now())
      let refused = try await server.get("/api/v1/sync/head", headers: bearer(token))
      #expect(refused.status == 401)
    }
  }

  @Test func aReadOnlyDeviceMayPullButNotPush() async throws {
    try await TestServer.with { server in
      // Given a read-only device
      let token = try server.addDevice("tablet", readOnly: true)
      let before = server.ledger.position
      // When it pulls, then it may
      #expect(try await server.get("/api/v1/sync/events?after=0", headers: bearer(token)).status == 200)
      // When it pushes a change, then it is refused as read-only, and nothing is recorded
      let body = try submission(key: "ro-1", [try server.expense(91, "1.00")])
      let push = try await server.post("/api/v1/sync/commands", body, headers: bearer(token))
      #expect(push.status == 403)
      #expect(push.json["code"] as? String == "read_only_device")
      #expect(server.ledger.position == before)
    }
  }

  @Test func onlyTheOwnerManagesDevices() async throws {
    try await TestServer.with { server in
      // Given a device
      let token = try server.addDevice("laptop")
      // When it lists or adds devices, then it is refused as not the owner
      let list = try await server.get("/api/v1/devices", headers: bearer(token))
      #expect(list.status == 403)
      #expect(list.json["code"] as? String == "owner_only")
      let add = try await server.post("/api/v1/devices", #"{"name": "evil"}"#, headers: bearer(token))
      #expect(add.status == 403)
      #expect(add.json["code"] as? String == "owner_only")
      #expect(try server.deviceRegistry.devices().map(\.name) == ["laptop"])
      // When the owner adds one, then its token is shown once and works
      let added = try await server.post("/api/v1/devices", #"{"name": "phone", "readOnly": true}"#)
      #expect(added.status == 201)
      #expect(added.json["device"] as? String == "phone")
      #expect(added.json["readOnly"] as? Bool == true)
      let phone = try #require(added.json["token"] as? String)
      #expect(try await server.get("/api/v1/sync/head", headers: bearer(phone)).status == 200)
      // And the owner lists both, never with a token
      let owned = try await server.get("/api/v1/devices")
      #expect(owned.status == 200)
      let items = owned.json["items"] as? [[String: Any]] ?? []
      #expect(items.compactMap { $0["name"] as? String } == ["laptop", "phone"])
      #expect(!owned.text.contains(phone))
      // And revokes one, which stops it at once
      let revoked = try await server.post("/api/v1/devices/phone/revoke", "")
      #expect(revoked.status == 200)
      #expect(revoked.json["revoked"] is String)
      #expect(try await server.get("/api/v1/sync/head", headers: bearer(phone)).status == 401)
    }
  }

  @Test func aDevicesChangeIsRecordedAsTheDeviceAndNeverTwice() async throws {
    try await TestServer.with { server in
      // Given a device
      let token = try server.addDevice("laptop")
      let command = try server.expense(92, "7.00")
      // When it pushes a change made by anna
      let body = try submission(key: "outbox:abc", [command], actor: "anna")
      let first = try await server.post("/api/v1/sync/commands", body, headers: bearer(token))
      // Then it is recorded as the device and the person, at the positions it answers
      #expect(first.status == 200, "\(first.text)")
      #expect(first.json["duplicate"] as? Bool == false)
      let positions = first.json["positions"] as? [Int]
      #expect(positions == [Int(server.ledger.position), Int(server.ledger.position)])
      #expect(try await server.lastActors(1) == ["device:laptop (anna)"])
      // When the same change is resubmitted under its key
      let before = server.ledger.position
      let again = try await server.post("/api/v1/sync/commands", body, headers: bearer(token))
      // Then it is a duplicate at the same positions, and nothing is recorded
      #expect(again.status == 200)
      #expect(again.json["duplicate"] as? Bool == true)
      #expect(again.json["positions"] as? [Int] == positions)
      #expect(server.ledger.position == before)
      // When the key comes with other commands, then that is refused and nothing recorded
      let other = try submission(key: "outbox:abc", [try server.expense(93, "8.00")], actor: "anna")
      let reused = try await server.post("/api/v1/sync/commands", other, headers: bearer(token))
      #expect(reused.status == 409)
      #expect(reused.json["code"] as? String == "idempotency_key_reused")
      #expect(server.ledger.position == before)
    }
  }

  @Test func aRefusedChangeIs422AndAStaleOne412() async throws {
    try await TestServer.with { server in
      // Given a device, and a transaction on the hub (version 1)
      let token = try server.addDevice("laptop")
      try await server.ledger.execute(try server.expense(94, "3.00"))
      let before = server.ledger.position
      // When it pushes an expense dated after the hub's today
      let future = try submission(key: "outbox:future", [try server.expense(95, "1.00", on: "2024-04-01")])
      let refused = try await server.post("/api/v1/sync/commands", future, headers: bearer(token))
      // Then the rules refuse it: 422
      #expect(refused.status == 422)
      #expect(refused.json["code"] as? String == "rule_violation")
      // When it pushes an amendment of a version the hub no longer holds
      var amendment = TransactionAmended(transaction: txID(94))
      amendment.amount = eur("4.00")
      let stale = try submission(key: "outbox:stale", [.amendTransaction(amendment, expectedVersion: 2)])
      let mismatch = try await server.post("/api/v1/sync/commands", stale, headers: bearer(token))
      // Then it is a stale version: 412, with both versions
      #expect(mismatch.status == 412)
      #expect(mismatch.json["code"] as? String == "version_mismatch")
      #expect((mismatch.json["details"] as? [String: String])?["currentVersion"] == "1")
      #expect(server.ledger.position == before)
    }
  }

  @Test func badDeviceRequestsAreTheClientsErrors() async throws {
    try await TestServer.with { server in
      // Given a hub with a device
      _ = try server.addDevice("laptop")
      // When the owner adds a device under a name that is not one, then it is a bad request
      let badName = try await server.post("/api/v1/devices", #"{"name": "bad name!"}"#)
      #expect(badName.status == 400, "\(badName.text)")
      #expect((badName.json["message"] as? String)?.contains("device name") == true)
      // When the name is taken, then it is a bad request naming it
      let taken = try await server.post("/api/v1/devices", #"{"name": "laptop"}"#)
      #expect(taken.status == 400, "\(taken.text)")
      #expect((taken.json["message"] as? String)?.contains("exists") == true)
      // When a device that does not exist is revoked, then it is not found
      let missing = try await server.post("/api/v1/devices/nosuch/revoke", "")
      #expect(missing.status == 404, "\(missing.text)")
      #expect(missing.json["code"] as? String == "not_found")
      #expect(try server.deviceRegistry.devices().map(\.name) == ["laptop"])
    }
  }
}
