import LedgerDomain
import LedgerTesting
import Testing

@Suite("Event codec and upcasting")
struct EventCodecTests {
  /// One event of every type (``EventSamples``): their stored bytes are frozen
  /// (``GoldenEventBytesTests``).
  static var samples: [LedgerEvent] { EventSamples.all }

  @Test("given one event of every type, when encoded and decoded, then each comes back equal")
  func roundTrip() throws {
    for event in Self.samples {
      let bytes = try event.encodedPayload()
      let decoded = try LedgerEvent.decode(type: event.typeName, schemaVersion: event.schemaVersion, payload: bytes)
      #expect(decoded == event, "\(event.typeName)")
    }
    #expect(Set(Self.samples.map(\.typeName)).count == LedgerEvent.catalog.count)
  }

  @Test("given a stored v1 TransactionAdded (no tags), when read, then it is upcast to v2 with empty tags")
  func upcastsVersion1() throws {
    let v1 = TransactionAddedV1(
      transaction: txID(9), account: Scenario.checking, date: day("2023-12-31"), amount: eur("5"), type: .income,
      category: Scenario.income, splits: [], name: "Gift", description: nil, notes: "old", period: nil, importId: nil)
    let stored = try BinaryEncoder().encode(v1)

    let event = try LedgerEvent.decode(type: "TransactionAdded", schemaVersion: 1, payload: stored)

    guard case .transactionAdded(let added) = event else { Issue.record("got \(event)"); return }
    #expect(added.tags == [])
    #expect(added.name == "Gift" && added.notes == "old" && added.type == .income)
    #expect(TransactionAdded.schemaVersion == 2)
  }

  @Test(
    "given a v1 TransactionAmended and TransactionDeleted as stored before before-images, when read, then they come back whole with none"
  )
  func readsVersion1BeforeImages() throws {
    func bytes(_ hex: String) -> [UInt8] {
      var bytes: [UInt8] = []
      var index = hex.startIndex
      while index < hex.endIndex {
        let next = hex.index(index, offsetBy: 2)
        bytes.append(UInt8(hex[index..<next], radix: 16)!)
        index = next
      }
      return bytes
    }
    // Written by the schema-version-1 encoder (commit 505cf8d).
    let amendedV1 = bytes(
      "2430303030303030302d303030302d303037612d303030302d30303030303030303030303300010a323032342d30322d3239"
        + "0190a10f034555520000000000010000010201610162")
    let deletedV1 = bytes(
      "2430303030303030302d303030302d303037612d303030302d303030303030303030303034096475706c6963617465")

    var amended = TransactionAmended(transaction: TransactionID(raw: EntityID(high: 0x7A, low: 3)))
    amended.amount = eur("12.50")
    amended.date = day("2024-02-29")
    amended.notes = Change(nil)
    amended.tags = ["a", "b"]
    #expect(
      try LedgerEvent.decode(type: "TransactionAmended", schemaVersion: 1, payload: amendedV1)
        == .transactionAmended(amended))
    let deleted = TransactionDeleted(transaction: TransactionID(raw: EntityID(high: 0x7A, low: 4)), reason: "duplicate")
    #expect(
      try LedgerEvent.decode(type: "TransactionDeleted", schemaVersion: 1, payload: deletedV1)
        == .transactionDeleted(deleted))
    #expect(TransactionAmended.schemaVersion == 2 && TransactionDeleted.schemaVersion == 2)
    // Written back in version 1 (restoring a backup of them), byte for byte.
    #expect(try LedgerEvent.transactionAmended(amended).encodedPayload(schemaVersion: 1) == amendedV1)
    #expect(try LedgerEvent.transactionDeleted(deleted).encodedPayload(schemaVersion: 1) == deletedV1)
    #expect(throws: CodecError.self) { try LedgerEvent.transactionDeleted(deleted).encodedPayload(schemaVersion: 7) }
  }

  @Test("given a v1 RolloverSet (no month), when read, then it comes back with none — the month it was recorded in")
  func readsVersion1Rollover() throws {
    /// The payload as schema version 1 declared it.
    struct RolloverSetV1: Codable {
      var category: CategoryID
      var carryUnspent: Bool
      var carryOverspent: Bool
    }
    let stored = try BinaryEncoder().encode(
      RolloverSetV1(category: Scenario.food, carryUnspent: true, carryOverspent: false))

    #expect(
      try LedgerEvent.decode(type: "RolloverSet", schemaVersion: 1, payload: stored)
        == .rolloverSet(RolloverSet(category: Scenario.food, carryUnspent: true, carryOverspent: false)))
    #expect(RolloverSet.schemaVersion == 2)
    let completed = LedgerEvent.rolloverSet(
      RolloverSet(category: Scenario.food, carryUnspent: true, carryOverspent: false, from: month("2024-02")))
    #expect(try completed.encodedPayload(schemaVersion: 1) == stored)
  }

  @Test("given unknown types, versions, truncated or padded bytes, when decoded, then a clear codec error")
  func badInput() throws {
    let bytes = try LedgerEvent.transactionDeleted(TransactionDeleted(transaction: txID(1), reason: "r"))
      .encodedPayload()
    #expect(throws: CodecError.unknownEvent(type: "Nope", schemaVersion: 1)) {
      try LedgerEvent.decode(type: "Nope", schemaVersion: 1, payload: bytes)
    }
    #expect(throws: CodecError.unknownEvent(type: "TransactionDeleted", schemaVersion: 9)) {
      try LedgerEvent.decode(type: "TransactionDeleted", schemaVersion: 9, payload: bytes)
    }
    #expect(throws: CodecError.truncated) {
      try LedgerEvent.decode(type: "TransactionDeleted", schemaVersion: 2, payload: bytes.dropLast())
    }
    #expect(throws: CodecError.trailingBytes(1)) {
      try LedgerEvent.decode(type: "TransactionDeleted", schemaVersion: 2, payload: bytes + [0])
    }
    #expect(throws: CodecError.truncated) {
      try LedgerEvent.decode(type: "TransactionDeleted", schemaVersion: 1, payload: bytes.dropLast(2))
    }
    let error = #expect(throws: CodecError.self) { try LedgerEvent.decode(type: "Nope", schemaVersion: 3, payload: []) }
    #expect(error?.description.contains("upgrade") == true)
  }
}
