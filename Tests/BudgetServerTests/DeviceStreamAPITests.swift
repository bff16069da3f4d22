import BudgetServer
import EventRecords
import Foundation
import Ledger
import LedgerDomain
import LedgerTesting
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What a device keeps open on a hub — event streams, long polls — ends the moment the device
/// is revoked and gets nothing written after; and devices cannot take the event-stream slots
/// the owner's live view needs.
@Suite struct DeviceStreamAPITests {
  @Test func revokingADeviceEndsItsOpenStreamAtOnce() async throws {
    try await TestServer.with { server in
      // Given a device following the hub's event stream
      let token = try server.addDevice("laptop")
      let (socket, opened) = try await server.client.openStream(
        "/api/v1/events/stream", headers: TestServer.bearer(token))
      defer { close(socket) }
      #expect(opened.contains(": connected"), "\(opened)")
      // When the owner revokes it, and then writes
      let clock = ContinuousClock()
      let start = clock.now
      let revoked = try await server.post("/api/v1/devices/laptop/revoke", "")
      #expect(revoked.status == 200)
      try await server.ledger.execute(try server.expense(70, "9.00"), metadata: EventMetadata(actor: "after-revoke"))
      let rest = try await HTTPTestClient.readOn(socket, timeoutSeconds: 30) { $0.contains("after-revoke") }
      // Then the server ends the stream long before 30 s, without the later write
      #expect(!rest.contains("after-revoke"))
      #expect(clock.now - start < .seconds(20))
    }
  }

  @Test func revokingADeviceEndsItsLongPollWithoutWhatCameAfter() async throws {
    try await TestServer.with { server in
      // A poll that reaches the server only after the revocation is refused as any request
      // is; tried again (with a new device) until one was waiting when it was revoked.
      var revokedWhileWaiting = false
      for attempt in 1...5 where !revokedWhileWaiting {
        // Given a device waiting up to 20 s at the hub's head for news
        let name = "laptop-\(attempt)"
        let token = try server.addDevice(name)
        let position = server.ledger.position
        let clock = ContinuousClock()
        let poll = Task {
          try await server.get("/api/v1/sync/events?after=\(position)&wait=20", headers: TestServer.bearer(token))
        }
        try await Task.sleep(for: .milliseconds(300 * attempt))
        // When it is revoked, as budget device revoke does from another process, and the owner then writes
        let start = clock.now
        try server.deviceRegistry.revoke(name: name, now: DeviceRegistry.now())
        try await server.ledger.execute(
          try server.expense(70 + UInt64(attempt), "9.00"), metadata: EventMetadata(actor: "after-revoke"))
        let answer = try await poll.value
        // Then the poll is refused, long before its 20 s, and carries no event
        #expect(answer.status == 401, "\(answer.text)")
        #expect(answer.header("X-Sync-Events") == nil)
        #expect(!answer.text.contains("after-revoke"))
        if answer.json["code"] as? String == "device_revoked" {
          revokedWhileWaiting = true
          #expect(clock.now - start < .seconds(15))
        }
      }
      #expect(revokedWhileWaiting)
    }
  }

  @Test func aDeviceCannotTakeTheOwnersStreamSlots() async throws {
    try await TestServer.with(limits: .init(maxEventStreams: 4)) { server in
      // Given a hub that allows 4 event streams, and a device that opens as many as it can
      let token = try server.addDevice("tablet", readOnly: true)
      var sockets: [Int32] = []
      defer { sockets.forEach { close($0) } }
      var opened = 0
      var refusal = ""
      for _ in 0..<4 {
        let (socket, text) = try await server.client.openStream(
          "/api/v1/events/stream", headers: TestServer.bearer(token))
        sockets.append(socket)
        guard text.contains("200 OK") else {
          refusal = text
          break
        }
        opened += 1
      }
      // Then it got 3 and was refused the last, which is kept for the owner
      #expect(opened == 3)
      #expect(refusal.contains("503"))
      #expect(refusal.contains("too_many_streams"))
      // When the owner opens its live view, then it is served
      let (owner, text) = try await server.client.openStream("/api/v1/events/stream")
      sockets.append(owner)
      #expect(text.contains("200 OK"), "\(text)")
    }
  }

  @Test func oneDeviceHoldsAtMostFourStreams() async throws {
    try await TestServer.with { server in
      // Given a hub with the default 32 event streams, and a device with 4 open
      let laptop = try server.addDevice("laptop")
      var sockets: [Int32] = []
      defer { sockets.forEach { close($0) } }
      for _ in 0..<4 {
        let (socket, text) = try await server.client.openStream(
          "/api/v1/events/stream", headers: TestServer.bearer(laptop))
        sockets.append(socket)
        #expect(text.contains("200 OK"), "\(text)")
      }
      // When it opens a fifth, then it is refused: too many for one device
      let (fifth, refused) = try await server.client.openStream(
        "/api/v1/events/stream", headers: TestServer.bearer(laptop))
      sockets.append(fifth)
      #expect(refused.contains("429"), "\(refused)")
      #expect(refused.contains("too_many_streams"))
      // And another device still opens one
      let phone = try server.addDevice("phone")
      let (other, served) = try await server.client.openStream(
        "/api/v1/events/stream", headers: TestServer.bearer(phone))
      sockets.append(other)
      #expect(served.contains("200 OK"), "\(served)")
    }
  }
}
