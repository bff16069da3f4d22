/// A caller-chosen key that makes an append safe to retry: the same key returns the original
/// positions and writes nothing.
///
/// `EventLog` adds the initialiser that throws the log's error for a bad key.
public struct IdempotencyKey: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
  public let rawValue: String

  /// The longest key accepted, in UTF-8 bytes.
  public static let maximumLength = 200

  /// `rawValue` as a key; `nil` unless it holds 1 to ``maximumLength`` bytes.
  public init?(validating rawValue: String) {
    let count = rawValue.utf8.count
    guard count > 0, count <= Self.maximumLength else { return nil }
    self.rawValue = rawValue
  }

  public init(stringLiteral value: String) {
    guard let key = IdempotencyKey(validating: value) else {
      preconditionFailure("invalid idempotency key literal: \(value.utf8.count) bytes")
    }
    self = key
  }

  public var description: String { rawValue }
}
