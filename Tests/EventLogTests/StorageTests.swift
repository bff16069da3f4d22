import EventLog
import Foundation
import LMDB
import LedgerTesting
import Testing

@Suite("Storage: map growth, limits and file permissions")
struct StorageTests {
  @Test("given a tiny initial map, when far more than it holds is appended, then the map grows and nothing is lost")
  func mapGrowsByItself() async throws {
    let directory = TemporaryDirectory()
    let log = try EventLog(path: directory.file("grow.ledger"), options: .init(durability: .noSync, initialMapSize: 64 << 10))
    let payload = [UInt8](repeating: 0xAB, count: 1000)

    for batch in 0..<40 {
      let events = (0..<100).map { _ in ProposedEvent(type: "Filler", payload: payload) }
      _ = try await log.append(events, to: try StreamName("batch-\(batch)"))
    }

    #expect(try log.head().position == 4000)
    #expect(log.usedSize > 4_000_000)
    let verification = try log.verify()
    #expect(verification.isIntact && verification.verifiedCount == 4000)
  }

  @Test("given a size limit, when appends exceed it, then a clear error comes back, earlier events stay, reads work")
  func sizeLimitIsAClearError() async throws {
    let directory = TemporaryDirectory()
    let log = try EventLog(
      path: directory.file("capped.ledger"),
      options: .init(durability: .noSync, initialMapSize: 256 << 10, maxMapSize: 1 << 20))
    let payload = [UInt8](repeating: 1, count: 2000)
    var written = 0
    var failure: EventLogError?
    for _ in 0..<2000 {
      do {
        _ = try await log.append([ProposedEvent(type: "Filler", payload: payload)], to: "s")
        written += 1
      } catch {
        failure = error
        break
      }
    }

    let error = try #require(failure)
    guard case .storage(let lmdb) = error else { Issue.record("expected a storage error, got \(error)"); return }
    #expect(lmdb.isMapFull)
    #expect(error.description.contains("size limit"))
    #expect(written > 100)
    #expect(try log.head().position == UInt64(written))
    #expect(try log.verify().isIntact)
  }

  @Test("given a new ledger, when it is created, then the file and its lock file are readable by the owner only")
  func filesAreOwnerOnly() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("private.ledger")
    _ = try EventLog(path: path)

    for file in [path, path + "-lock"] {
      let attributes = try FileManager.default.attributesOfItem(atPath: file)
      let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
      #expect(mode == 0o600, "\(file) has mode \(String(mode, radix: 8))")
    }
  }
}
