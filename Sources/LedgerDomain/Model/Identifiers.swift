/// A typed identifier: an ``EntityID`` that cannot be mixed up with another entity's.
public protocol EntityIdentifier: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  var raw: EntityID { get }
  init(raw: EntityID)
  /// The stream prefix of this entity, e.g. `"transaction"`.
  static var streamPrefix: String { get }
}

extension EntityIdentifier {
  /// A new random identifier.
  public static func random() -> Self { Self(raw: EntityID.random()) }

  /// The entity's stream, e.g. `transaction-6f1c…`.
  public var stream: String { raw.description(prefixedBy: Self.streamPrefix) }
  public var description: String { raw.description }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.raw < rhs.raw }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    self.init(raw: try EntityID(parsing: text))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(raw.description)
  }
}

/// Identifies an account (checking, savings, card, ...).
public struct AccountID: EntityIdentifier {
  public let raw: EntityID
  public init(raw: EntityID) { self.raw = raw }
  public static let streamPrefix = "account"
}

/// Identifies a category.
public struct CategoryID: EntityIdentifier {
  public let raw: EntityID
  public init(raw: EntityID) { self.raw = raw }
  public static let streamPrefix = "category"
}

/// Identifies an expense period.
public struct PeriodID: EntityIdentifier {
  public let raw: EntityID
  public init(raw: EntityID) { self.raw = raw }
  public static let streamPrefix = "period"
}

/// Identifies a transaction.
public struct TransactionID: EntityIdentifier {
  public let raw: EntityID
  public init(raw: EntityID) { self.raw = raw }
  public static let streamPrefix = "transaction"
}

/// Identifies a transfer between two accounts.
public struct TransferID: EntityIdentifier {
  public let raw: EntityID
  public init(raw: EntityID) { self.raw = raw }
  public static let streamPrefix = "transfer"
}

/// Identifies a schedule: a bill, a salary or a saving that recurs.
public struct ScheduleID: EntityIdentifier {
  public let raw: EntityID
  public init(raw: EntityID) { self.raw = raw }
  public static let streamPrefix = "schedule"
}

/// Identifies a debt (a loan or a card balance being paid off).
public struct DebtID: EntityIdentifier {
  public let raw: EntityID
  public init(raw: EntityID) { self.raw = raw }
  public static let streamPrefix = "debt"
}

/// Identifies a savings goal.
public struct GoalID: EntityIdentifier {
  public let raw: EntityID
  public init(raw: EntityID) { self.raw = raw }
  public static let streamPrefix = "goal"
}
