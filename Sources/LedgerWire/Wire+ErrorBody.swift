extension Wire {
  /// The one shape of an API error: a stable, machine-readable `code` (`not_found`,
  /// `rule_violation`, …), a sentence a person can act on, and extra facts such as
  /// `{"field": "amount"}`.
  public struct ErrorBody: Codable, Sendable, Equatable {
    public var code: String
    public var message: String
    public var details: [String: String]

    /// An error body with its code, sentence and facts.
    public init(code: String, message: String, details: [String: String]) {
      self.code = code
      self.message = message
      self.details = details
    }
  }
}
