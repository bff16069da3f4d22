import BudgetServer
import EventLog
import Foundation
import Ledger
import LedgerDomain
import LedgerTesting
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A device that starts a download and stops reading can neither make the hub's file grow nor
/// hold its connection: a snapshot's copy holds an LMDB read transaction, and while one is open
/// no page freed after it is reused, so every write would add pages for as long as the device
/// waits — the copy is made into a temporary file first, at the disk's pace; and a response
/// nothing of which goes out within the send timeout is cut off.
@Suite struct StalledDownloadTests {
  /// Transactions imported before the download: enough (about 15 MB of file) that the snapshot
  /// is more than the kernel's socket and pipe buffers take in, so that the copy itself stalls.
  static let importedRows = 12_000
  /// Commits made while the device stalls; each rewrites B-tree pages and frees the old ones.
  /// With the snapshot held, these grow the file about sevenfold; without, by a tenth.
  static let writes = 600

  @Test(
    "given a hub and the same writes twice, when a read-only device starts a snapshot and stops reading during one run, then the file holds no more than 10 % above the other run's"
  )
  func aStalledSnapshotDoesNotGrowTheLedger() async throws {
    let quiet = try await Self.usedBytes(stalling: nil)
    let stalled = try await Self.usedBytes(stalling: "/api/v1/sync/snapshot")
    #expect(
      Double(stalled) <= Double(quiet) * 1.1,
      "the file uses \(stalled) bytes after the writes with a stalled snapshot, \(quiet) without")
  }

  @Test(
    "given a read-only device that starts a snapshot and stops reading, when the send timeout passes, then the server has cut the download off"
  )
  func aStalledDownloadIsCutOff() async throws {
    try await TestServer.with(limits: .init(sendTimeout: .seconds(1))) { server in
      try await Self.importRows(into: server)
      let token = try DeviceRegistry(files: SyncFiles(ledger: server.ledger.path))
        .add(name: "phone", readOnly: true, now: DeviceRegistry.now()).token
      let socket = try await Self.stall("/api/v1/sync/snapshot", token: token, port: server.client.port)
      defer { close(socket) }

      try await Task.sleep(for: .seconds(4))

      // Then what the kernel held is all there is: the answer ends, without its last chunk
      let (received, ended) = try await HTTPTestClient.onThread { () -> (Data, Bool) in
        var data = Data()
        while true {
          do {
            guard let chunk = try HTTPTestClient.read(socket) else { return (data, true) }
            data.append(chunk)
          } catch {
            return (data, errno == ECONNRESET)
          }
        }
      }
      #expect(ended, "the connection is still open after \(received.count) bytes")
      #expect(!received.suffix(5).elementsEqual(Data("0\r\n\r\n".utf8)), "the whole snapshot was sent")
    }
  }

  @Test(
    "given two devices downloading snapshots, when a third asks, then 503 with Retry-After, and once one has gone a snapshot is served again"
  )
  func snapshotsAreServedTwoAtATime() async throws {
    try await TestServer.with { server in
      try await Self.importRows(into: server)
      let registry = DeviceRegistry(files: SyncFiles(ledger: server.ledger.path))
      let token = try registry.add(name: "phone", readOnly: true, now: DeviceRegistry.now()).token
      // Given two downloads under way (stalled: each holds its copy)
      var stalled: [Int32] = []
      defer { for socket in stalled { close(socket) } }
      for _ in 0..<2 {
        stalled.append(try await Self.stall("/api/v1/sync/snapshot", token: token, port: server.client.port))
      }

      // When a third asks, then it is refused, saying when to try again
      let third = try await server.get("/api/v1/sync/snapshot", headers: ["Authorization": "Bearer \(token)"])

      #expect(third.status == 503, "\(third.status)")
      #expect(third.json["code"] as? String == "snapshot_busy")
      #expect(third.header("Retry-After") == "30")
      // And once the downloads are gone, a snapshot starts again
      for socket in stalled { close(socket) }
      stalled = []
      var again = try? await Self.stall("/api/v1/sync/snapshot", token: token, port: server.client.port)
      for _ in 0..<40 where again == nil {
        try await Task.sleep(for: .milliseconds(250))
        again = try? await Self.stall("/api/v1/sync/snapshot", token: token, port: server.client.port)
      }
      #expect(again != nil, "no snapshot was served once the others had gone")
      if let again { stalled.append(again) }
    }
  }

  /// Imports ``importedRows`` transactions.
  static func importRows(into server: TestServer) async throws {
    let imported = try await server.client.send(
      "POST", "/api/v1/import/csv?account=Checking", json: CSVStatement.expenses(importedRows),
      headers: ["Content-Type": "text/csv"])
    try #require(imported.status == 200, "\(imported.text)")
  }

  /// The bytes of the ledger's file in use after an import and ``writes`` commits, with a
  /// device stalled on a download of `path` meanwhile (none when `nil`).
  static func usedBytes(stalling path: String?) async throws -> Int {
    var used = 0
    try await TestServer.with { server in
      try await importRows(into: server)
      var stalled: Int32?
      defer { stalled.map { _ = close($0) } }
      if let path {
        // given a read-only device that reads the answer's head and then nothing more
        let token = try DeviceRegistry(files: SyncFiles(ledger: server.ledger.path))
          .add(name: "phone", readOnly: true, now: DeviceRegistry.now()).token
        stalled = try await stall(path, token: token, port: server.client.port)
      }
      // when the owner writes, one commit at a time
      let checking = try #require(server.ledger.state.accounts.first { $0.value.name == "Checking" }?.key)
      for index in 0..<writes {
        _ = try await server.ledger.execute(
          .addTransaction(
            TransactionAdded(
              transaction: txID(UInt64(index + 1)), account: checking, date: day("2024-03-15"),
              amount: eur("\(1 + index % 50).25"), type: .expense, category: Scenario.food, name: "Lunch \(index)")))
      }
      used = server.ledger.log.usedSize
    }
    return used
  }

  /// Sends `GET path` and reads until the answer's head has arrived, then stops reading.
  static func stall(_ path: String, token: String, port: Int) async throws -> Int32 {
    let socket = try HTTPTestClient.connect(port: port, timeoutSeconds: 30, receiveBufferBytes: 4096)
    do {
      try HTTPTestClient.write(
        socket, HTTPTestClient.requestText("GET", path, body: nil, headers: ["Authorization": "Bearer \(token)"]))
      try await HTTPTestClient.onThread {
        var received = Data()
        while received.range(of: Data("\r\n\r\n".utf8)) == nil {
          guard let chunk = try HTTPTestClient.read(socket) else { throw ClientError("closed before the head") }
          received.append(chunk)
        }
        guard received.starts(with: Data("HTTP/1.1 200".utf8)) else {
          throw ClientError("the download was refused: \(String(decoding: received.prefix(200), as: UTF8.self))")
        }
      }
    } catch {
      close(socket)
      throw error
    }
    return socket
  }
}
