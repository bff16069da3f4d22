import EventRecords
import Foundation
import Ledger

/// `budget clone`: makes a new device's ledger from a hub — its replica pulled whole (the
/// read models folded once at the end, as a restore does), then copied to the working ledger,
/// and the hub remembered as `origin`. A clone that stops half-way is resumed by running it
/// again: the replica keeps what it pulled.
public struct Cloner: Sendable {
  public let files: SyncFiles
  public let options: Ledger.Options

  public init(files: SyncFiles, options: Ledger.Options) {
    self.files = files
    self.options = options
  }

  /// Clones the hub at `url` with the device token `token`; `progress` hears the events pulled
  /// so far and the hub's head.
  public func clone(
    url: String, token: String, progress: (@Sendable (UInt64, UInt64) -> Void)? = nil
  ) async throws -> SyncReport {
    guard !FileManager.default.fileExists(atPath: files.ledger) else {
      throw SyncError.invalid("\(files.ledger) exists; clone into a new path (--ledger NEW.ledger)")
    }
    let remote = Remote(name: "origin", url: url, token: token)
    let client = HubClient(remote: remote)
    let replica = try await Ledger(path: files.replica, options: options)
    var pulled = 0
    while true {
      let head = try replica.chainHead()
      let page = try await client.events(after: head.position)
      guard page.hashAfter == head.hash else {
        throw HubError.diverged(
          "\(files.replica) is not a copy of this hub's history (hash at \(head.position) differs); remove it and clone again"
        )
      }
      guard page.count > 0 else { break }
      try await replica.replicate(page.frames, projecting: .deferred)
      pulled += page.count
      progress?(page.lastPosition, page.hubHead)
      if page.lastPosition >= page.hubHead { break }
    }
    try await replica.catchUpProjections()
    // The remote first: a clone stopped before the working ledger is in place is run again.
    let list = RemoteList(files: files)
    try? list.remove(named: "origin")
    try list.add(remote)
    let copy = files.ledger + ".clone"
    unlink(copy)
    try replica.writeCopy(to: copy)
    guard rename(copy, files.ledger) == 0 else {
      throw SyncError.damaged("cannot move the clone into place at \(files.ledger) (errno \(errno))")
    }
    SyncFiles.syncDirectory(of: files.ledger)
    return SyncReport(pulled: pulled, pushed: 0, conflicts: 0, pending: 0, head: try replica.chainHead(), offline: nil)
  }
}
