import EventLog

/// What one scan or verify achieved.
struct ReadRun: Sendable {
  var events: Int
  var seconds: Double
  /// Scan: the sum of the decoded header fields, compared with the C baseline's.
  var checksum: UInt64 = 0
  /// Verify: whether the whole chain checked out.
  var intact = true

  var eventsPerSecond: Double { seconds > 0 ? Double(events) / seconds : 0 }
}

/// The Swift side of the read cases, run on a log built by ``AppendCases/buildLog(path:count:)``.
enum ReadCases {
  /// How often, in events, the heap probes sample `mallinfo2`.
  static let sampleInterval: UInt64 = 1024

  /// A full forward scan that decodes each envelope and touches its header fields.
  ///
  /// The fields are folded into a checksum (the C baseline folds the same fields the same
  /// way) so the optimizer cannot drop the decoding.
  static func scan(_ log: EventLog) throws -> ReadRun {
    var checksum: UInt64 = 0
    let clock = Stopwatch()
    let count = try log.scan(from: 1) { view in
      checksum &+= fold(view)
      return .continue
    }
    return ReadRun(events: count, seconds: clock.seconds, checksum: checksum)
  }

  /// Walks and checks the whole hash chain.
  static func verify(_ log: EventLog) throws -> ReadRun {
    let clock = Stopwatch()
    let result = try log.verify()
    return ReadRun(events: Int(result.verifiedCount), seconds: clock.seconds, intact: result.isIntact)
  }

  /// ``scan(_:)`` with a heap sample every ``sampleInterval`` events.
  static func scanHeap(_ log: EventLog) throws -> HeapMeasurement {
    var checksum: UInt64 = 0
    var probe = HeapProbe()
    let count = try log.scan(from: 1) { view in
      checksum &+= fold(view)
      if view.position % sampleInterval == 0 { probe.sample() }
      return .continue
    }
    blackHole(checksum)
    return probe.finish(events: count)
  }

  /// ``verify(_:)`` with a heap sample every ``sampleInterval`` events (through its progress
  /// callback).
  static func verifyHeap(_ log: EventLog) throws -> HeapMeasurement {
    var probe = HeapProbe()
    let result = try log.verify(progressInterval: sampleInterval) { _, _ in probe.sample() }
    return probe.finish(events: Int(result.verifiedCount))
  }

  /// The header fields a reader decodes: position, stream version, recorded-at, payload and
  /// type lengths.
  @inline(__always)
  static func fold(_ view: EventView) -> UInt64 {
    view.position &+ view.streamVersion &+ UInt64(bitPattern: view.recordedAt) &+ UInt64(view.payload.count)
      &+ UInt64(view.typeBytes.count)
  }
}

/// Keeps `value` alive as far as the optimizer can tell.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
