import Dispatch
import Foundation
import Interchange
import LedgerDomain

/// The mapping stage of an import (see `ImportCommand.CSV`): CSV records — read from the file a
/// chunk at a time — into rows, with the
/// rows an earlier version's import recorded picked out. A class, handed from task to task
/// as the pipeline moves on — one stage uses it at a time — so that its memory of the rows
/// so far (the idempotency keys' occurrence counts, a million entries) is never copied: a
/// copy per batch made a million-row import quadratic.
final class RowMapper: @unchecked Sendable {
  // Unchecked: the import's pipeline awaits each use before the next one starts.
  private let chunks: CSVChunks
  private var session: CSVImporter.Session
  private let imported: ImportedRows
  private let before: LedgerState
  private let anyUndone: Bool

  /// One batch of rows, the lines among them an earlier version's import recorded, and those
  /// whose key is recorded.
  struct Mapped: Sendable {
    var rows: [ImportRow] = []
    var importedBefore: Set<Int> = []
    var recorded: Set<Int> = []
  }
  /// Per date prefix of the keys, whether any key starts with it.
  private var knownDates: [Substring: Bool] = [:]

  init(chunks: CSVChunks, session: CSVImporter.Session, imported: ImportedRows, before: LedgerState, anyUndone: Bool) {
    self.chunks = chunks
    self.session = session
    self.imported = imported
    self.before = before
    self.anyUndone = anyUndone
  }

  /// Makes room for `rows` rows' identities at once.
  func reserveCapacity(rows: Int) { session.reserveCapacity(rows: rows) }

  /// Reads and maps chunk `index` of the file; chunks are mapped in order.
  func map(chunk index: Int) throws -> Mapped {
    let records = chunks.records(ofChunk: index)
    guard !records.isEmpty else { return Mapped() }
    let rows = try userFacing {
      try imported.redirectingUndone(session.rows(records), state: before, anyUndone: anyUndone)
    }
    return Mapped(
      rows: rows, importedBefore: try userFacing { try imported.lines(of: rows, currentKeys: false) },
      recorded: try userFacing { try imported.recordedLines(of: rows, known: &knownDates) })
  }
}

extension RowMapper {
  /// Maps the file's chunks in order on a thread of its own, up to `ahead` chunks ahead of
  /// the one taken last: a chunk that takes long to map (the machine is busy) is absorbed by
  /// those mapped early, instead of holding up the stages after it.
  final class Ahead: @unchecked Sendable {
    // Unchecked: `mapped` and `failure` are guarded by `lock`; the mapper is used by the
    // mapping thread alone once started.
    private let lock = NSCondition()
    private var mapped: [Int: Result<Mapped, any Error>] = [:]
    private var taken = -1
    private var stopped = false
    private let ahead: Int

    init(_ mapper: RowMapper, chunks: Int, ahead: Int) {
      self.ahead = ahead
      let thread = Thread { [self] in
        for index in 0..<chunks {
          lock.lock()
          while !stopped, index > taken + ahead { lock.wait() }
          let stop = stopped
          lock.unlock()
          if stop { return }
          let result = Result { try mapper.map(chunk: index) }
          lock.lock()
          mapped[index] = result
          lock.broadcast()
          lock.unlock()
          if case .failure = result { return }
        }
      }
      thread.name = "budget-import-mapping"
      thread.start()
    }

    /// Chunk `index`, once mapped — waiting for it on a thread of Dispatch's own, not the
    /// caller's (a task must not block the threads other tasks run on).
    func take(_ index: Int) async throws -> Mapped {
      try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { [self] in
          lock.lock()
          while mapped[index] == nil { lock.wait() }
          let result = mapped.removeValue(forKey: index)!
          taken = index
          lock.broadcast()
          lock.unlock()
          continuation.resume(with: result)
        }
      }
    }

    /// Stops mapping (the import ended early).
    func stop() {
      lock.lock()
      stopped = true
      lock.broadcast()
      lock.unlock()
    }
  }
}
