import EventLog
import Ledger
import LedgerDomain

/// A real ledger file in a temporary directory, created in EUR, with "today" fixed.
public struct LedgerFixture: Sendable {
  public let directory: TemporaryDirectory
  public let path: String
  public let ledger: Ledger
  public static let today = day("2024-03-31")

  public init(created: Bool = true) async throws {
    directory = TemporaryDirectory()
    path = directory.file("home.ledger")
    ledger = try await Ledger(path: path, options: Self.options)
    if created {
      try await ledger.execute(.createLedger(LedgerCreated(name: "Home", baseCurrency: .eur)))
      try await ledger.execute(
        .openAccount(
          OpenAccount(account: Scenario.checking, name: "Checking", type: .checking, date: day("2024-01-01"))))
    }
  }

  /// Options with today fixed at 2024-03-31, no fsync, and the rules' state stored at every
  /// commit (what a test that looks at the stored state after a command expects; the schedule
  /// of a busy writer has tests of its own).
  public static var options: Ledger.Options {
    Ledger.Options(log: EventLog.Options(durability: .noSync), today: { today }, stateStoreInterval: .zero)
  }
}
