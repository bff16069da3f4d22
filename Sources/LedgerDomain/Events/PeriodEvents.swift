/// An expense period was opened (seed 000): a named span for grouping transactions.
public struct PeriodOpened: EventPayload {
  public static let kind = EventKind.periodOpened
  public var event: LedgerEvent { .periodOpened(self) }
  public static let schemaVersion: UInt16 = 1
  public var period: PeriodID
  public var name: String
  public var start: CivilDate
  /// `nil` while the period is ongoing.
  public var end: CivilDate?
  public var stream: String { period.stream }

  public init(period: PeriodID, name: String, start: CivilDate, end: CivilDate?) {
    self.period = period
    self.name = name
    self.start = start
    self.end = end
  }
}

/// A period was closed: transactions dated inside it can no longer change. The seal is the
/// log's chain head when the period closed, so later tampering with its events is evident.
public struct PeriodClosed: EventPayload {
  public static let kind = EventKind.periodClosed
  public var event: LedgerEvent { .periodClosed(self) }
  public static let schemaVersion: UInt16 = 1
  public var period: PeriodID
  public var end: CivilDate
  /// Hex SHA-256 chain head at the moment of closing.
  public var seal: String
  public var stream: String { period.stream }

  public init(period: PeriodID, end: CivilDate, seal: String) {
    self.period = period
    self.end = end
    self.seal = seal
  }
}

/// A closed period was reopened, with the reason recorded.
public struct PeriodReopened: EventPayload {
  public static let kind = EventKind.periodReopened
  public var event: LedgerEvent { .periodReopened(self) }
  public static let schemaVersion: UInt16 = 1
  public var period: PeriodID
  public var reason: String
  public var stream: String { period.stream }

  public init(period: PeriodID, reason: String) {
    self.period = period
    self.reason = reason
  }
}
