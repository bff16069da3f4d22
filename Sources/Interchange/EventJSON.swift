import Foundation
import LedgerDomain

/// Events as JSON, for backups: each payload in its Codable JSON form, tagged with its type.
enum EventJSON {
  static func encode(_ event: LedgerEvent, with encoder: JSONEncoder) throws -> Data {
    try encoder.encode(event.payload)
  }

  /// The event of `type` whose payload is `data`.
  static func decode(type: String, from data: Data) throws -> LedgerEvent {
    try decode(type: type, from: DataPayload(data: data, decoder: JSONDecoder()))
  }

  /// The event of `type` whose payload is the value of `key` in `container` — for a file of
  /// many events decoded in one pass.
  static func decode<Key: CodingKey>(
    type: String, from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> LedgerEvent {
    try decode(type: type, from: ContainerPayload(container: container, key: key))
  }

  /// Where a payload is decoded from.
  private protocol PayloadSource {
    func payload<P: EventPayload>(_ kind: P.Type) throws -> P
  }

  private struct DataPayload: PayloadSource {
    let data: Data
    let decoder: JSONDecoder
    func payload<P: EventPayload>(_ kind: P.Type) throws -> P { try decoder.decode(P.self, from: data) }
  }

  private struct ContainerPayload<Key: CodingKey>: PayloadSource {
    let container: KeyedDecodingContainer<Key>
    let key: Key
    func payload<P: EventPayload>(_ kind: P.Type) throws -> P { try container.decode(P.self, forKey: key) }
  }

  private static func decode(type: String, from source: some PayloadSource) throws -> LedgerEvent {
    func payload<P: EventPayload>(_ kind: P.Type) throws -> P { try source.payload(kind) }
    switch type {
    case LedgerCreated.typeName: return .ledgerCreated(try payload(LedgerCreated.self))
    case AccountOpened.typeName: return .accountOpened(try payload(AccountOpened.self))
    case AccountRenamed.typeName: return .accountRenamed(try payload(AccountRenamed.self))
    case OpeningBalanceChanged.typeName: return .openingBalanceChanged(try payload(OpeningBalanceChanged.self))
    case TransferCancelled.typeName: return .transferCancelled(try payload(TransferCancelled.self))
    case AccountClosed.typeName: return .accountClosed(try payload(AccountClosed.self))
    case AccountReopened.typeName: return .accountReopened(try payload(AccountReopened.self))
    case CategoryCreated.typeName: return .categoryCreated(try payload(CategoryCreated.self))
    case CategoryRenamed.typeName: return .categoryRenamed(try payload(CategoryRenamed.self))
    case CategoryMoved.typeName: return .categoryMoved(try payload(CategoryMoved.self))
    case CategoryRestyled.typeName: return .categoryRestyled(try payload(CategoryRestyled.self))
    case CategoryArchived.typeName: return .categoryArchived(try payload(CategoryArchived.self))
    case CategoryRestored.typeName: return .categoryRestored(try payload(CategoryRestored.self))
    case CategoryDeleted.typeName: return .categoryDeleted(try payload(CategoryDeleted.self))
    case PeriodOpened.typeName: return .periodOpened(try payload(PeriodOpened.self))
    case PeriodClosed.typeName: return .periodClosed(try payload(PeriodClosed.self))
    case PeriodReopened.typeName: return .periodReopened(try payload(PeriodReopened.self))
    case BudgetSet.typeName: return .budgetSet(try payload(BudgetSet.self))
    case IncomePlanned.typeName: return .incomePlanned(try payload(IncomePlanned.self))
    case BudgetMoved.typeName: return .budgetMoved(try payload(BudgetMoved.self))
    case DueDateSet.typeName: return .dueDateSet(try payload(DueDateSet.self))
    case DueDateCleared.typeName: return .dueDateCleared(try payload(DueDateCleared.self))
    case RolloverSet.typeName: return .rolloverSet(try payload(RolloverSet.self))
    case TransactionAdded.typeName: return .transactionAdded(try payload(TransactionAdded.self))
    case TransactionAmended.typeName: return .transactionAmended(try payload(TransactionAmended.self))
    case TransactionDeleted.typeName: return .transactionDeleted(try payload(TransactionDeleted.self))
    case TransactionRestored.typeName: return .transactionRestored(try payload(TransactionRestored.self))
    case TransferMade.typeName: return .transferMade(try payload(TransferMade.self))
    default: throw CodecError.unknownEvent(type: type, schemaVersion: 0)
    }
  }
}
