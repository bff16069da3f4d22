import EventRecords
import Foundation
import Ledger

/// `budget clone`: makes a new device's ledger from a hub. The hub sends one consistent copy
/// of its whole ledger file (log, read models, rules' state), written once, as it arrives, as
/// the device's replica; its **every chain link is recomputed** (and every period seal and the
/// rules' stored state checked) before it is used; then the events the hub recorded since the
/// copy are pulled page by page, each checked as in any sync. The hub is remembered as
/// `origin`, last: a device is one with a remote. Its working ledger is made from the replica
/// by its first change (``Ledger/readsReplica``); until then every command reads the replica.
/// A clone stopped half-way leaves nothing a device would use: run it again.
public struct Cloner: Sendable {
  public let files: SyncFiles
  public let options: Ledger.Options

  public init(files: SyncFiles, options: Ledger.Options) {
    self.files = files
    self.options = options
  }

  /// Clones the hub at `url` with the device token `token`; `progress` hears each step as it
  /// begins (a big ledger takes seconds per step).
  public func clone(
    url: String, token: String, progress: @Sendable (String) -> Void = { _ in }
  ) async throws -> SyncReport {
    let manager = FileManager.default
    guard !manager.fileExists(atPath: files.ledger), !files.isDevice else {
      throw SyncError.invalid("\(files.ledger) exists; clone into a new path (--ledger NEW.ledger)")
    }
    let remote = Remote(name: "origin", url: url, token: token)
    try remote.validate()
    let client = HubClient(remote: remote)
    let replicaDownload = files.replica + ".download"
    for path in [replicaDownload, files.replica, files.replica + "-lock"] { unlink(path) }
    defer { unlink(replicaDownload) }
    progress("downloading the hub's ledger")
    let bytes = try await client.downloadSnapshot(into: replicaDownload)
    progress("checking every link of its " + (bytes >= 1_000_000 ? "\(bytes / 1_000_000) MB" : "\(bytes / 1_000) kB"))
    guard rename(replicaDownload, files.replica) == 0 else {
      throw SyncError.damaged("cannot move the hub's copy to \(files.replica) (errno \(errno))")
    }
    // The copy goes to disk while its links are checked from memory: on a big ledger both take
    // about as long. The device is one only once the hub is remembered, after both.
    let flush = FileFlush(files.replica)
    do {
      let replica = try await Ledger(path: files.replica, options: options)
      let report = try replica.verify(projections: false)
      guard report.isOK else {
        throw SyncError.damaged(
          "the hub's copy does not verify (\(report.problems.joined(separator: "; "))); nothing was kept")
      }
      try await flush.wait()
      progress("pulling what the hub recorded since")
      _ = try await Synchronizer.pull(into: replica, from: client, wait: 0)
      let list = RemoteList(files: files)
      try? list.remove(named: "origin")
      try list.add(remote)
      SyncFiles.syncDirectory(of: files.ledger)
      let head = try replica.chainHead()
      return SyncReport(
        pulled: Int(head.position), pushed: 0, conflicts: 0, pending: 0, head: head, offline: nil)
    } catch {
      try? await flush.wait()
      unlink(files.replica)
      unlink(files.replica + "-lock")
      unlink(files.remotes)
      throw error
    }
  }
}
