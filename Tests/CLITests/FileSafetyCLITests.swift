import Foundation
import LedgerTesting
import Testing

/// The attacks on the ledger's files a security review tried, through the real binary: a
/// backup, export or restore aimed at the ledger (by its name, a symbolic or hard link, its
/// lock file, another ledger), a ledger file others can read, and a lock file planted as a
/// symbolic link. Each must leave the ledger as it was.
@Suite("budget CLI: files that cannot destroy the ledger")
struct FileSafetyCLITests {
  let directory = TemporaryDirectory()
  let ledger: String
  let budget: BinaryRunner

  init() throws {
    ledger = directory.file("home.ledger")
    budget = try BinaryRunner("budget", environment: ["BUDGET_LEDGER": ledger, "BUDGET_TODAY": "2024-03-31"])
  }

  @discardableResult
  func ok(_ arguments: [String]) throws -> String {
    let output = try budget.run(arguments)
    #expect(output.status == 0, "budget \(arguments.joined(separator: " ")) failed: \(output.stderr)")
    return output.stdout
  }

  /// A ledger with an account and a transaction; returns its event count.
  func givenALedger() throws -> Int {
    try ok(["init"])
    try ok(["account", "open", "Checking", "--date", "2024-01-01"])
    try ok(["tx", "add", "12.40", "--name", "Bakery", "--category", "Food", "--account", "Checking"])
    return try events()
  }

  /// The ledger's event count as `verify` reports it, expecting the chain and projections to
  /// check out.
  func events(ledger path: String? = nil) throws -> Int {
    let output = try budget.run(["verify", "--json"] + (path.map { ["--ledger", $0] } ?? []))
    #expect(output.status == 0, "verify failed: \(output.stderr)")
    let report = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
    #expect(report?["ok"] as? Bool == true)
    return try #require(report?["events"] as? Int)
  }

  func mode(_ path: String) throws -> Int {
    try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
  }

  func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

  /// Each command that writes a file, aimed at `destination` (with `extra` options).
  func writers(to destination: String, _ extra: [String] = []) throws -> [[String]] {
    let backup = directory.file("source.backup.json")
    if !FileManager.default.fileExists(atPath: backup) { try ok(["backup", backup]) }
    return [
      ["backup", destination] + extra,
      ["export", "csv", "-o", destination] + extra,
      ["export", "json", "--output", destination] + extra,
      ["restore", backup, "--ledger", destination] + extra,
    ]
  }

