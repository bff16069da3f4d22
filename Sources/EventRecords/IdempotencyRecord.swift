/// An idempotency key as recorded: the positions it answers and what its request asked for.
public struct IdempotencyRecord: Sendable, Hashable {
  public var key: String
  public var positions: ClosedRange<UInt64>
  public var fingerprint: ChainHash

  public init(key: String, positions: ClosedRange<UInt64>, fingerprint: ChainHash) {
    self.key = key
    self.positions = positions
    self.fingerprint = fingerprint
  }
}
