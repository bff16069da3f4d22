import EventRecords
import Foundation
import Ledger

/// `budget clone`: makes a new device's ledger from a hub. The hub sends one consistent copy
/// of its whole ledger file (log, read models, rules' state), written as it arrives to both the
/// replica and the working ledger; the replica's **every chain link is recomputed** (and every
/// period seal and the rules' stored state checked) before either is used; then the events the
/// hub recorded since the copy are pulled page by page, each checked as in any sync. The hub
/// is remembered as `origin`. A clone stopped half-way leaves nothing a device would use: run
/// it again.
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
    guard !manager.fileExists(atPath: files.ledger) else {
      throw SyncError.invalid("\(files.ledger) exists; clone into a new path (--ledger NEW.ledger)")
    }
    let remote = Remote(name: "origin", url: url, token: token)
    let client = HubClient(remote: remote)
    let replicaDownload = files.replica + ".download"
    let workingDownload = files.ledger + ".download"
    for path in [replicaDownload, workingDownload, files.replica, files.replica + "-lock"] { unlink(path) }
    defer {
      unlink(replicaDownload)
      unlink(workingDownload)
    }
    progress("downloading the hub's ledger")
    let bytes = try await client.downloadSnapshot(into: [replicaDownload, workingDownload])
    progress("checking every link of its \(bytes / 1_000_000) MB")
    guard rename(replicaDownload, files.replica) == 0 else {
      throw SyncError.damaged("cannot move the hub's copy to \(files.replica) (errno \(errno))")
    }
    var pulled = 0
    do {
      let replica = try await Ledger(path: files.replica, options: options)
      let report = try replica.verify(projections: false)
      guard report.isOK else {
        throw SyncError.damaged(
          "the hub's copy does not verify (\(report.problems.joined(separator: "; "))); nothing was kept")
      }
      let copied = try replica.chainHead()
      progress("pulling what the hub recorded since")
      pulled = try await Synchronizer.pull(into: replica, from: client, wait: 0)
      if pulled > 0 { try await follow(replica, into: workingDownload, after: copied.position) }
      unlink(workingDownload + "-lock")
      let list = RemoteList(files: files)
      try? list.remove(named: "origin")
      try list.add(remote)
      guard rename(workingDownload, files.ledger) == 0 else {
        throw SyncError.damaged("cannot move the clone into place at \(files.ledger) (errno \(errno))")
      }
      SyncFiles.syncDirectory(of: files.ledger)
      let head = try replica.chainHead()
      return SyncReport(
        pulled: Int(head.position), pushed: 0, conflicts: 0, pending: 0, head: head, offline: nil)
    } catch {
      unlink(workingDownload + "-lock")
      unlink(files.replica)
      unlink(files.replica + "-lock")
      unlink(files.remotes)
      throw error
    }
  }

  /// Appends to the working ledger's copy at `path` what the replica pulled after `position`;
  /// the copy is closed again before it is moved into place.
  private func follow(_ replica: Ledger, into path: String, after position: UInt64) async throws {
    let working = try await Ledger(path: path, options: options)
    try await Synchronizer.copyEvents(from: replica, into: working, after: position)
  }
}
