import LedgerDomain

/// The compact binary form of a transaction's current state (a `TransactionAdded` with every
/// amendment folded in), the value of the `transactions` table.
///
/// Layout (format 1): format byte; id (16); account (16); day (zig-zag varint); amount units
/// (zig-zag varint); currency (3); type (1: 0 expense, 1 income); presence flags (1: category,
/// description, notes, period, import id); category (16)?; period (16)?; split count, then
/// per split category (16), units, currency (3), memo presence and text; name; description?;
/// notes?; import id?; tag count and tags. Text is a varint length and UTF-8.
enum TransactionRowCodec {
  static let format: UInt8 = 1

  private enum Flag {
    static let category: UInt8 = 1
    static let description: UInt8 = 2
    static let notes: UInt8 = 4
    static let period: UInt8 = 8
    static let importId: UInt8 = 16
  }

  /// Calls `body` with the row's bytes, encoded on the stack (a long row's on the heap): a
  /// rebuild stores a million rows without an array each.
  static func withEncoded<Result>(
    _ row: borrowing TransactionAdded, _ body: (UnsafeRawBufferPointer) throws -> Result
  ) rethrows -> Result {
    try withUnsafeTemporaryAllocation(byteCount: maximumSize(of: row), alignment: 8) { buffer in
      var out = ByteWriter(buffer)
      write(row, to: &out)
      return try body(out.written)
    }
  }

  /// A bound of the row's encoded size: every field at its longest.
  private static func maximumSize(of row: borrowing TransactionAdded) -> Int {
    let varint = ByteWriter.varintSize
    func text(_ text: String?) -> Int { text.map { varint + $0.utf8.count } ?? 0 }
    // Format, id, account, day, units, currency, type, flags, category, period, split count.
    var size = 1 + 16 + 16 + varint + varint + 3 + 1 + 1 + 16 + 16 + varint
    for split in row.splits { size += 16 + varint + 3 + 1 + text(split.memo) }
    size += text(row.name) + text(row.description) + text(row.notes) + text(row.importId) + varint
    for tag in row.tags { size += text(tag) }
    return size
  }

  private static func write(_ row: borrowing TransactionAdded, to out: inout ByteWriter) {
    out.byte(format)
    out.id(row.transaction.raw)
    out.id(row.account.raw)
    out.signed(Int64(row.date.daysSinceEpoch))
    out.signed(row.amount.units)
    out.code(row.amount.currency.code)
    out.byte(row.type == .income ? 1 : 0)
    var flags: UInt8 = 0
    if row.category != nil { flags |= Flag.category }
    if row.description != nil { flags |= Flag.description }
    if row.notes != nil { flags |= Flag.notes }
    if row.period != nil { flags |= Flag.period }
    if row.importId != nil { flags |= Flag.importId }
    out.byte(flags)
    if let category = row.category { out.id(category.raw) }
    if let period = row.period { out.id(period.raw) }
    out.varint(UInt64(row.splits.count))
    for split in row.splits {
      out.id(split.category.raw)
      out.signed(split.amount.units)
      out.code(split.amount.currency.code)
      out.byte(split.memo == nil ? 0 : 1)
      if let memo = split.memo { out.text(memo) }
    }
    out.text(row.name)
    if let description = row.description { out.text(description) }
    if let notes = row.notes { out.text(notes) }
    if let importId = row.importId { out.text(importId) }
    out.varint(UInt64(row.tags.count))
    for tag in row.tags { out.text(tag) }
  }

  /// The row in `bytes`, or `nil` if they are not a row of this format.
  static func decode(_ bytes: some Collection<UInt8>) -> TransactionAdded? {
    var input = ByteReader(Array(bytes))
    guard input.byte() == format,
      let id = input.id(), let account = input.id(), let day = input.signed(),
      let date = try? CivilDate(daysSinceEpoch: Int(day)), let units = input.signed(), let currency = input.currency(),
      let type = input.byte(), let flags = input.byte()
    else { return nil }
    var category: CategoryID?
    var period: PeriodID?
    if flags & Flag.category != 0 {
      guard let raw = input.id() else { return nil }
      category = CategoryID(raw: raw)
    }
    if flags & Flag.period != 0 {
      guard let raw = input.id() else { return nil }
      period = PeriodID(raw: raw)
    }
    guard let splitCount = input.count() else { return nil }
    var splits: [Split] = []
    for _ in 0..<splitCount {
      guard let raw = input.id(), let units = input.signed(), let currency = input.currency(), let hasMemo = input.byte() else {
        return nil
      }
      var memo: String?
      if hasMemo == 1 {
        guard let text = input.text() else { return nil }
        memo = text
      }
      splits.append(Split(category: CategoryID(raw: raw), amount: Money(units: units, currency: currency), memo: memo))
    }
    guard let name = input.text() else { return nil }
    var texts: [String?] = []
    for flag in [Flag.description, Flag.notes, Flag.importId] {
      if flags & flag != 0 {
        guard let text = input.text() else { return nil }
        texts.append(text)
      } else {
        texts.append(nil)
      }
    }
    guard let tagCount = input.count() else { return nil }
    var tags: [String] = []
    for _ in 0..<tagCount {
      guard let tag = input.text() else { return nil }
      tags.append(tag)
    }
    guard input.isAtEnd else { return nil }
    return TransactionAdded(
      transaction: TransactionID(raw: id), account: AccountID(raw: account), date: date,
      amount: Money(units: units, currency: currency), type: type == 1 ? .income : .expense, category: category,
      splits: splits, name: name, description: texts[0], notes: texts[1], period: period, importId: texts[2], tags: tags)
  }
}
