import LedgerDomain
import ProjectionEngine

/// Keys of the running-balances tables.
enum BalanceKeys {
  static func id(_ id: EntityID) -> [UInt8] { KeyBuilder.words(id.high, id.low) }

  static func day(_ account: EntityID, _ date: CivilDate) -> [UInt8] {
    KeyBuilder.words(account.high, account.low, KeyBuilder.ordered(Int64(date.daysSinceEpoch)))
  }

  static func month(_ account: EntityID, _ month: YearMonth) -> [UInt8] {
    KeyBuilder.words(account.high, account.low, KeyBuilder.ordered(Int64(month.year * 12 + month.month - 1)))
  }

  static func year(_ account: EntityID, _ year: Int) -> [UInt8] {
    KeyBuilder.words(account.high, account.low, KeyBuilder.ordered(Int64(year)))
  }

  static func entry(_ account: EntityID, _ date: CivilDate, _ id: EntityID) -> [UInt8] {
    KeyBuilder.words(account.high, account.low, KeyBuilder.ordered(Int64(date.daysSinceEpoch)), id.high, id.low)
  }

  // The same keys built inline, as the projector folds them (no allocation per flow).

  static func dayKey(_ account: EntityID, _ date: CivilDate) -> InlineKey {
    InlineKey(account.high, account.low, KeyBuilder.ordered(Int64(date.daysSinceEpoch)))
  }

  static func monthKey(_ account: EntityID, _ month: YearMonth) -> InlineKey {
    InlineKey(account.high, account.low, KeyBuilder.ordered(Int64(month.year * 12 + month.month - 1)))
  }

  static func yearKey(_ account: EntityID, _ year: Int) -> InlineKey {
    InlineKey(account.high, account.low, KeyBuilder.ordered(Int64(year)))
  }

  static func entryKey(_ account: EntityID, _ date: CivilDate, _ id: EntityID) -> InlineKey {
    InlineKey(account.high, account.low, KeyBuilder.ordered(Int64(date.daysSinceEpoch)), id.high, id.low)
  }
}

/// One money movement on one account: a transaction, a transfer leg or an opening balance.
struct Flow {
  var id: EntityID
  var account: EntityID
  var date: CivilDate
  /// Signed: negative leaves the account.
  var units: Int64
  var kind: EntryKind

  init(id: EntityID, account: EntityID, date: CivilDate, units: Int64, kind: EntryKind) {
    self.id = id
    self.account = account
    self.date = date
    self.units = units
    self.kind = kind
  }

  init(transaction e: borrowing TransactionAdded) {
    self.init(
      id: e.transaction.raw, account: e.account.raw, date: e.date,
      units: e.type == .expense ? -e.amount.units : e.amount.units, kind: .transaction)
  }

  /// Calls `body` with the log entry's value — signed units (8 bytes, little-endian) and the
  /// kind — on the stack: a rebuild puts one per flow, and an array each would cost an
  /// allocation.
  func withEntryValue<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try withUnsafeTemporaryAllocation(byteCount: 9, alignment: 8) { value in
      value.storeBytes(of: units.littleEndian, as: Int64.self)
      value[8] = kind.rawValue
      return try body(UnsafeRawBufferPointer(value))
    }
  }
}

/// An account's currency, type, role and name: currency (3) ‖ type's length (1) ‖ type ‖
/// role (1: 0 budget, 1 tracking) ‖ name.
struct AccountRow {
  var currency: String
  var type: String
  var role: AccountRole
  var name: String

  var encoded: [UInt8] {
    Array(currency.utf8.prefix(3)) + [UInt8(type.utf8.count)] + Array(type.utf8) + [role == .tracking ? 1 : 0]
      + Array(name.utf8)
  }

  init(currency: String, type: String, role: AccountRole, name: String) {
    self.currency = currency
    self.type = type
    self.role = role
    self.name = name
  }

  init?(_ bytes: some Collection<UInt8>) {
    let bytes = Array(bytes)
    guard bytes.count >= 4 else { return nil }
    let typeEnd = 4 + Int(bytes[3])
    guard bytes.count > typeEnd else { return nil }
    currency = String(decoding: bytes[0..<3], as: UTF8.self)
    type = String(decoding: bytes[4..<typeEnd], as: UTF8.self)
    role = bytes[typeEnd] == 1 ? .tracking : .budget
    name = String(decoding: bytes[(typeEnd + 1)...], as: UTF8.self)
  }

  /// This row with `change` applied.
  func with(_ change: (inout AccountRow) -> Void) -> AccountRow {
    var row = self
    change(&row)
    return row
  }
}

extension Int64 {
  /// Reads a little-endian Int64 from the first 8 bytes.
  init(units bytes: some Collection<UInt8>) {
    // No `??` with the slow path: its autoclosure retained and released `bytes` on every call
    // (every aggregate update of a rebuild).
    if let fast = bytes.withContiguousStorageIfAvailable({ buffer -> Int64? in
      guard buffer.count >= 8 else { return nil }
      return Int64(littleEndian: UnsafeRawBufferPointer(buffer).loadUnaligned(as: Int64.self))
    }), let units = fast {
      self = units
      return
    }
    self = Int64(bitPattern: bytes.prefix(8).reversed().reduce(0) { $0 << 8 | UInt64($1) })
  }

  /// Writes `units` as 8 little-endian bytes into `bytes`, in place when it already has 8.
  static func store(_ units: Int64, asUnitsIn bytes: inout [UInt8]) {
    if bytes.count != 8 { bytes = [UInt8](repeating: 0, count: 8) }
    bytes.withUnsafeMutableBytes { $0.storeBytes(of: units.littleEndian, as: Int64.self) }
  }
}
