/// The log rows a command adds or changes.
extension LedgerCommand {
  /// The ids of the transactions and transfers this command records, amends, deletes or
  /// brings back: the rows a table marks *pending* while the command waits in a device's
  /// outbox for its hub.
  public var rowIDs: [EntityID] {
    switch self {
    case .addTransaction(let added): [added.transaction.raw]
    case .amendTransaction(let amended, _): [amended.transaction.raw]
    case .deleteTransaction(let id, _, _), .restoreTransaction(let id, _, _): [id.raw]
    case .makeTransfer(let made): Self.legs(of: made.transfer)
    case .cancelTransfer(let id, _): Self.legs(of: id)
    case .payOccurrence(let pay):
      switch pay.payment {
      // A transaction under that id, or (a transfer schedule's) a transfer's two legs.
      case .record(let id, _, _): Self.legs(of: TransferID(raw: id))
      case .link(let id): [id.raw]
      case .linkTransfer(let id): Self.legs(of: id)
      }
    default: []
    }
  }

  /// A transfer's two rows: the outgoing leg under its id, the incoming one under
  /// ``TransferID/incomingLegID``.
  private static func legs(of transfer: TransferID) -> [EntityID] { [transfer.raw, transfer.incomingLegID] }
}
