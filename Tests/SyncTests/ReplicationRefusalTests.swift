import EventLog
import Ledger
import LedgerDomain
import LedgerTesting
import Testing

/// A replica refuses, whole, events that do not continue its log — each fault reported at
/// its first position with its reason, and the replica's log, read models and state left
/// exactly as they were; what does continue it may arrive in any number of pages.
@Suite struct ReplicationRefusalTests {
  /// A hub with five transactions (one of them amended, so its stream is at version 2) and a
  /// replica that holds the hub's log up to the first transaction; `rest` is what follows.
  struct Pair {
    let hub: LedgerFixture
    let replica: LedgerFixture
    /// The replica's head position.
    let held: UInt64
    /// The hub's events after `held`: addTransaction 2, amend 1, addTransaction 3.
    let rest: FrameEditing

    init() async throws {
      hub = try await LedgerFixture()
      try await hub.ledger.execute(.addTransaction(expense(1, "10.00")))
      held = hub.ledger.position
      try await hub.ledger.execute(.addTransaction(expense(2, "20.00")))
      var amendment = TransactionAmended(transaction: txID(1))
      amendment.amount = eur("11.00")
      try await hub.ledger.execute(.amendTransaction(amendment, expectedVersion: nil))
      try await hub.ledger.execute(.addTransaction(expense(3, "30.00")))
      replica = try await LedgerFixture(created: false)
      try await replica.ledger.replicate(hub.ledger.frames(after: 0, limit: Int(held)).bytes)
      rest = FrameEditing(try hub.ledger.frames(after: held, limit: 100).bytes)
    }

    /// The replica's chain hash at its head, which `rest` follows.
    func heldHash() throws -> ChainHash { try #require(ChainHash(hex: try replica.ledger.chainHead().hash)) }
  }

  /// What a refusal must leave as it was: the log's bytes and head, the state, a read model.
  struct Snapshot: Equatable {
    var head: ChainHead
    var log: ReplicaFrames
    var state: LedgerState
    var balance: Money?
    var checkpoint: UInt64

    init(_ ledger: Ledger) throws {
      head = try ledger.chainHead()
      log = try ledger.frames(after: 0, limit: 10_000)
      state = ledger.state
      balance = try ledger.balance(of: Scenario.checking, on: LedgerFixture.today)
      checkpoint = try ledger.projectionCheckpoint().checkpoint
    }
  }

  /// Sends `frames` to the pair's replica and returns the refusal, checking nothing changed.
  func refusal(
    _ frames: [UInt8], on pair: Pair, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> ReplicationRefusal? {
    let before = try Snapshot(pair.replica.ledger)
    var caught: ReplicationRefusal?
    do {
      try await pair.replica.ledger.replicate(frames)
      Issue.record("the frames were accepted", sourceLocation: sourceLocation)
    } catch .replication(let refusal) {
      caught = refusal
    } catch {
      Issue.record("refused with \(error), not as a replication refusal", sourceLocation: sourceLocation)
    }
    #expect(
      try Snapshot(pair.replica.ledger) == before, "the refusal changed the replica", sourceLocation: sourceLocation)
    return caught
  }

  @Test func aSkippedPositionIsRefusedWhereItIsMissing() async throws {
    // Given a replica one event behind the hub's next three
    let pair = try await Pair()
    // When the hub sends the first and the third, skipping the second
    let frames = FrameEditing(events: [pair.rest.events[0], pair.rest.events[2]]).bytes
    // Then the second position is refused: the third was sent in its place; nothing applied
    let refused = try await refusal(frames, on: pair)
    #expect(refused == ReplicationRefusal(position: pair.held + 2, reason: .wrongPosition(found: pair.held + 3)))
  }

  @Test func aRepeatedPositionIsRefused() async throws {
    // Given a replica behind the hub
    let pair = try await Pair()
    // When the hub sends its next event twice
    let frames = FrameEditing(events: [pair.rest.events[0], pair.rest.events[0]]).bytes
    // Then the repeat is refused at the position after it, and the first is not kept either
    let refused = try await refusal(frames, on: pair)
    #expect(refused == ReplicationRefusal(position: pair.held + 2, reason: .wrongPosition(found: pair.held + 1)))
  }

