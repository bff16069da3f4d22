/// What a writer believes about a stream before appending to it (optimistic concurrency).
public enum ExpectedVersion: Sendable, Hashable, CustomStringConvertible {
  /// Append whatever the stream's state.
  case any
  /// The stream must not exist yet.
  case noStream
  /// The stream must exist, whatever its version.
  case streamExists
  /// The stream's current version must be exactly this (versions count from 1).
  case exact(UInt64)

  /// Whether a stream currently at `actual` (nil: absent) satisfies this expectation.
  @inlinable
  public func isSatisfied(by actual: UInt64?) -> Bool {
    switch self {
    case .any: true
    case .noStream: actual == nil
    case .streamExists: actual != nil
    case .exact(let version): actual == version
    }
  }

  public var description: String {
    switch self {
    case .any: "any version"
    case .noStream: "no stream"
    case .streamExists: "an existing stream"
    case .exact(let version): "version \(version)"
    }
  }
}
