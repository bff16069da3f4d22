import EventLog
import LedgerDomain

/// What ``Ledger/amendTransfer(_:_:as:metadata:idempotencyKey:)`` changes: each field given
/// replaces the transfer's, the others stay.
public struct TransferChanges: Sendable, Hashable {
  public var from: AccountID?
  public var to: AccountID?
  public var amount: Money?
  public var date: CivilDate?
  /// A new note; `.some(nil)` drops the note.
  public var note: String??

  public init(
    from: AccountID? = nil, to: AccountID? = nil, amount: Money? = nil, date: CivilDate? = nil, note: String?? = nil
  ) {
    self.from = from
    self.to = to
    self.amount = amount
    self.date = date
    self.note = note
  }
}

extension Ledger {
  /// Amends transfer `id`: it is made again with `changes` applied and cancelled, as one
  /// change — all or nothing, one `undo` step, one entry on a device's way to the hub. The
  /// amended transfer has the id `newID`: a cancelled transfer's id stays used, so that the
  /// log never gives one id two meanings. The rules check the new transfer as they check any
  /// (open accounts, one currency, not in a closed period, not in the future).
  ///
  /// - Returns: the outcomes of the new transfer (first, so a write's id is the new one) and
  ///   of the cancellation.
  /// - Throws: `transfer … not found` for an unknown or cancelled one; `nothing to change`
  ///   when every change given is what the transfer already has.
  @discardableResult
  public func amendTransfer(
    _ id: TransferID, _ changes: TransferChanges, as newID: TransferID, metadata: EventMetadata = .init(),
    idempotencyKey: IdempotencyKey? = nil
  ) async throws(LedgerError) -> [CommandOutcome] {
    try await execute(
      atomically: try transferAmendment(id, changes, as: newID), metadata: metadata, idempotencyKey: idempotencyKey)
  }

  /// The commands that amend transfer `id` (``amendTransfer(_:_:as:metadata:idempotencyKey:)``),
  /// for a front end that runs them with a request's own idempotency and fingerprint.
  public func transferAmendment(
    _ id: TransferID, _ changes: TransferChanges, as newID: TransferID
  ) throws(LedgerError) -> [LedgerCommand] {
    guard let current = state.transferRecords[id] else {
      throw .rejected(.notFound(kind: "transfer", reference: id.description, suggestion: nil))
    }
    var amended = current
    if let from = changes.from { amended.from = from }
    if let to = changes.to { amended.to = to }
    if let amount = changes.amount { amended.amount = amount }
    if let date = changes.date { amended.date = date }
    if let note = changes.note { amended.note = note }
    guard amended != current else { throw .rejected(.nothingToChange) }
    amended.transfer = newID
    // The old transfer's history says which one took its place (its id as tables show it).
    return [
      .makeTransfer(
        MakeTransfer(
          transfer: amended.transfer, from: amended.from, to: amended.to, amount: amended.amount, date: amended.date,
          note: amended.note)),
      .cancelTransfer(id, reason: "amended: now transfer \(newID.description.suffix(8))"),
    ]
  }
}
