/// Events for one stream within an ``AppendBatch``, with the version the writer expects.
public struct StreamAppend: Sendable, Hashable {
  public var stream: StreamName
  public var expectedVersion: ExpectedVersion
  public var events: [ProposedEvent]

  public init(stream: StreamName, expectedVersion: ExpectedVersion = .any, events: [ProposedEvent]) {
    self.stream = stream
    self.expectedVersion = expectedVersion
    self.events = events
  }
}

/// Everything one caller appends atomically: events for one or more streams, each with its own
/// expected version, and an optional idempotency key that makes retries safe.
///
/// The batch is all-or-nothing: either every event is written, in order, at dense positions,
/// or none is.
public struct AppendBatch: Sendable, Hashable {
  public var streams: [StreamAppend]
  public var idempotencyKey: IdempotencyKey?
  /// What a retry under the key must match, when the caller knows better than the events do:
  /// a digest of the request the batch answers (an HTTP request's method, path and body —
  /// whose retry makes events with new ids). `nil`: the digest of the batch itself.
  public var requestFingerprint: ChainHash?

  public init(_ streams: [StreamAppend], idempotencyKey: IdempotencyKey? = nil, requestFingerprint: ChainHash? = nil) {
    self.streams = streams
    self.idempotencyKey = idempotencyKey
    self.requestFingerprint = requestFingerprint
  }

  /// The number of events in the batch.
  public var eventCount: Int { streams.reduce(0) { $0 + $1.events.count } }

  /// The most events one batch may carry.
  public static let maximumEventCount = 100_000

  /// Checks limits that do not depend on the log's state; returns the number of events.
  @discardableResult
  func validate() throws(EventLogError) -> Int {
    guard !streams.isEmpty else { throw .emptyBatch }
    var eventCount = 0
    for append in streams {
      guard !append.events.isEmpty else { throw .emptyBatch }
      eventCount += append.events.count
    }
    guard eventCount <= Self.maximumEventCount else {
      throw .invalidInput(
        field: "batch", reason: "\(eventCount) events exceed the limit of \(Self.maximumEventCount) per batch; split it"
      )
    }
    if streams.count > 1 {
      // A set only when there are several streams: single-stream batches skip the hashing.
      var seen = Set<StreamName>(minimumCapacity: streams.count)
      for append in streams where !seen.insert(append.stream).inserted {
        throw .invalidInput(
          field: "batch", reason: "stream '\(append.stream)' appears twice; put all its events in one StreamAppend")
      }
    }
    for append in streams {
      for index in append.events.indices { try append.events[index].validate() }
    }
    return eventCount
  }
}

extension ProposedEvent {
  func validate() throws(EventLogError) {
    var type = type
    let validType = type.withUTF8 { bytes in
      !bytes.isEmpty && bytes.count <= Self.maximumTypeLength && bytes.allSatisfy { $0.isTypeNameCharacter }
    }
    guard validType else {
      throw .invalidInput(
        field: "event type '\(type)'",
        reason: "use 1 to \(Self.maximumTypeLength) characters among A-Z a-z 0-9 . _ -")
    }
    guard payload.count <= Self.maximumPayloadSize else {
      throw .invalidInput(
        field: "payload of \(type)",
        reason: "\(payload.count) bytes exceed the limit of \(Self.maximumPayloadSize)")
    }
    try Self.check(metadata.actor, "actor")
    try Self.check(metadata.correlationId, "correlation id")
    try Self.check(metadata.causationId, "causation id")
  }

  private static func check(_ value: String?, _ name: String) throws(EventLogError) {
    if let value, value.utf8.count > EventMetadata.maximumFieldLength {
      throw .invalidInput(field: name, reason: "longer than \(EventMetadata.maximumFieldLength) bytes")
    }
  }
}

extension UInt8 {
  fileprivate var isTypeNameCharacter: Bool {
    switch self {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
      true
    default: false
    }
  }
}
