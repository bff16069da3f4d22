import BudgetServer
import Foundation
import Ledger
import LedgerTesting
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Slow and numerous clients cannot hold the server: unfinished headers and idle connections
/// are closed after their timeouts, connections and event streams are capped.
@Suite struct ConnectionLimitTests {
  /// Waits until the server closes `socket` (true) or `seconds` pass (false).
  static func closedByServer(_ socket: Int32, within seconds: Int) async throws -> Bool {
    try await HTTPTestClient.onThread {
      var timeout = timeval(tv_sec: seconds, tv_usec: 0)
      setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if count == 0 || (count < 0 && errno == ECONNRESET) { return true }
        if count < 0 { return false }  // timed out: still open
      }
    }
  }

  @Test func unfinishedHeadersAreClosedAfterTheHeaderTimeout() async throws {
    let limits = BudgetServer.Limits(headerTimeout: .seconds(1), idleTimeout: .seconds(30))
    try await TestServer.with(limits: limits) { server in
      // given a client that starts a request and never finishes its headers
      let socket = try HTTPTestClient.connect(port: server.client.port, timeoutSeconds: 5)
      defer { close(socket) }
      try HTTPTestClient.write(socket, "GET /api/v1/ledger HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
      // then the server closes it after the header timeout, well before the idle timeout
      let started = ContinuousClock.now
      #expect(try await Self.closedByServer(socket, within: 10))
      #expect(ContinuousClock.now - started < .seconds(20), "closed by the header timeout, not the idle one (30 s)")
      // and a connection that sends nothing at all is closed the same way
      let silent = try HTTPTestClient.connect(port: server.client.port, timeoutSeconds: 5)
      defer { close(silent) }
      #expect(try await Self.closedByServer(silent, within: 10))
    }
  }

  @Test func idleKeptAliveConnectionsAreClosed() async throws {
    let limits = BudgetServer.Limits(headerTimeout: .seconds(30), idleTimeout: .seconds(1))
    try await TestServer.with(limits: limits) { server in
      let socket = try HTTPTestClient.connect(
        port: server.client.port, timeoutSeconds: HTTPTestClient.responseTimeoutSeconds)
      defer { close(socket) }
      let request = HTTPTestClient.requestText(
        "GET", "/api/v1/ledger", body: nil,
        headers: ["Connection": "keep-alive", "Authorization": "Bearer \(TestServer.token)"])
      try HTTPTestClient.write(socket, request)
      #expect(try HTTPTestClient.read(socket)?.isEmpty == false)  // the answer
      #expect(try await Self.closedByServer(socket, within: 10))
    }
  }

  /// Opens a connection that sends `GET path` (keep-alive, with `headers`) and reads nothing.
  static func sendAndHold(_ path: String, headers: [String: String], port: Int) throws -> Int32 {
    // A busy machine (the whole suite on two cores) can take many seconds to answer.
    let socket = try HTTPTestClient.connect(port: port, timeoutSeconds: HTTPTestClient.responseTimeoutSeconds)
    try HTTPTestClient.write(
      socket,
      HTTPTestClient.requestText("GET", path, body: nil, headers: headers.merging(["Connection": "keep-alive"]) { $1 }))
    return socket
  }

  /// Reads one whole response from a kept-alive connection and returns its status.
  static func status(of socket: Int32) async throws -> Int {
    try await HTTPTestClient.onThread {
      var data = Data()
      while !HTTPWire.isComplete(data), let chunk = try HTTPTestClient.read(socket) { data.append(chunk) }
      return try HTTPWire.parse(data).status
    }
  }

  @Test func connectionsBeyondTheCapAreClosedWhenEveryOneIsBusy() async throws {
    try await TestServer.with(limits: .init(maxConnections: 2), heartbeat: .milliseconds(200)) { server in
      // The seeding requests' connections close asynchronously: let them go first.
      try await Task.sleep(for: .seconds(1))
      // given two connections each reading an event stream (logged in, and busy)
      var streams: [Int32] = []
      defer { for socket in streams { close(socket) } }
      for _ in 0..<2 {
        let socket = try Self.sendAndHold(
          "/api/v1/events/stream",
          headers: ["Authorization": "Bearer \(TestServer.token)", "Accept": "text/event-stream"],
          port: server.client.port)
        streams.append(socket)
        let connected = try await HTTPTestClient.onThread {
          var text = ""
          while !text.contains(": connected"), let chunk = try HTTPTestClient.read(socket) {
            text += String(decoding: chunk, as: UTF8.self)
          }
          return text.contains(": connected")
        }
        try #require(connected)
      }
      // when a third arrives, then it is closed at once
      let third = try HTTPTestClient.connect(port: server.client.port, timeoutSeconds: 5)
      defer { close(third) }
      #expect(try await Self.closedByServer(third, within: 5))
      // once they go (and the server noticed), the server answers again
      for socket in streams { close(socket) }
      streams = []
      var again = try? await server.get("/api/v1/ledger")
      for _ in 0..<40 where again?.status != 200 {
        try await Task.sleep(for: .milliseconds(250))
        again = try? await server.get("/api/v1/ledger")
      }
      #expect(again?.status == 200)
    }
  }

  @Test(
    "given as many idle connections without a token as the server takes, when the owner connects, then the owner is answered"
  )
  func idleConnectionsWithoutATokenDoNotLockOutTheOwner() async throws {
    try await TestServer.with { server in
      try await Task.sleep(for: .seconds(1))
      // Given 128 kept-alive connections that asked without a token (401) and then sit idle
      var idle: [Int32] = []
      defer { for socket in idle { close(socket) } }
      for _ in 0..<BudgetServer.Limits().maxConnections {
        guard let socket = try? Self.sendAndHold("/api/v1/ledger", headers: [:], port: server.client.port) else {
          break
        }
        idle.append(socket)
        guard (try? await Self.status(of: socket)) == 401 else { break }
      }
      #expect(idle.count == BudgetServer.Limits().maxConnections)

      // When the owner asks, then it is answered, long before any idle timeout
      let owner = try await server.get("/api/v1/ledger")

      #expect(owner.status == 200)
    }
  }

  @Test(
    "given a read-only device holding every connection the server takes, kept alive and idle, when the owner connects, then the owner is answered; the owner's own connections are never closed to make room"
  )
  func aDeviceHoldingEveryConnectionDoesNotLockOutTheOwner() async throws {
    // An idle timeout far past the test's length: on a loaded machine filling the slots can
    // take minutes, and the owner's connection closed for its silence would say nothing here.
    try await TestServer.with(limits: .init(idleTimeout: .seconds(900))) { server in
      let token = try server.addDevice("viewer", readOnly: true)
      let owner = try Self.sendAndHold(
        "/api/v1/ledger", headers: ["Authorization": "Bearer \(TestServer.token)"], port: server.client.port)
      defer { close(owner) }
      #expect(try await Self.status(of: owner) == 200)
      // Given the device's connections filling every other slot, each answered and idle
      var held: [Int32] = []
      defer { for socket in held { close(socket) } }
      for _ in 1..<BudgetServer.Limits().maxConnections {
        guard
          let socket = try? Self.sendAndHold(
            "/api/v1/ledger", headers: ["Authorization": "Bearer \(token)"], port: server.client.port)
        else { break }
        held.append(socket)
        guard (try? await Self.status(of: socket)) == 200 else { break }
      }
      #expect(held.count == BudgetServer.Limits().maxConnections - 1)

      // When the owner opens new connections, then each is answered
      for _ in 0..<3 {
        #expect(try await server.get("/api/v1/ledger").status == 200)
      }
      // and the owner's kept-alive connection is still open
      #expect(try await Self.closedByServer(owner, within: 1) == false)
    }
  }

  @Test(
    "given every slot without a credential busy (bodies that never come) and a device's idle connections in the rest, when one more connection arrives, then it is refused and the device keeps its connections"
  )
  func aFloodWithoutATokenDoesNotPushDevicesOut() async throws {
    // 8 connections: 6 for those without a credential, 2 kept for the logged in.
    try await TestServer.with(limits: .init(maxConnections: 8)) { server in
      let port = server.client.port
      let token = try server.addDevice("phone")
      var sockets: [Int32] = []
      defer { sockets.forEach { close($0) } }
      // Given the device's two connections, answered and idle
      var device: [Int32] = []
      for _ in 0..<2 {
        let socket = try Self.sendAndHold("/api/v1/ledger", headers: ["Authorization": "Bearer \(token)"], port: port)
        sockets.append(socket)
        device.append(socket)
        #expect(try await Self.status(of: socket) == 200)
      }
      // and six requests without a token whose bodies never come: busy, not idle
      for _ in 0..<6 {
        let socket = try HTTPTestClient.connect(port: port, timeoutSeconds: HTTPTestClient.responseTimeoutSeconds)
        try HTTPTestClient.write(
          socket,
          "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n"
        )
        sockets.append(socket)
      }
      try await Task.sleep(for: .milliseconds(500))

      // When one more connection arrives without a token, then it is closed …
      let newcomer = try HTTPTestClient.connect(port: port, timeoutSeconds: 5)
      sockets.append(newcomer)
      #expect(try await Self.closedByServer(newcomer, within: 5))
      // … and the device's connections stay open
      for socket in device { #expect(try await Self.closedByServer(socket, within: 1) == false) }
    }
  }

  @Test(
    "given a connection that asked without a token, when it sits idle, then it is closed within seconds, while a logged-in one stays"
  )
  func idleConnectionsWithoutATokenAreClosedSoon() async throws {
    try await TestServer.with { server in
      // Given one connection answered 401 and one answered 200, both kept alive
      let anonymous = try Self.sendAndHold("/api/v1/ledger", headers: [:], port: server.client.port)
      defer { close(anonymous) }
      let owner = try Self.sendAndHold(
        "/api/v1/ledger", headers: ["Authorization": "Bearer \(TestServer.token)"], port: server.client.port)
      defer { close(owner) }
      #expect(try await Self.status(of: anonymous) == 401)
      #expect(try await Self.status(of: owner) == 200)

      // Then the one without a token is closed well before the idle timeout (60 s) …
      #expect(try await Self.closedByServer(anonymous, within: 40))
      // … and the owner's is still open
      #expect(try await Self.closedByServer(owner, within: 1) == false)
    }
  }

  @Test func eventStreamsBeyondTheCapAreRefused() async throws {
    // A heartbeat is how a stream notices its client went away, and gives its slot back.
    try await TestServer.with(limits: .init(maxEventStreams: 1), heartbeat: .milliseconds(200)) { server in
      let text = try await server.client.stream(
        "/api/v1/events/stream",
        afterConnect: {
          // while one stream is open, a second is refused
          let second = try await server.get("/api/v1/events/stream")
          #expect(second.status == 503)
          #expect(second.json["code"] as? String == "too_many_streams")
        }, until: { $0.contains(": connected") })
      #expect(text.contains("200 OK"))
      // once it is closed (and the server noticed), a new one opens
      var again = ""
      for _ in 0..<20 where !again.contains("200 OK") {
        try await Task.sleep(for: .milliseconds(250))
        again = try await server.client.stream("/api/v1/events/stream", afterConnect: {}) {
          $0.contains(": connected") || $0.contains("503")
        }
      }
      #expect(again.contains("200 OK"))
    }
  }
}