  /// Runs `command` and expects it refused: exit 1 and `message` on stderr.
  func expectRefused(_ command: [String], saying message: String) throws {
    let output = try budget.run(command)
    #expect(output.status == 1, "budget \(command.joined(separator: " ")) was not refused: \(output.stdout)")
    #expect(
      output.stderr.contains(message), "budget \(command.joined(separator: " ")) said: \(output.stderr)")
  }

  @Test(
    "given a ledger, when backup, export -o or restore is aimed at it, its lock file, or a link to either, then each is refused, even with --force, and the ledger is intact"
  )
  func refusesTheLedgerByAnyName() throws {
    let count = try givenALedger()
    let symbolic = directory.file("alias.ledger"), hard = directory.file("hard.ledger")
    let lockAlias = directory.file("lock-alias")
    try FileManager.default.createSymbolicLink(atPath: symbolic, withDestinationPath: ledger)
    try FileManager.default.linkItem(atPath: ledger, toPath: hard)
    try FileManager.default.createSymbolicLink(atPath: lockAlias, withDestinationPath: ledger + "-lock")
    let ledgerBefore = try bytes(ledger)

    for force in [[], ["--force"]] {
      for command in try writers(to: ledger, force) where command[0] != "restore" {
        try expectRefused(command, saying: "is the ledger itself")
      }
      for command in try writers(to: ledger + "-lock", force) {
        try expectRefused(command, saying: "is the lock file of the ledger")
      }
      for destination in [symbolic, hard] {
        for command in try writers(to: destination, force) where command[0] != "restore" {
          try expectRefused(command, saying: "is another name for the ledger")
        }
      }
      for command in try writers(to: lockAlias, force) {
        try expectRefused(command, saying: "lock file")
      }
    }

    #expect(try events() == count)
    #expect(try bytes(ledger) == ledgerBefore)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: symbolic) == ledger)
  }

  @Test(
    "given a ledger, when restore is aimed at it or a link to it, then it is refused as a ledger, even with --force")
  func restoreRefusesALedger() throws {
    let count = try givenALedger()
    let symbolic = directory.file("alias.ledger"), hard = directory.file("hard.ledger")
    try FileManager.default.createSymbolicLink(atPath: symbolic, withDestinationPath: ledger)
    try FileManager.default.linkItem(atPath: ledger, toPath: hard)

    for destination in [ledger, symbolic, hard] {
      for force in [[], ["--force"]] {
        let restore = try writers(to: destination, force).filter { $0[0] == "restore" }
        for command in restore { try expectRefused(command, saying: "already exists and is a ledger") }
      }
    }

    #expect(try events() == count)
  }

  @Test(
    "given another ledger beside this one, when any writer is aimed at it or its lock file, then it is refused, even with --force"
  )
  func refusesAnotherLedger() throws {
    let count = try givenALedger()
    let other = directory.file("other.ledger")
    try ok(["init", "--ledger", other])
    let otherCount = try events(ledger: other)

    for force in [[], ["--force"]] {
      for command in try writers(to: other, force) {
        try expectRefused(command, saying: "already exists and is a ledger (an LMDB data or lock file)")
      }
      for command in try writers(to: other + "-lock", force) {
        try expectRefused(command, saying: "is the lock file of the ledger")
      }
    }

    #expect(try events() == count)
    #expect(try events(ledger: other) == otherCount)
  }

  @Test(
    "given an existing plain file, when written without --force, then it is refused and unchanged; with --force, then it is replaced, mode 0600"
  )
  func plainFileNeedsForce() throws {
    let count = try givenALedger()
    let existing = directory.file("notes.txt")

    for command in try writers(to: existing) {
      try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: existing))
      try expectRefused(command, saying: "exists; pass --force to replace it, or choose another name")
      #expect(try bytes(existing) == Data("keep me\n".utf8))
    }
    for command in try writers(to: existing, ["--force"]) {
      try? FileManager.default.removeItem(atPath: existing + "-lock")
      try Data("old\n".utf8).write(to: URL(fileURLWithPath: existing))
      try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: existing)
      try ok(command)
      #expect(try bytes(existing) != Data("old\n".utf8), "\(command)")
      #expect(try mode(existing) == 0o600, "\(command)")
      if command[0] == "restore" { #expect(try events(ledger: existing) == count) }
    }

    #expect(try events() == count)
    // Written through a temporary file renamed into place: none is left beside it.
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") }
    #expect(left.isEmpty, "left behind: \(left)")
  }

  @Test(
    "given a named pipe, when a backup, an export or a restore is aimed at it even with --force, then each is refused and the pipe stays a pipe"
  )
  func refusesSpecialFiles() throws {
    let count = try givenALedger()
    let pipe = directory.file("pipe")
    #expect(mkfifo(pipe, 0o600) == 0)

    for command in try writers(to: pipe, ["--force"]) {
      try expectRefused(command, saying: "'\(pipe)' is a named pipe, not a file; budget writes only regular files")
    }
    var status = stat()
    #expect(lstat(pipe, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    #expect(try events() == count)
  }

  @Test(
    "given a token file that is a named pipe, when budget clone reads it, then it is refused at once, not waited on")
  func tokenFileThatIsAPipe() throws {
    let pipe = directory.file("device.token")
    #expect(mkfifo(pipe, 0o600) == 0)
    // Under `timeout`: reading a pipe no one writes to would wait for ever.
    let timeout = try BinaryRunner.installed("timeout")
    let output = try timeout.run([
      "20", budget.path, "clone", "http://127.0.0.1:9", "--ledger", directory.file("device.ledger"), "--token-file",
      pipe,
    ])
    #expect(output.status == 1, "exit \(output.status): \(output.stderr)")
    #expect(output.stderr.contains("it is not a regular file"), "\(output.stderr)")
  }

  @Test(
    "given a sessions file beside the ledger that is a named pipe, when budget serve starts, then it exits 1 saying so, not silently"
  )
  func sessionsFileThatIsAPipe() throws {
    _ = try givenALedger()
    let pipe = ledger + ".sessions"
    #expect(mkfifo(pipe, 0o600) == 0)
    let timeout = try BinaryRunner.installed("timeout")
    let output = try timeout.run(["20", budget.path, "serve", "--port", "0", "--ledger", ledger])
    #expect(output.status == 1, "exit \(output.status): \(output.stderr)")
    #expect(output.stderr.contains("sessions file \(pipe): it is not a regular file; remove it"), "\(output.stderr)")
  }

  @Test(
    "given --force and a symbolic link to a plain file, when written, then the link is replaced and its target is not")
  func forceReplacesTheLinkNotItsTarget() throws {
    _ = try givenALedger()
    let victim = directory.file("victim.txt"), link = directory.file("out.csv")
    try Data("precious\n".utf8).write(to: URL(fileURLWithPath: victim))
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)

    try ok(["export", "csv", "-o", link, "--force"])

    #expect(try bytes(victim) == Data("precious\n".utf8))
    #expect(try String(contentsOfFile: link, encoding: .utf8).hasPrefix("date,account,"))
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == nil)
  }

  @Test(
    "given a ledger others may read (0644), when opened, then it and its lock file are made 0600 and a note says so")
  func laxModeIsTightened() throws {
    let count = try givenALedger()
    for file in [ledger, ledger + "-lock"] {
      try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
    }

    let output = try budget.run(["tx", "list"])

    #expect(output.status == 0)
    #expect(output.stderr.contains("note: \(ledger) had mode 0644 (others could read or change it); made it 0600"))
    #expect(output.stderr.contains("note: \(ledger)-lock had mode 0644"))
    #expect(try mode(ledger) == 0o600 && mode(ledger + "-lock") == 0o600)
    #expect(try budget.run(["tx", "list"]).stderr.isEmpty)  // said once
    #expect(try events() == count)
  }

  @Test("given an empty 0644 file, when budget init uses it as the ledger, then the ledger is 0600")
  func initTightensAnExistingFile() throws {
    FileManager.default.createFile(atPath: ledger, contents: nil, attributes: [.posixPermissions: 0o644])

    let output = try budget.run(["init"])

    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stderr.contains("had mode 0644"))
    #expect(try mode(ledger) == 0o600)
  }

  @Test(
    "given a lock file planted as a symbolic link to a victim, when the ledger is opened, then opening is refused and the victim is unchanged"
  )
  func plantedLockLinkIsRefused() throws {
    let victim = directory.file("victim")
    let precious = Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    try precious.write(to: URL(fileURLWithPath: victim))
    try FileManager.default.createSymbolicLink(atPath: ledger + "-lock", withDestinationPath: victim)

    let first = try budget.run(["init"])

    #expect(first.status == 1)
    #expect(first.stderr.contains("\(ledger)-lock is a symbolic link"))
    #expect(first.stderr.contains("Remove it (rm '\(ledger)-lock')"))
    #expect(try bytes(victim) == precious)
    #expect(!FileManager.default.fileExists(atPath: ledger))

    // An existing ledger whose lock file is replaced by a link: refused the same way.
    try FileManager.default.removeItem(atPath: ledger + "-lock")
    let count = try givenALedger()
    try FileManager.default.removeItem(atPath: ledger + "-lock")
    try FileManager.default.createSymbolicLink(atPath: ledger + "-lock", withDestinationPath: victim)
    let again = try budget.run(["tx", "list"])
    #expect(again.status == 1 && again.stderr.contains("is a symbolic link"))
    #expect(try bytes(victim) == precious)
    try FileManager.default.removeItem(atPath: ledger + "-lock")
    #expect(try events() == count)
  }

  @Test(
    "given a restore's staging and guard names planted as symbolic links, when restoring, then their targets are unchanged"
  )
  func restoreStagingIgnoresLinks() throws {
    let count = try givenALedger()
    let backup = directory.file("b.json")
    try ok(["backup", backup])
    let target = directory.file("restored.ledger")
    let victims = (0..<2).map { directory.file("victim\($0)") }
    for victim in victims { try Data("precious\n".utf8).write(to: URL(fileURLWithPath: victim)) }
    try FileManager.default.createSymbolicLink(atPath: target + ".restoring", withDestinationPath: victims[0])
    try FileManager.default.createSymbolicLink(atPath: target + ".restoring-lock", withDestinationPath: victims[1])

    try ok(["restore", backup, "--ledger", target])

    for victim in victims { #expect(try bytes(victim) == Data("precious\n".utf8)) }
    #expect(try events(ledger: target) == count)

    let guardVictim = directory.file("victim-guard")
    try Data("precious\n".utf8).write(to: URL(fileURLWithPath: guardVictim))
    let second = directory.file("second.ledger")
    try FileManager.default.createSymbolicLink(atPath: second + ".restoring.guard", withDestinationPath: guardVictim)
    let refused = try budget.run(["restore", backup, "--ledger", second])
    #expect(refused.status == 1 && refused.stderr.contains(".restoring.guard"))
    #expect(try bytes(guardVictim) == Data("precious\n".utf8))
  }
}
