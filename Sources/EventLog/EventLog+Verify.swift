extension EventLog {
  /// Walks the whole log from position 1 and checks every link of the hash chain, that
  /// positions are dense, and that each record sits under its own position.
  ///
  /// - Parameter progress: called every `progressInterval` events with (done, total).
  public func verify(
    progressInterval: UInt64 = 100_000, progress: ((UInt64, UInt64) -> Void)? = nil
  ) throws -> ChainVerification {
    let total = try head().position
    var expectedPosition: UInt64 = 1
    var hash = ChainHash.genesis
    var failure: ChainFailure?
    try scan(from: 1) { view in
      let position = expectedPosition
      guard view.storedPosition == position else {
        failure = ChainFailure(position: position, kind: .gap(found: view.storedPosition))
        return .stop
      }
      guard view.position == position else {
        failure = ChainFailure(position: position, kind: .misplaced(recordPosition: view.position))
        return .stop
      }
      let computed = hash.next(record: view.canonicalBytes)
      let stored = view.hash
      guard computed == stored else {
        failure = ChainFailure(position: position, kind: .hashMismatch(expected: computed, stored: stored))
        return .stop
      }
      hash = computed
      expectedPosition += 1
      if let progress, position % progressInterval == 0 { progress(position, total) }
      return .continue
    }
    return ChainVerification(verifiedCount: expectedPosition - 1, head: hash, firstFailure: failure)
  }
}
