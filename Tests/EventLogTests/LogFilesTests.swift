import EventLog
import Foundation
import LedgerTesting
import Synchronization
import Testing

@Suite("Log files: the lock file and the files' modes, made safe before LMDB opens them")
struct LogFilesTests {
  let directory = TemporaryDirectory()

  func mode(_ path: String) throws -> Int {
    try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
  }

  @Test(
    "given the lock file planted as a symbolic link, when the log is opened, then it is refused and the target is unchanged"
  )
  func symbolicLinkLockIsRefused() throws {
    let path = directory.file("l.ledger"), victim = directory.file("victim")
    let precious = Data(repeating: 0x5A, count: 10_000)
    try precious.write(to: URL(fileURLWithPath: victim))
    try FileManager.default.createSymbolicLink(atPath: path + "-lock", withDestinationPath: victim)

    #expect {
      _ = try EventLog(path: path)
    } throws: { error in
      guard case .unsafeFile(let file, let reason) = error as? EventLogError else { return false }
      return file == path + "-lock" && reason.hasPrefix("is a symbolic link")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == precious)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test(
    "given the lock file is a hard link to another file, when the log is opened, then it is refused and the file is unchanged"
  )
  func hardLinkLockIsRefused() throws {
    let path = directory.file("l.ledger"), victim = directory.file("victim")
    try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
    try FileManager.default.linkItem(atPath: victim, toPath: path + "-lock")

    #expect(throws: EventLogError.self) { _ = try EventLog(path: path) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == Data("precious".utf8))
  }

  @Test("given a log whose files others may read, when it is opened, then both are made 0600 and the notice says so")
  func laxModesAreTightened() throws {
    let path = directory.file("lax.ledger")
    _ = try EventLog(path: path, options: .init(durability: .noSync))
    for file in [path, path + "-lock"] {
      try FileManager.default.setAttributes([.posixPermissions: 0o664], ofItemAtPath: file)
    }
    let notes = Mutex<[String]>([])

    _ = try EventLog(
      path: path, options: .init(durability: .noSync, notice: { note in notes.withLock { $0.append(note) } }))

    #expect(try mode(path) == 0o600 && mode(path + "-lock") == 0o600)
    #expect(
      notes.withLock { $0 } == [
        "note: \(path) had mode 0664 (others could read or change it); made it 0600",
        "note: \(path)-lock had mode 0664 (others could read or change it); made it 0600",
      ])
  }
}
