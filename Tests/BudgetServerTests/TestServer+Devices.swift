import Foundation
import Ledger
import LedgerDomain
import LedgerTesting

/// The hub's side of a device, for the tests that drive the server with a device's token.
extension TestServer {
  /// The running server's device registry, as `budget device add|revoke` edits it.
  var deviceRegistry: DeviceRegistry { DeviceRegistry(files: SyncFiles(ledger: ledger.path)) }

  /// Adds a device to the running server's ledger, as `budget device add` would; its token.
  func addDevice(_ name: String, readOnly: Bool = false) throws -> String {
    try deviceRegistry.add(name: name, readOnly: readOnly, now: DeviceRegistry.now()).token
  }

  /// The `Authorization` header of a device's token.
  static func bearer(_ token: String) -> [String: String] { ["Authorization": "Bearer \(token)"] }

  /// A `POST /sync/commands` body.
  static func submission(key: String, _ commands: [LedgerCommand], actor: String? = nil) throws -> String {
    var body: [String: Any] = [
      "key": key, "commands": try JSONSerialization.jsonObject(with: JSONEncoder().encode(commands)),
    ]
    if let actor { body["actor"] = actor }
    return String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
  }

  /// An expense of `amount` from the seeded checking account, dated in the server's month.
  func expense(_ id: UInt64, _ amount: String, on date: String = "2024-03-15") throws -> LedgerCommand {
    guard let checking = ledger.state.accounts.first(where: { $0.value.name == "Checking" })?.key else {
      throw ClientError("the server has no Checking account: seed it first")
    }
    return .addTransaction(
      TransactionAdded(
        transaction: txID(id), account: checking, date: day(date), amount: eur(amount), type: .expense,
        category: Scenario.food, name: "Lunch"))
  }
}
