/// Creates the ledger: its name, base currency and calendar. The first command of every
/// ledger; ``decide(_:state:context:)`` adds the default categories with it.
public struct CreateLedger: Sendable, Hashable, Codable {
  public var name: String
  public var baseCurrency: Currency
  /// ISO weekday the week starts on: 1 = Monday … 7 = Sunday.
  public var firstDayOfWeek: Int
  /// Month (1–12) the fiscal year starts in.
  public var fiscalYearStartMonth: Int

  public init(name: String, baseCurrency: Currency, firstDayOfWeek: Int = 1, fiscalYearStartMonth: Int = 1) {
    self.name = name
    self.baseCurrency = baseCurrency
    self.firstDayOfWeek = firstDayOfWeek
    self.fiscalYearStartMonth = fiscalYearStartMonth
  }
}
