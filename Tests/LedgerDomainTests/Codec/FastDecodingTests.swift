import Foundation
import LedgerCodec
import LedgerDomain
import LedgerTesting
import Testing

@Suite("Fast decoding and encoding of stored transactions")
struct FastDecodingTests {
  /// Random transactions covering every field: splits with and without memos, every optional
  /// set and unset, tags, non-ASCII text, negative and huge amounts, every known currency.
  static func randomTransactions(count: Int, seed: UInt64) throws -> [TransactionAdded] {
    var random = SeededGenerator(seed: seed)
    func text() -> String {
      let pieces = ["Market", "Café ✓", "", "a", "Grocery Shopping at the corner store", "日本", "x\ny", "🙂"]
      return pieces[Int(random.next() % UInt64(pieces.count))]
    }
    func maybe<T>(_ make: () -> T) -> T? { random.next() % 2 == 0 ? make() : nil }
    func id() -> EntityID { EntityID.random(using: &random) }
    return try (0..<count).map { _ in
      let currency = Currency.known[Int(random.next() % UInt64(Currency.known.count))]
      let units = Int64(bitPattern: random.next()) >> Int(random.next() % 64)
      let splits = (0..<Int(random.next() % 3)).map { _ in
        Split(
          category: CategoryID(raw: id()), amount: Money(units: Int64(random.next() % 1_000_000), currency: currency),
          memo: maybe(text))
      }
      let date = try CivilDate(
        year: 1900 + Int(random.next() % 8000), month: 1 + Int(random.next() % 12), day: 1 + Int(random.next() % 28))
      return TransactionAdded(
        transaction: TransactionID(raw: id()), account: AccountID(raw: id()), date: date,
        amount: Money(units: units, currency: currency),
        type: random.next() % 2 == 0 ? .expense : .income,
        category: splits.isEmpty ? maybe { CategoryID(raw: id()) } : nil,
        splits: splits, name: text(), description: maybe(text), notes: maybe(text),
        period: maybe { PeriodID(raw: id()) },
        importId: maybe(text), tags: (0..<Int(random.next() % 3)).map { _ in text() })
    }
  }

  @Test("given 2,000 random transactions, when each is decoded in place, then it equals the Codable decoding")
  func agreesWithCodable() throws {
    for transaction in try Self.randomTransactions(count: 2_000, seed: 7) {
      let bytes = try BinaryEncoder().encode(transaction)
      let reference = try BinaryDecoder().decode(TransactionAdded.self, from: bytes)
      let fast = bytes.withUnsafeBytes { TransactionAdded(fastDecoding: $0) }
      #expect(fast == reference)
      #expect(fast == transaction)
    }
  }

  @Test(
    "given 2,000 random transactions, when each is decoded without text, then it is the whole decoding with its free text left out"
  )
  func decodesWithoutText() throws {
    for transaction in try Self.randomTransactions(count: 2_000, seed: 23) {
      let bytes = try BinaryEncoder().encode(transaction)
      var expected = transaction
      expected.name = ""
      (expected.description, expected.notes, expected.importId, expected.tags) = (nil, nil, nil, [])
      expected.splits = expected.splits.map { Split(category: $0.category, amount: $0.amount) }
      #expect(bytes.withUnsafeBytes { TransactionAdded(fastDecoding: $0, text: false) } == expected)
      let event = try Array("TransactionAdded".utf8).withUnsafeBytes { type in
        try bytes.withUnsafeBytes {
          try EventCodec.decode(typeBytes: type, schemaVersion: 2, payload: $0, transactionText: false)
        }
      }
      #expect(event == .transactionAdded(expected))
    }
  }

  @Test(
    "given damaged bytes or a name that is not UTF-8, when decoded without text, then the fast path declines as it does with text"
  )
  func damagedBytesDeclineWithoutText() throws {
    let transaction = try Self.randomTransactions(count: 1, seed: 11)[0]
    let bytes = try BinaryEncoder().encode(transaction)
    for damaged in [Array(bytes.dropLast()), bytes + [0], Array(bytes.prefix(10)), [UInt8](repeating: 0xFF, count: 40)]
    {
      #expect(damaged.withUnsafeBytes { TransactionAdded(fastDecoding: $0, text: false) } == nil)
    }
    // Each text field in turn holds the only non-ASCII text of its transaction, made invalid.
    let accented = "Caf\u{E9}"
    var variants: [TransactionAdded] = []
    for field in 0..<6 {
      var transaction = expense(1, "4.20", name: field == 0 ? accented : "Cafe")
      switch field {
      case 1: transaction.description = accented
      case 2: transaction.notes = accented
      case 3: transaction.importId = accented
      case 4: transaction.tags = ["ok", accented]
      case 5:
        transaction.category = nil
        transaction.splits = [Split(category: Scenario.food, amount: eur("4.20"), memo: accented)]
      default: break
      }
      variants.append(transaction)
    }
    for (field, transaction) in variants.enumerated() {
      var invalid = try BinaryEncoder().encode(transaction)
      let accent = try #require(invalid.firstIndex(of: 0xC3))  // é is C3 A9 in UTF-8
      invalid[accent] = 0xFF
      #expect(invalid.withUnsafeBytes { TransactionAdded(fastDecoding: $0) } == nil, "field \(field)")
      #expect(invalid.withUnsafeBytes { TransactionAdded(fastDecoding: $0, text: false) } == nil, "field \(field)")
    }
  }

