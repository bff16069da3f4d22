/// What adding a transaction did: the write, and the bills it paid.
public struct TransactionAddition: Sendable, Hashable {
  /// The command's outcome: the events recorded (none for a duplicate) and where.
  public var outcome: CommandOutcome
  /// The scheduled occurrences the new transaction was linked to as their payment, and those
  /// it may pay but that the user must settle (candidates that could not be told apart).
  public var bills: MatchReport
}