  @Test func anAlteredPayloadByteBreaksTheChain() async throws {
    // Given a replica behind the hub
    let pair = try await Pair()
    // When one byte of the second event's payload is altered (its hash left as sent)
    var edited = pair.rest
    let payload = edited.payloadRange(1)
    edited.events[1][payload.lowerBound + payload.count / 2] ^= 0x01
    // Then it is refused at its position, as a link that does not follow
    let refused = try await refusal(edited.bytes, on: pair)
    #expect(refused?.position == pair.held + 2)
    guard case .hashMismatch(let computed, let sent)? = refused?.reason else {
      Issue.record("refused for \(String(describing: refused)), not a hash mismatch")
      return
    }
    #expect(sent == pair.rest.hash(1))
    #expect(computed != sent)
  }

  @Test func anAlteredHashIsRefused() async throws {
    // Given a replica behind the hub
    let pair = try await Pair()
    // When the first event's chain hash is altered
    var edited = pair.rest
    edited.events[0][edited.events[0].count - 1] ^= 0x80
    // Then it is refused at its position, with the hash computed here and the one sent
    let refused = try await refusal(edited.bytes, on: pair)
    #expect(
      refused
        == ReplicationRefusal(
          position: pair.held + 1, reason: .hashMismatch(computed: pair.rest.hash(0), sent: edited.hash(0))))
  }

  @Test func aWrongStreamVersionIsRefused() async throws {
    // Given a replica behind the hub, and the amendment (the third event, its stream's version 2)
    let pair = try await Pair()
    var edited = pair.rest
    #expect(edited.field(1, at: FrameEditing.streamVersionOffset) == 2)
    // When it says version 3 — its chain re-linked, so only the version is wrong
    edited.setField(1, at: FrameEditing.streamVersionOffset, to: 3)
    edited.rechain(from: try pair.heldHash())
    // Then it is refused at its position, naming the stream and the version expected
    let refused = try await refusal(edited.bytes, on: pair)
    #expect(refused?.position == pair.held + 2)
    guard case .wrongStreamVersion(let stream, let found, let expected)? = refused?.reason else {
      Issue.record("refused for \(String(describing: refused)), not a wrong stream version")
      return
    }
    #expect(stream == txID(1).stream)
    #expect(found == 3)
    #expect(expected == 2)
  }

