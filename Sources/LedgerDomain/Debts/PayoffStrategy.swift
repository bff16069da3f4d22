/// In which order money beyond the minimums goes to the debts.
public enum PayoffStrategy: Sendable, Hashable {
  /// Smallest balance first (ties: the higher rate, then the name).
  case snowball
  /// Highest rate first (ties: the smaller balance, then the name).
  case avalanche
  /// The debts in the order given (by name); those not named follow, by name.
  case custom([String])
  /// Minimums only, nothing rolled over: what the debts cost without a plan.
  case minimumsOnly

  public var name: String {
    switch self {
    case .snowball: "snowball"
    case .avalanche: "avalanche"
    case .custom: "custom"
    case .minimumsOnly: "minimums"
    }
  }
}

extension PayoffStrategy {
  /// The strategy called `name` (`snowball`, `avalanche`, `custom` with `order`, `minimums`).
  public init(named name: String, order: [String]?) throws(DomainError) {
    switch name {
    case "snowball": self = .snowball
    case "avalanche": self = .avalanche
    case "minimums": self = .minimumsOnly
    case "custom":
      guard let order, !order.isEmpty else {
        throw .invalidField(field: "order", reason: "the custom strategy needs an order of debts, e.g. Visa,Car")
      }
      self = .custom(order)
    default:
      throw .invalidField(
        field: "strategy", reason: "'\(name)' is not one of snowball, avalanche, custom, minimums")
    }
  }
}
