import LedgerDomain

/// Given / when / then for the rules: a state built from events, a fixed "today", and the
/// command under test.
///
/// ```swift
/// var scenario = Scenario.standard()
/// let events = try scenario.when(.addTransaction(...))
/// ```
public struct Scenario: Sendable {
  public var state = LedgerState()
  public var today: CivilDate
  public var chainHead = "c0ffee"

  public init(today: CivilDate = day("2024-03-31")) { self.today = today }

  /// A ledger in EUR with the default categories and one checking account, `Scenario.checking`.
  public static func standard(today: CivilDate = day("2024-03-31")) -> Scenario {
    var scenario = Scenario(today: today)
    // Both steps are valid in an empty ledger; a refusal would be a bug in this helper.
    try! scenario.run(.createLedger(LedgerCreated(name: "Home", baseCurrency: .eur)))
    try! scenario.run(
      .openAccount(OpenAccount(account: checking, name: "Checking", type: .checking, date: day("2024-01-01"))))
    return scenario
  }

  /// Given: these events happened.
  public mutating func given(_ events: LedgerEvent...) { state.apply(events) }

  /// When: `command` is decided against the current state. Returns its events or throws.
  public func when(_ command: LedgerCommand) throws(DomainError) -> [LedgerEvent] {
    try decide(command, state: state, context: DecisionContext(today: today, chainHead: chainHead))
  }

  /// Decides `command` and applies its events, for setting up a test. A rejection is a bug
  /// in the test: it is thrown, so the test fails there instead of going on from a state
  /// other than the one it describes.
  public mutating func run(_ command: LedgerCommand) throws(DomainError) {
    state.apply(try when(command))
  }

  // MARK: Well-known ids

  public static let checking = AccountID(raw: EntityID(high: 0xACC0, low: 1))
  public static let savings = AccountID(raw: EntityID(high: 0xACC0, low: 2))
  public static var food: CategoryID { DefaultCategories.id(1) }
  public static var restaurants: CategoryID { DefaultCategories.id(2) }
  public static var bills: CategoryID { DefaultCategories.id(8) }
  public static var income: CategoryID { DefaultCategories.income }
}

/// A date from ISO text, for tests.
public func day(_ text: String) -> CivilDate {
  do { return try CivilDate(parsing: text) } catch { preconditionFailure("bad test date \(text): \(error)") }
}

/// A month from `YYYY-MM`, for tests.
public func month(_ text: String) -> YearMonth {
  do { return try YearMonth(parsing: text) } catch { preconditionFailure("bad test month \(text): \(error)") }
}

/// An amount in EUR from text like `"42.50"`, for tests.
public func eur(_ text: String) -> Money {
  do { return try Money(parsing: text, currency: .eur) } catch {
    preconditionFailure("bad test amount \(text): \(error)")
  }
}

/// A deterministic transaction id.
public func txID(_ n: UInt64) -> TransactionID { TransactionID(raw: EntityID(high: 0x7000, low: n)) }

/// An expense of `amount` EUR on `date` in `category` from the checking account.
public func expense(
  _ id: UInt64, _ amount: String, on date: String = "2024-03-10", category: CategoryID = Scenario.food,
  name: String = "Groceries"
) -> TransactionAdded {
  TransactionAdded(
    transaction: txID(id), account: Scenario.checking, date: day(date), amount: eur(amount), type: .expense,
    category: category, name: name)
}
