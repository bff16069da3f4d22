extension LedgerEvent {
  /// Decodes a stored event, upcasting older schema versions to the current one.
  ///
  /// - Throws: ``CodecError/unknownEvent(type:schemaVersion:)`` for a type or version this
  ///   program does not know (written by a newer program), or a decoding error.
  public static func decode(
    type: String, schemaVersion: UInt16, payload: some Collection<UInt8>
  ) throws(CodecError) -> LedgerEvent {
    if type == TransactionAdded.typeName, schemaVersion == TransactionAdded.schemaVersion,
      let fast = payload.withContiguousStorageIfAvailable({ TransactionAdded(fastDecoding: UnsafeRawBufferPointer($0)) }
      ),
      let added = fast
    {
      return .transactionAdded(added)
    }
    return try decodeWithCodable(type: type, schemaVersion: schemaVersion, payload: payload)
  }

  /// The `Codable` path, which explains what is wrong with bytes the fast path declines.
  private static func decodeWithCodable(
    type: String, schemaVersion: UInt16, payload: some Collection<UInt8>
  ) throws(CodecError) -> LedgerEvent {
    guard let decoder = decoders[type] else { throw .unknownEvent(type: type, schemaVersion: schemaVersion) }
    return try decoder(schemaVersion, Array(payload))
  }

  /// ``decode(type:schemaVersion:payload:)`` from stored bytes in place — the type name as
  /// UTF-8 — so a replay makes no `String` for the type of its most common event.
  ///
  /// With `transactionText` false, a `TransactionAdded` of the current schema comes without
  /// its free text (``TransactionAdded/init(fastDecoding:text:)``), still checked: for a
  /// replay whose readers only add up amounts. Other events are decoded whole.
  public static func decode(
    typeBytes: UnsafeRawBufferPointer, schemaVersion: UInt16, payload: UnsafeRawBufferPointer,
    transactionText: Bool = true
  ) throws(CodecError) -> LedgerEvent {
    if schemaVersion == TransactionAdded.schemaVersion, PayloadReader.equal(typeBytes, "TransactionAdded"),
      let added = TransactionAdded(fastDecoding: payload, text: transactionText)
    {
      return .transactionAdded(added)
    }
    return try decodeWithCodable(
      type: String(decoding: typeBytes, as: UTF8.self), schemaVersion: schemaVersion, payload: payload)
  }

  /// Every type name this program reads, with the newest schema version it reads.
  public static var catalog: [(typeName: String, schemaVersion: UInt16)] {
    registered.map { ($0.typeName, $0.schemaVersion) }
  }

  private typealias Decode = @Sendable (UInt16, [UInt8]) throws(CodecError) -> LedgerEvent

  private static let registered: [any EventPayload.Type] = [
    LedgerCreated.self, AccountOpened.self, AccountRenamed.self, AccountClosed.self, AccountReopened.self,
    OpeningBalanceChanged.self, CategoryCreated.self,
    CategoryRenamed.self, CategoryMoved.self, CategoryRestyled.self, CategoryArchived.self, CategoryRestored.self,
    CategoryDeleted.self, PeriodOpened.self, PeriodClosed.self, PeriodReopened.self, BudgetSet.self,
    IncomePlanned.self, BudgetMoved.self, DueDateSet.self, DueDateCleared.self, RolloverSet.self,
    TransactionAdded.self, TransactionAmended.self, TransactionDeleted.self, TransactionRestored.self,
    TransferMade.self, TransferCancelled.self,
  ]

  private static let decoders: [String: Decode] = [
    LedgerCreated.typeName: current(LedgerCreated.self, LedgerEvent.ledgerCreated),
    AccountOpened.typeName: current(AccountOpened.self, LedgerEvent.accountOpened),
    AccountRenamed.typeName: current(AccountRenamed.self, LedgerEvent.accountRenamed),
    AccountClosed.typeName: current(AccountClosed.self, LedgerEvent.accountClosed),
    AccountReopened.typeName: current(AccountReopened.self, LedgerEvent.accountReopened),
    OpeningBalanceChanged.typeName: current(OpeningBalanceChanged.self, LedgerEvent.openingBalanceChanged),
    CategoryCreated.typeName: current(CategoryCreated.self, LedgerEvent.categoryCreated),
    CategoryRenamed.typeName: current(CategoryRenamed.self, LedgerEvent.categoryRenamed),
    CategoryMoved.typeName: current(CategoryMoved.self, LedgerEvent.categoryMoved),
    CategoryRestyled.typeName: current(CategoryRestyled.self, LedgerEvent.categoryRestyled),
    CategoryArchived.typeName: current(CategoryArchived.self, LedgerEvent.categoryArchived),
    CategoryRestored.typeName: current(CategoryRestored.self, LedgerEvent.categoryRestored),
    CategoryDeleted.typeName: current(CategoryDeleted.self, LedgerEvent.categoryDeleted),
    PeriodOpened.typeName: current(PeriodOpened.self, LedgerEvent.periodOpened),
    PeriodClosed.typeName: current(PeriodClosed.self, LedgerEvent.periodClosed),
    PeriodReopened.typeName: current(PeriodReopened.self, LedgerEvent.periodReopened),
    BudgetSet.typeName: current(BudgetSet.self, LedgerEvent.budgetSet),
    IncomePlanned.typeName: current(IncomePlanned.self, LedgerEvent.incomePlanned),
    BudgetMoved.typeName: current(BudgetMoved.self, LedgerEvent.budgetMoved),
    DueDateSet.typeName: current(DueDateSet.self, LedgerEvent.dueDateSet),
    DueDateCleared.typeName: current(DueDateCleared.self, LedgerEvent.dueDateCleared),
    RolloverSet.typeName: withTrailingOptional(RolloverSet.self, LedgerEvent.rolloverSet),
    TransactionAdded.typeName: { (version, bytes) throws(CodecError) in
      switch version {
      case 1: .transactionAdded(try BinaryDecoder().decode(TransactionAddedV1.self, from: bytes).upcast())
      case TransactionAdded.schemaVersion:
        .transactionAdded(try BinaryDecoder().decode(TransactionAdded.self, from: bytes))
      default: throw .unknownEvent(type: TransactionAdded.typeName, schemaVersion: version)
      }
    },
    TransactionAmended.typeName: withTrailingOptional(TransactionAmended.self, LedgerEvent.transactionAmended),
    TransactionDeleted.typeName: withTrailingOptional(TransactionDeleted.self, LedgerEvent.transactionDeleted),
    TransactionRestored.typeName: current(TransactionRestored.self, LedgerEvent.transactionRestored),
    TransferMade.typeName: current(TransferMade.self, LedgerEvent.transferMade),
    TransferCancelled.typeName: current(TransferCancelled.self, LedgerEvent.transferCancelled),
  ]

  /// A decoder for a type whose schema version 2 only added one optional field after all the
  /// others (`TransactionAmended.previous`, `TransactionDeleted.deleted`, `RolloverSet.from`). The binary codec
  /// writes an absent optional as a single 0 byte, so a version 1 payload is the version 2
  /// payload of the same event with that field absent, minus its last byte: it is read as
  /// such.
  private static func withTrailingOptional<P: EventPayload>(
    _ type: P.Type, _ wrap: @escaping @Sendable (P) -> LedgerEvent
  ) -> Decode {
    { (version, bytes) throws(CodecError) in
      switch version {
      case 1: return wrap(try BinaryDecoder().decode(P.self, from: bytes + [0]))
      case P.schemaVersion: return wrap(try BinaryDecoder().decode(P.self, from: bytes))
      default: throw .unknownEvent(type: P.typeName, schemaVersion: version)
      }
    }
  }

  /// A decoder for a type that has only ever had its current schema version.
  private static func current<P: EventPayload>(_ type: P.Type, _ wrap: @escaping @Sendable (P) -> LedgerEvent) -> Decode
  {
    { (version, bytes) throws(CodecError) in
      guard version == P.schemaVersion else { throw .unknownEvent(type: P.typeName, schemaVersion: version) }
      return wrap(try BinaryDecoder().decode(P.self, from: bytes))
    }
  }
}

extension LedgerEvent {
  /// The event with what its payload's schema version left to the envelope filled in from
  /// it: a version 1 `RolloverSet` applied from the month it was recorded in (UTC), which is
  /// what its `from` says in version 2. The rules' state, the read models and history then
  /// agree on the month.
  public func completed(recordedAt: Int64) -> LedgerEvent {
    guard case .rolloverSet(var setting) = self, setting.from == nil else { return self }
    setting.from = CivilDate.today(utcMilliseconds: recordedAt).yearMonth
    return .rolloverSet(setting)
  }
}
