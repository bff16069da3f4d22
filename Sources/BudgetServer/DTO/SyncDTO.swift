import Ledger
import LedgerDomain

/// `POST /sync/commands`: one change a device made — the commands as it gave them, decided
/// again here by the hub's rules — under the idempotency key that makes a resubmission safe.
struct SyncSubmissionBody: Decodable {
  var key: String
  var commands: [LedgerCommand]
  /// Whether the commands stand or fall together; a change that is not atomic has one command.
  var atomic: Bool?
  /// The person who made the change on the device.
  var actor: String?
}

/// The answer to an accepted ``SyncSubmissionBody``: where its events landed in the hub's log.
struct SyncAcceptedDTO: Codable {
  var positions: [UInt64]
  /// Whether the key had been recorded before (a resubmission): nothing was recorded again.
  var duplicate: Bool
  var head: ChainHead
}

/// `POST /devices`: a new device of this hub.
struct DeviceBody: Decodable {
  var name: String
  var readOnly: Bool?
}
