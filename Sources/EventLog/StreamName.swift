/// The name of a stream, e.g. `transaction-6f1c…` or `budget-2024-03`.
///
/// Validated on creation: 1 to 200 UTF-8 bytes, no control characters.
public struct StreamName: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
  public let rawValue: String

  /// The longest name accepted, in UTF-8 bytes (LMDB keys are limited to 511).
  public static let maximumLength = 200

  public init(_ rawValue: String) throws(EventLogError) {
    let count = rawValue.utf8.count
    guard count > 0 else { throw .invalidInput(field: "stream name", reason: "it is empty") }
    guard count <= Self.maximumLength else {
      throw .invalidInput(
        field: "stream name", reason: "\(count) bytes exceed the limit of \(Self.maximumLength)")
    }
    let isControl = { (byte: UInt8) in byte < 0x20 || byte == 0x7F }
    let hasControl =
      rawValue.utf8.withContiguousStorageIfAvailable { $0.contains(where: isControl) }
      ?? rawValue.utf8.contains(where: isControl)
    guard !hasControl else {
      throw .invalidInput(field: "stream name", reason: "it contains control characters")
    }
    self.rawValue = rawValue
  }

  /// For literals in code; an invalid literal is a programming error.
  public init(stringLiteral value: String) {
    do { try self.init(value) } catch { preconditionFailure("invalid stream name literal: \(error)") }
  }

  public var description: String { rawValue }
}

extension IdempotencyKey {
  public init(_ rawValue: String) throws(EventLogError) {
    guard let key = IdempotencyKey(validating: rawValue) else {
      throw .invalidInput(
        field: "idempotency key", reason: "use 1 to \(Self.maximumLength) bytes (got \(rawValue.utf8.count))")
    }
    self = key
  }
}
