import Ledger
import LedgerDomain

extension Wire {
  /// A warning a write left — allowed, but probably not meant: a stable `code`
  /// (`account_below_zero`, `goal_past_target`), the line a person reads, and the id of the
  /// account or goal it is about.
  public struct Warning: Codable, Sendable, Equatable {
    public var code, message, subject: String
  }
}

extension Wire.Warning {
  /// `warning` with the id of what it is about.
  public init(_ warning: LedgerWarning) {
    code = warning.code.rawValue
    message = warning.message
    subject = warning.subject.description
  }
}
