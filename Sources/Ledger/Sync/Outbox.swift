import EventRecords
import Foundation
import LedgerDomain

/// A device's durable list of changes its hub has not accepted yet, in `P.outbox`
/// (``SyncFiles``), rewritten whole under a file lock for every change (it holds a handful
/// of entries between syncs).
///
/// A command run on a device is first written here (``OutboxEntry/State/recording``), then
/// run on the working ledger under the entry's idempotency key, then marked
/// ``OutboxEntry/State/pending``. A crash between the steps is resolved on the next sync by
/// the key: recorded in the working ledger means it ran; not recorded means it did not, and
/// it is run then.
public struct Outbox: Sendable {
  public let files: SyncFiles

  public init(files: SyncFiles) { self.files = files }

  /// Every entry, oldest first.
  public func entries() throws(SyncError) -> [OutboxEntry] {
    try Self.read(files.outbox).entries
  }

  /// Adds an entry for `commands` and returns it.
  public func add(
    _ commands: [LedgerCommand], atomic: Bool, key: String?, actor: String?, now: Int64
  ) throws(SyncError) -> OutboxEntry {
    try edit { file in
      file.lastID += 1
      let entry = OutboxEntry(
        id: file.lastID, key: key ?? Ledger.newOutboxKey().rawValue, commands: commands, atomic: atomic, actor: actor,
        createdAt: now)
      file.entries.append(entry)
      return entry
    }
  }

  /// Changes the entry `id` with `body`; `false` when there is none.
  @discardableResult
  public func update(_ id: Int, _ body: (inout OutboxEntry) -> Void) throws(SyncError) -> Bool {
    try edit { file in
      guard let index = file.entries.firstIndex(where: { $0.id == id }) else { return false }
      body(&file.entries[index])
      return true
    }
  }

  /// Makes every pending entry a conflict with the hub's `code` and `reason` — what a hub that
  /// refuses all of a device's pushes (a read-only device) leaves the device to drop or
  /// retry — in one write; returns how many there were.
  @discardableResult
  public func refuseEveryPending(code: String, reason: String) throws(SyncError) -> Int {
    try edit { file in
      var count = 0
      for index in file.entries.indices where file.entries[index].state == .pending {
        file.entries[index].state = .conflict
        file.entries[index].code = code
        file.entries[index].reason = reason
        count += 1
      }
      return count
    }
  }

  /// Removes the entry `id` and returns it.
  @discardableResult
  public func remove(_ id: Int) throws(SyncError) -> OutboxEntry? {
    try edit { file in
      guard let index = file.entries.firstIndex(where: { $0.id == id }) else { return nil }
      return file.entries.remove(at: index)
    }
  }

  // MARK: Storage

  struct File: Codable {
    /// The outbox file's format.
    var format = 1
    /// The last id given, so ids are never reused.
    var lastID = 0
    var entries: [OutboxEntry] = []
  }

  private func edit<R>(_ body: (inout File) throws(SyncError) -> R) throws(SyncError) -> R {
    let lock: FileLock?
    do { lock = try FileLock(path: files.outbox + "-lock", mode: .exclusive) } catch {
      throw .damaged(error.description)
    }
    defer { _ = lock }
    var file = try Self.read(files.outbox)
    let result = try body(&file)
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      try SyncFiles.replace(files.outbox, with: try encoder.encode(file))
    } catch {
      throw .damaged("cannot write \(files.outbox): \(error)")
    }
    return result
  }

  static func read(_ path: String) throws(SyncError) -> File {
    guard let data = FileManager.default.contents(atPath: path) else { return File() }
    do {
      let file = try JSONDecoder().decode(File.self, from: data)
      guard file.format == 1 else {
        throw SyncError.damaged("\(path) has format \(file.format); this program reads format 1 — upgrade it")
      }
      return file
    } catch let error as SyncError {
      throw error
    } catch {
      throw .damaged(
        "\(path) cannot be read (\(error)); it holds changes not yet synced — keep a copy before removing it")
    }
  }
}
