/// Why a sync operation did not happen; each says what to do. Nothing was changed.
public enum SyncError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A name, URL or option is not acceptable.
  case invalid(String)
  /// The thing named does not exist.
  case notFound(String)
  /// The ledger is not in the role the operation needs (not a device, not a hub).
  case wrongRole(String)
  /// Another process holds what the operation needs.
  case busy(String)
  /// A sync file is damaged.
  case damaged(String)
  /// The hub's rules refused a change sent to it at once (its HTTP status, code and message).
  case refusedByHub(status: Int, code: String, reason: String)
  /// A device that read its replica has just made its working ledger for a change: nothing
  /// was recorded; the change is to be run again on the working ledger.
  case madeWorkingLedger(String)

  public var description: String {
    switch self {
    case .invalid(let text), .notFound(let text), .wrongRole(let text), .busy(let text), .damaged(let text),
      .madeWorkingLedger(let text):
      text
    case .refusedByHub(_, _, let reason): reason
    }
  }
}
