import EventLog
import LMDB
import LedgerDomain
import ProjectionEngine

/// Where a log ends, as a replica and its hub compare it: the last position and its chain hash.
public struct ChainHead: Sendable, Hashable, Codable {
  public var position: UInt64
  /// The chain hash at `position`, 64 hexadecimal digits (all zeros for an empty log).
  public var hash: String

  public init(position: UInt64, hash: String) {
    self.position = position
    self.hash = hash
  }
}

extension Ledger {
  /// The log's last position and chain hash.
  public func chainHead() throws(LedgerError) -> ChainHead {
    do {
      let head = try log.head()
      return ChainHead(position: head.position, hash: head.hash.hex)
    } catch {
      throw LedgerError(error)
    }
  }

  /// The chain hash at `position` (hex; the genesis link for 0), or an empty string past the head.
  /// Read from the stored event in place, nothing else of it decoded: every pull asks.
  public func hash(at position: UInt64) throws(LedgerError) -> String {
    guard position > 0 else { return ChainHash.genesis.hex }
    let log = self.log
    do {
      return try log.environment.read { try log.hash(at: position, in: $0) }?.hex ?? ""
    } catch {
      throw LedgerError(error)
    }
  }

  /// The stored events after `position`, for a replica that holds the log up to it (see
  /// ``ReplicaFrames``): at most `limit` events and about `byteLimit` bytes.
  public func frames(after position: UInt64, limit: Int, byteLimit: Int = 8 << 20) throws(LedgerError) -> ReplicaFrames
  {
    do {
      return try log.frames(after: position, limit: limit, byteLimit: byteLimit)
    } catch {
      throw LedgerError(error)
    }
  }

  /// Appends the events a hub sent after this ledger's head, byte for byte, once every chain
  /// link, position and stream version is checked (all or nothing), and folds them into the
  /// rules' state and — with ``ProjectionUpdate/inline`` — the read models, in the same
  /// transaction.
  ///
  /// - Returns: the positions appended, or `nil` when `frames` held none.
  /// - Throws: ``LedgerError/replication(_:)`` when the events do not continue this log — a
  ///   hub whose history was rewritten, an event altered or dropped; nothing is applied.
  @discardableResult
  public func replicate(
    _ frames: [UInt8], projecting: ProjectionUpdate = .inline
  ) async throws(LedgerError) -> ClosedRange<UInt64>? {
    guard !frames.isEmpty else { return nil }
    let writerState = self.writerState
    let committedState = self.committedState
    let keeper = self.keeper
    let projections = self.projections
    do {
      return try await log.transact(weight: max(1, frames.count / 200)) { session in
        try Self.withWriterState(writerState, at: session, keeper: keeper) { folded in
          var appended: [(event: LedgerEvent, point: LogPoint)] = []
          let outcome = try frames.withUnsafeBytes { bytes in
            try session.appendReplicated(bytes) { view in
              // Decoded before anything is folded: an unreadable event leaves the state as it was.
              appended.append(
                (try StoredEvent.decode(view), LogPoint(position: view.position, recordedAt: view.recordedAt)))
            }
          }
          switch outcome {
          case .failure(let refusal): throw LedgerError.replication(refusal)
          case .success(nil): return nil
          case .success(let positions?):
            for item in appended { folded.fold(item.event) }
            folded.position = positions.upperBound
            folded.hash = session.head.hash
            switch projecting {
            case .inline: try projections.apply(appended, in: session)
            case .deferred: try projections.recordWithoutFolding(appended, in: session)
            }
            return positions
          }
        }.result
      } afterCommit: { _ in
        Self.publish(writerState, to: committedState, keeper: keeper)
      }
    } catch {
      throw LedgerError(error)
    }
  }
}

extension Ledger {
  /// Writes a consistent copy of the whole ledger file (log, read models, rules' state) to a
  /// new file at `path` (0600), compacted.
  public func writeCopy(to path: String) throws(LedgerError) {
    do { try log.environment.copy(to: path) } catch { throw .log(.storage(error)) }
  }

  /// Writes the same compacted copy, front to back, to an open pipe or socket (a new device's
  /// clone streams it without a file on the hub); blocks until the last byte is written, or
  /// fails when the reader goes away.
  public func writeCopy(toDescriptor descriptor: Int32) throws(LedgerError) {
    do { try log.environment.copy(toDescriptor: descriptor) } catch { throw .log(.storage(error)) }
  }
}

extension Ledger {
  /// The last position and chain hash of the ledger file at `path`, read from its log alone —
  /// without the read models or the rules' state a full open brings up to date: what a sync
  /// with nothing to do needs (a device compares its replica's head with the hub's).
  public static func chainHead(ofLedgerAt path: String) throws(LedgerError) -> ChainHead {
    do {
      let log = try EventLog(path: path, options: EventLog.Options(keepsFileHeadroom: false))
      let head = try log.head()
      return ChainHead(position: head.position, hash: head.hash.hex)
    } catch {
      throw LedgerError(error)
    }
  }
}

extension Ledger {
  /// On a device, the head of its replica — the hub's log as of the last pull — and `nil` on
  /// a hub. Read from the replica this process holds open when it holds one (a device's
  /// server: LMDB allows one open of a file per process), else from the file.
  public func replicaHead() throws(LedgerError) -> ChainHead? {
    guard isDevice else { return nil }
    if readsReplica { return try chainHead() }
    if let head = forwarder?.replicaHead() { return head }
    return try Ledger.chainHead(ofLedgerAt: SyncFiles(ledger: path).replica)
  }
}