  @Test(
    "given 2,000 random transactions, when each is encoded without Codable, then the bytes are the Codable encoder's")
  func encodesLikeCodable() throws {
    for transaction in try Self.randomTransactions(count: 2_000, seed: 19) {
      #expect(transaction.fastEncoded() == (try BinaryEncoder().encode(transaction)))
      #expect(try EventCodec.payload(of: .transactionAdded(transaction)) == BinaryEncoder().encode(transaction))
    }
  }

  @Test(
    "given 2,000 random deletions and restorations, when each is encoded without Codable, then the bytes are the Codable encoder's"
  )
  func encodesDeletionsLikeCodable() throws {
    for (index, transaction) in try Self.randomTransactions(count: 2_000, seed: 29).enumerated() {
      let reason = ["undo", "", "Café ✓ duplicate", "🙂"][index % 4]
      let deleted = TransactionDeleted(
        transaction: transaction.transaction, reason: reason, deleted: index % 5 == 0 ? nil : transaction)
      let restored = TransactionRestored(transaction: transaction, reason: reason)
      #expect(deleted.fastEncoded() == (try BinaryEncoder().encode(deleted)))
      #expect(try EventCodec.payload(of: .transactionDeleted(deleted)) == BinaryEncoder().encode(deleted))
      #expect(restored.fastEncoded() == (try BinaryEncoder().encode(restored)))
      #expect(try EventCodec.payload(of: .transactionRestored(restored)) == BinaryEncoder().encode(restored))
    }
  }

  @Test("given a stored transaction, when decoded from its type bytes, then it is the same event as from its type name")
  func decodesFromTypeBytes() throws {
    let transaction = try Self.randomTransactions(count: 1, seed: 3)[0]
    let bytes = try BinaryEncoder().encode(transaction)
    let event = try Array("TransactionAdded".utf8).withUnsafeBytes { type in
      try bytes.withUnsafeBytes { try EventCodec.decode(typeBytes: type, schemaVersion: 2, payload: $0) }
    }
    #expect(event == .transactionAdded(transaction))
  }

  @Test(
    "given damaged bytes, when decoded in place, then the fast path declines and the error is the Codable decoder's")
  func damagedBytesFallBack() throws {
    let bytes = try BinaryEncoder().encode(try Self.randomTransactions(count: 1, seed: 11)[0])
    for damaged in [Array(bytes.dropLast()), bytes + [0], Array(bytes.prefix(10)), [UInt8](repeating: 0xFF, count: 40)]
    {
      #expect(damaged.withUnsafeBytes { TransactionAdded(fastDecoding: $0) } == nil)
      let inPlace = #expect(throws: CodecError.self) {
        try Array("TransactionAdded".utf8).withUnsafeBytes { type in
          try damaged.withUnsafeBytes { try EventCodec.decode(typeBytes: type, schemaVersion: 2, payload: $0) }
        }
      }
      let byName = #expect(throws: CodecError.self) {
        try LedgerEvent.decode(type: "TransactionAdded", schemaVersion: 2, payload: damaged)
      }
      #expect(inPlace == byName)
    }
  }

  @Test(
    "given a stored date with a leading space, when decoded, then the fast path declines and the Codable path reads it")
  func nonCanonicalDateFallsBack() throws {
    let transaction = try Self.randomTransactions(count: 1, seed: 5)[0]
    var bytes = try BinaryEncoder().encode(transaction)
    // Two ids (a length byte and 36 characters each), then the date: a length byte and 10 characters.
    #expect(bytes[74] == 10)
    bytes[74] = 11
    bytes.insert(UInt8(ascii: " "), at: 75)
    #expect(bytes.withUnsafeBytes { TransactionAdded(fastDecoding: $0) } == nil)
    let event = try Array("TransactionAdded".utf8).withUnsafeBytes { type in
      try bytes.withUnsafeBytes { try EventCodec.decode(typeBytes: type, schemaVersion: 2, payload: $0) }
    }
    #expect(event == .transactionAdded(transaction))
  }

  @Test(
    "given every event sample in every version it is written in, when written and read by the log's codec, then the bytes are the frozen ones and read back as the canonical decoder reads them"
  )
  func logCodecWritesTheFrozenBytes() throws {
    var counts: [String: Int] = [:]
    for event in GoldenEventBytesTests.samples {
      for version in 1...event.schemaVersion {
        guard let bytes = try? EventCodec.payload(of: event, schemaVersion: version) else { continue }
        let key = "\(event.typeName).v\(version)"
        counts[key, default: 0] += 1
        let file = GoldenEventBytesTests.directory.appendingPathComponent("\(key).\(counts[key]!).hex")
        let text = try String(contentsOf: file, encoding: .utf8)
        let frozen = try #require(GoldenEventBytesTests.bytes(hex: text), "\(file.lastPathComponent) is not hex")
        #expect(bytes == frozen, "\(file.lastPathComponent)")
        let canonical = try LedgerEvent.decode(type: event.typeName, schemaVersion: version, payload: frozen)
        #expect(
          try EventCodec.decode(type: event.typeName, schemaVersion: version, payload: frozen) == canonical,
          "\(file.lastPathComponent)")
        let inPlace = try Array(event.typeName.utf8).withUnsafeBytes { type in
          try frozen.withUnsafeBytes { try EventCodec.decode(typeBytes: type, schemaVersion: version, payload: $0) }
        }
        #expect(inPlace == canonical, "\(file.lastPathComponent)")
      }
    }
    #expect(counts.count >= LedgerEvent.catalog.count)
  }
}
