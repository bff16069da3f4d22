import EventLog
import EventRecords
import Foundation
import Ledger
import LedgerDomain
import LedgerTesting
import Testing

/// A device's credential decides who it is: its writes are recorded as the device whatever
/// `X-Budget-Actor` says, and its idempotency keys live in a namespace of its own — it can
/// neither replay nor claim ahead another sender's keys, nor the keys the hub's autopay and
/// imports make.
@Suite struct DeviceIdentityAPITests {
  static let transaction = #"{"amount": "3.00", "name": "Kiosk", "category": "Food", "date": "2024-03-14"}"#

  @Test func aDevicesWritesAreRecordedAsTheDeviceWhateverItsHeaderSays() async throws {
    try await TestServer.with { server in
      // Given a device of the hub
      let token = try server.addDevice("laptop")
      // When it writes with no X-Budget-Actor, as the owner's token, and as another device
      for label in [nil, "token", "device:phone"] {
        var headers = TestServer.bearer(token)
        if let label { headers["X-Budget-Actor"] = label }
        let written = try await server.post("/api/v1/transactions", Self.transaction, headers: headers)
        #expect(written.status == 201, "\(written.text)")
      }
      // Then every write is recorded as the device; the header only labels it
      #expect(
        try await server.lastActors(3) == ["device:laptop", "device:laptop (token)", "device:laptop (device:phone)"])
    }
  }

  @Test func theOwnersHeaderNeverNamesADevice() async throws {
    try await TestServer.with { server in
      // Given a hub with a device named phone
      _ = try server.addDevice("phone")
      // When the owner writes with no header, and with X-Budget-Actor: device:phone
      #expect(try await server.post("/api/v1/transactions", Self.transaction).status == 201)
      let labelled = try await server.post(
        "/api/v1/transactions", Self.transaction, headers: ["X-Budget-Actor": "device:phone"])
      #expect(labelled.status == 201)
      // Then both are the owner's, api:…, never the device's
      #expect(try await server.lastActors(2) == ["api:token", "api:device:phone"])
    }
  }

  @Test func aDeviceCannotTakeTheOwnersKeysAhead() async throws {
    try await TestServer.with { server in
      // Given a device that writes under the keys the owner is about to use: one as its own
      // Idempotency-Key, one as the key of a pushed change, spelled as the owner's is stored
      let token = try server.addDevice("laptop")
      let early = try await server.post(
        "/api/v1/transactions", Self.transaction,
        headers: TestServer.bearer(token).merging(["Idempotency-Key": "k-1"]) { $1 })
      #expect(early.status == 201)
      let pushed = try TestServer.submission(key: "api:k-2", [try server.expense(80, "1.00")])
      #expect(try await server.post("/api/v1/sync/commands", pushed, headers: TestServer.bearer(token)).status == 200)
      let before = server.ledger.position
      // When the owner writes under those keys
      let first = try await server.post("/api/v1/transactions", Self.transaction, headers: ["Idempotency-Key": "k-1"])
      let second = try await server.post("/api/v1/transactions", Self.transaction, headers: ["Idempotency-Key": "k-2"])
      // Then both are recorded as new writes of the owner's, not refused or replayed
      #expect(first.status == 201, "\(first.text)")
      #expect(first.header("Idempotent-Replayed") == nil)
      #expect(second.status == 201, "\(second.text)")
      #expect(server.ledger.position == before + 2)
      // And the device's retry under its own key still answers its first write
      let retry = try await server.post(
        "/api/v1/transactions", Self.transaction,
        headers: TestServer.bearer(token).merging(["Idempotency-Key": "k-1"]) { $1 })
      #expect(retry.status == 201)
      #expect(retry.header("Idempotent-Replayed") == "true")
      #expect(server.ledger.position == before + 2)
    }
  }

  @Test func twoDevicesKeysNeverMeet() async throws {
    try await TestServer.with { server in
      // Given two devices that push changes under the same key
      let laptop = try server.addDevice("laptop")
      let phone = try server.addDevice("phone")
      let before = server.ledger.position
      let fromLaptop = try TestServer.submission(key: "outbox:same", [try server.expense(81, "1.00")])
      let fromPhone = try TestServer.submission(key: "outbox:same", [try server.expense(82, "2.00")])
      // When each pushes
      let laptopAnswer = try await server.post("/api/v1/sync/commands", fromLaptop, headers: TestServer.bearer(laptop))
      let phoneAnswer = try await server.post("/api/v1/sync/commands", fromPhone, headers: TestServer.bearer(phone))
      // Then both changes are recorded, neither as the other's duplicate
      #expect(laptopAnswer.status == 200)
      #expect(phoneAnswer.status == 200, "\(phoneAnswer.text)")
      #expect(phoneAnswer.json["duplicate"] as? Bool == false)
      #expect(server.ledger.position == before + 2)
      #expect(try await server.lastActors(2) == ["device:laptop", "device:phone"])
    }
  }

  @Test func aDeviceCannotStopTheHubsAutopay() async throws {
    try await TestServer.with { server in
      // Given an autopay bill due on 5 March, not posted yet
      let created = try await server.post(
        "/api/v1/schedules",
        #"{"name": "Gym", "amount": "30", "category": "Restaurants", "every": "monthly", "day": "5", "start": "2024-03-05", "autopay": true}"#
      )
      #expect(created.status == 201, "\(created.text)")
      let schedule = try #require(created.json["id"] as? String)
      // And a device that pushes a change under the key autopay would post it under
      let token = try server.addDevice("laptop")
      let claim = try TestServer.submission(key: "schedule:\(schedule):2024-03-05", [try server.expense(83, "1.00")])
      #expect(try await server.post("/api/v1/sync/commands", claim, headers: TestServer.bearer(token)).status == 200)
      // When the hub posts its autopay bills
      let posted = try await server.post("/api/v1/schedules/post", "{}")
      // Then the bill is posted
      #expect(posted.status == 200, "\(posted.text)")
      #expect((posted.json["posted"] as? [[String: Any]])?.map { $0["date"] as? String } == ["2024-03-05"])
    }
  }

  @Test func aDeviceCannotStopAnImportsRow() async throws {
    let statement = CSVStatement.expenses(1)
    let path = "/api/v1/import/csv?account=Checking"
    let csv = ["Content-Type": "text/csv"]
    // Given the key an import records the statement's row under (from an import elsewhere)
    var rowKey = ""
    try await TestServer.with { scratch in
      #expect(try await scratch.client.send("POST", path, json: statement, headers: csv).json["added"] as? Int == 1)
      rowKey = try #require(try scratch.ledger.log.idempotencyRecords().map(\.key).first { $0.hasPrefix("csv:") })
    }
    try await TestServer.with { server in
      // And a device that pushes a change under that key
      let token = try server.addDevice("laptop")
      let claim = try TestServer.submission(key: rowKey, [try server.expense(84, "1.00")])
      #expect(try await server.post("/api/v1/sync/commands", claim, headers: TestServer.bearer(token)).status == 200)
      // When the owner imports the statement
      let imported = try await server.client.send("POST", path, json: statement, headers: csv)
      // Then its row is added, not skipped
      #expect(imported.status == 200, "\(imported.text)")
      #expect(imported.json["added"] as? Int == 1)
      #expect(imported.json["skipped"] as? Int == 0)
    }
  }

  @Test func aChangeRecordedBeforeKeysWereNamespacedIsStillNotRecordedTwice() async throws {
    try await TestServer.with { server in
      // Given a device's change the hub recorded under the device's key as it was given,
      // as hubs did before keys were kept per sender, and whose answer the device never got
      let token = try server.addDevice("laptop")
      let command = try server.expense(85, "4.00")
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      let fingerprint = ChainHash.sha256(Array(try encoder.encode([command])))
      try await server.ledger.execute(
        command, metadata: EventMetadata(actor: "device:laptop (anna)"), idempotencyKey: "outbox:old",
        requestFingerprint: fingerprint)
      let before = server.ledger.position
      // When the device pushes it again under that key
      let body = try TestServer.submission(key: "outbox:old", [command], actor: "anna")
      let again = try await server.post("/api/v1/sync/commands", body, headers: TestServer.bearer(token))
      // Then it is the duplicate it is, and nothing is recorded
      #expect(again.status == 200, "\(again.text)")
      #expect(again.json["duplicate"] as? Bool == true)
      #expect(again.json["positions"] as? [Int] == [Int(before), Int(before)])
      #expect(server.ledger.position == before)
      // When another device pushes a change under the same key, then it is its own, recorded
      let phone = try server.addDevice("phone")
      let other = try TestServer.submission(key: "outbox:old", [try server.expense(86, "5.00")])
      let answer = try await server.post("/api/v1/sync/commands", other, headers: TestServer.bearer(phone))
      #expect(answer.status == 200, "\(answer.text)")
      #expect(answer.json["duplicate"] as? Bool == false)
      #expect(server.ledger.position == before + 1)
    }
  }
}
