import EventLog
import LMDB
import LedgerDomain

/// What the front ends read of the log itself — its events, positions and upkeep — without
/// reaching past the ledger.
extension Ledger {
  /// The id of the file's last committed write transaction, by any process: it moves with
  /// every commit (a command, an import's batch, a projection rebuild), and reading it takes
  /// no read transaction — for caches of answers that hold while the ledger is unchanged.
  public var lastCommitID: UInt64 { UInt64(log.environment.lastTransactionID) }

  /// Frees the reader slots of processes that died inside a read transaction (their snapshot
  /// keeps the file from reusing pages) and returns how many. Opening a ledger does this; a
  /// process that stays open (the server) calls it now and then.
  @discardableResult
  package func clearStaleReaders() throws(LedgerError) -> Int {
    do { return try log.environment.clearStaleReaders() } catch { throw .log(.storage(error)) }
  }

  /// The log's head: the last position and the chain hash after it.
  public func head() throws(LedgerError) -> (position: UInt64, hash: ChainHash) {
    do {
      let head = try log.head()
      return (head.position, head.hash)
    } catch {
      throw .log(error)
    }
  }

  /// Up to `limit` events from `position` (inclusive) in `direction`; backward reads start at
  /// `position` or the last event before it (`.max`: the end).
  public func events(
    from position: UInt64, direction: ReadDirection = .forward, limit: Int
  ) throws(LedgerError) -> [RecordedEvent] {
    do { return try log.read(from: position, direction: direction, limit: limit) } catch { throw LedgerError(error) }
  }

  /// The last position recorded at or before `milliseconds` (UTC), or 0: the ledger "as
  /// known at" that moment.
  public func position(recordedAtOrBefore milliseconds: Int64) throws(LedgerError) -> UInt64 {
    do { return try log.position(recordedAtOrBefore: milliseconds) } catch { throw .log(error) }
  }

  /// The version of the stream called `stream` (its events' count), or `nil` if it has none.
  public func version(ofStream stream: String) throws(LedgerError) -> UInt64? {
    do { return try log.version(of: try StreamName(stream)) } catch { throw LedgerError(error) }
  }

  /// Folds the events after `position`, up to `target` (inclusive), into `state`.
  public func replay(into state: inout LedgerState, after position: UInt64, through target: UInt64) throws(LedgerError)
  {
    do {
      try log.scan(from: position + 1) { view in
        guard view.position <= target else { return .stop }
        state.apply(try StoredEvent.decode(view))
        return .continue
      }
    } catch {
      throw LedgerError(error)
    }
  }

  /// Follows the log from just after `position`: the events recorded since, then each new
  /// one as it commits (checked every `pollInterval` when no commit of this process wakes it).
  public func subscribe(
    after position: UInt64, pollInterval: Duration = .seconds(1)
  ) -> some AsyncSequence<RecordedEvent, any Error> & Sendable {
    log.subscribe(after: position, pollInterval: pollInterval)
  }
}
