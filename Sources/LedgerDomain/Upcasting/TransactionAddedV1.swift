/// `TransactionAdded` as first written (schema version 1), before tags existed.
///
/// Kept only to read old events: ``upcast()`` turns it into the current version. See
/// `docs/events.md`, "Changing an event", for how to add the next version.
public struct TransactionAddedV1: Sendable, Hashable, Codable {
  public var transaction: TransactionID
  public var account: AccountID
  public var date: CivilDate
  public var amount: Money
  public var type: TransactionType
  public var category: CategoryID?
  public var splits: [Split]
  public var name: String
  public var description: String?
  public var notes: String?
  public var period: PeriodID?
  public var importId: String?

  public init(
    transaction: TransactionID, account: AccountID, date: CivilDate, amount: Money, type: TransactionType,
    category: CategoryID?, splits: [Split], name: String, description: String?, notes: String?, period: PeriodID?,
    importId: String?
  ) {
    self.transaction = transaction
    self.account = account
    self.date = date
    self.amount = amount
    self.type = type
    self.category = category
    self.splits = splits
    self.name = name
    self.description = description
    self.notes = notes
    self.period = period
    self.importId = importId
  }

  /// The same transaction in the current schema: no tags.
  public func upcast() -> TransactionAdded {
    TransactionAdded(
      transaction: transaction, account: account, date: date, amount: amount, type: type, category: category,
      splits: splits, name: name, description: description, notes: notes, period: period, importId: importId,
      tags: [])
  }
}