  @Test func aRecordedAtGoingBackIsRefused() async throws {
    // Given a replica behind the hub
    let pair = try await Pair()
    var edited = pair.rest
    let previous = Int64(bitPattern: edited.field(0, at: FrameEditing.recordedAtOffset))
    // When the second event says it was recorded a second before the first — chain re-linked
    edited.setField(1, at: FrameEditing.recordedAtOffset, to: UInt64(bitPattern: previous - 1_000))
    edited.rechain(from: try pair.heldHash())
    // Then it is refused at its position, with both times
    let refused = try await refusal(edited.bytes, on: pair)
    #expect(
      refused
        == ReplicationRefusal(
          position: pair.held + 2, reason: .timeGoesBack(recordedAt: previous - 1_000, previous: previous)))
  }

  @Test func rechainedFramesWithoutAnEditAreAccepted() async throws {
    // Given a replica behind the hub, and the hub's next events re-linked by the test's helper
    let pair = try await Pair()
    var same = pair.rest
    same.rechain(from: try pair.heldHash())
    // When they are sent
    let positions = try await pair.replica.ledger.replicate(same.bytes)
    // Then they are accepted: the refusals above are for the edits, not for the helper
    #expect(positions == pair.held + 1...pair.held + 3)
    #expect(try pair.replica.ledger.chainHead() == pair.hub.ledger.chainHead())
  }

  @Test func aTruncatedFrameIsRefused() async throws {
    // Given a replica behind the hub
    let pair = try await Pair()
    let whole = pair.rest.bytes
    // When the answer ends ten bytes before the end of the last event
    let cutInEvent = try await refusal(Array(whole.dropLast(10)), on: pair)
    // Then the last event's position is refused as truncated
    #expect(cutInEvent?.position == pair.held + 3)
    guard case .truncated? = cutInEvent?.reason else {
      Issue.record("refused for \(String(describing: cutInEvent)), not as truncated")
      return
    }
    // And when it ends two bytes into the length of a fourth frame, that position is refused
    let cutInLength = try await refusal(whole + [0x10, 0x00], on: pair)
    #expect(cutInLength?.position == pair.held + 4)
    guard case .truncated? = cutInLength?.reason else {
      Issue.record("refused for \(String(describing: cutInLength)), not as truncated")
      return
    }
  }

  @Test func anotherHubsHistoryIsRefusedAtTheFirstEventItSends() async throws {
    // Given a replica of one hub, and another hub with the same commands but its own history
    let pair = try await Pair()
    let other = try await LedgerFixture()
    try await other.ledger.execute(.addTransaction(expense(1, "10.00")))
    try await other.ledger.execute(.addTransaction(expense(2, "20.00")))
    #expect(other.ledger.position == pair.held + 1)
    // When the other hub's next event is sent
    let frames = try other.ledger.frames(after: pair.held, limit: 100).bytes
    // Then it is refused at that position: its link follows the other hub's chain, not this one
    let refused = try await refusal(frames, on: pair)
    #expect(refused?.position == pair.held + 1)
    guard case .hashMismatch? = refused?.reason else {
      Issue.record("refused for \(String(describing: refused)), not a hash mismatch")
      return
    }
  }

  @Test func noFramesAreANoOp() async throws {
    // Given a replica behind the hub
    let pair = try await Pair()
    let before = try Snapshot(pair.replica.ledger)
    // When it is sent no events — an empty array, or the hub's empty answer at its own head
    let none = try await pair.replica.ledger.replicate([])
    let atHead = try pair.hub.ledger.frames(after: pair.hub.ledger.position, limit: 100)
    let emptyPage = try await pair.replica.ledger.replicate(atHead.bytes)
    // Then nothing is appended and nothing changes
    #expect(none == nil)
    #expect(emptyPage == nil)
    #expect(atHead.count == 0)
    #expect(atHead.lastPosition == pair.hub.ledger.position)
    #expect(try Snapshot(pair.replica.ledger) == before)
  }

  @Test(arguments: [(limit: 2, byteLimit: 8 << 20), (limit: 100, byteLimit: 1)])
  func aReplicaPulledInPagesEndsByteIdentical(limit: Int, byteLimit: Int) async throws {
    // Given a hub with some history, and an empty replica
    let pair = try await Pair()
    let hub = pair.hub.ledger
    let replica = try await LedgerFixture(created: false)
    // When the replica pulls it page by page, each at most `limit` events and about `byteLimit` bytes
    var pages: [Int] = []
    while true {
      let page = try hub.frames(after: replica.ledger.position, limit: limit, byteLimit: byteLimit)
      guard page.count > 0 else { break }
      #expect(page.count <= limit)
      try await replica.ledger.replicate(page.bytes)
      #expect(replica.ledger.position == page.lastPosition)
      pages.append(page.count)
    }
    // Then it took several pages (one event each past the byte limit), and it is the hub's twin
    #expect(pages.count >= Int(hub.position) / limit)
    if byteLimit == 1 { #expect(pages.allSatisfy { $0 == 1 }) }
    #expect(pages.reduce(0, +) == Int(hub.position))
    #expect(try replica.ledger.chainHead() == hub.chainHead())
    #expect(try replica.ledger.frames(after: 0, limit: 10_000) == hub.frames(after: 0, limit: 10_000))
    #expect(replica.ledger.state == hub.state)
    #expect(
      try replica.ledger.balance(of: Scenario.checking, on: LedgerFixture.today)
        == hub.balance(of: Scenario.checking, on: LedgerFixture.today))
  }
}
