import Foundation
import LedgerDomain
import Testing

@Suite("EntityID: 128-bit identifiers in UUID form")
struct EntityIDTests {
  @Test("given an id, when named by a run of its characters, then four or more anywhere in it name it, in any case")
  func idsAreNamedByAnyRunOfFourCharacters() throws {
    let id = try EntityID(parsing: "01a21a94-1147-71d7-ae53-54ab62bdb972")
    for reference in ["62bd", "62BD", "b972", "01a2", "54ab62bd", "ae53-54ab", id.description] {
      #expect(id.isNamed(by: reference), "\(reference)")
    }
    for reference in ["62b", "ffff", "62bd9", ""] { #expect(!id.isNamed(by: reference), "\(reference)") }
  }

  @Test("given canonical text in either case, when parsed, then the halves and lowercase text come back")
  func parsing() throws {
    let id = try EntityID(parsing: "6F1C2E4A-9B3D-4C8E-A1F0-123456789ABC")
    #expect(id.high == 0x6F1C_2E4A_9B3D_4C8E)
    #expect(id.low == 0xA1F0_1234_5678_9ABC)
    #expect(id.description == "6f1c2e4a-9b3d-4c8e-a1f0-123456789abc")
    #expect(try EntityID(parsing: id.description) == id)
    #expect(EntityID(high: 0, low: 1).description == "00000000-0000-0000-0000-000000000001")
  }

  @Test("given malformed text, when parsed, then the error says which character is wrong")
  func malformed() {
    let short = #expect(throws: EntityIDError.self) { try EntityID(parsing: "6f1c2e4a") }
    #expect(
      short?.description
        == "'6f1c2e4a' is not an identifier: it has 8 characters instead of 36; "
        + "use the form 6f1c2e4a-9b3d-4c8e-a1f0-123456789abc")
    let hyphen = #expect(throws: EntityIDError.self) {
      try EntityID(parsing: "6f1c2e4a-9b3d-4c8e-a1f01123456789abc")
    }
    #expect(hyphen?.reason == "character 24 should be '-'")
    let letter = #expect(throws: EntityIDError.self) {
      try EntityID(parsing: "6f1c2e4a-9b3d-4c8e-a1f0-123456789abg")
    }
    #expect(letter?.reason == "character 36, 'g', is not a hex digit")
    #expect(throws: EntityIDError.self) { try EntityID(parsing: "{6f1c2e4a-9b3d-4c8e-a1f0-123456789ab}") }
    #expect(throws: EntityIDError.self) { try EntityID(parsing: "6f1c2e4a9b3d4c8ea1f0123456789abc") }
  }

  @Test("given a seeded generator, when making random ids, then they are repeatable version-4 ids that round-trip")
  func random() throws {
    var first = SplitMix64(seed: 42), second = SplitMix64(seed: 42)
    var seen = Set<EntityID>()
    for _ in 0..<2_000 {
      let id = EntityID.random(using: &first)
      #expect(id == EntityID.random(using: &second))
      #expect(id.version == 4)
      let text = id.description
      #expect(Array(text)[14] == "4")
      #expect("89ab".contains(Array(text)[19]), "\(text)")
      #expect(try EntityID(parsing: text) == id)
      #expect(try EntityID(parsing: text.uppercased()) == id)
      seen.insert(id)
    }
    #expect(seen.count == 2_000)
    #expect(EntityID.random() != EntityID.random())
  }

  @Test("given ids made one after another, when compared, then later ids sort later and carry version 7 and their time")
  func timeOrdered() throws {
    var previous = EntityID.random()
    #expect(previous.version == 7)
    #expect(Array(previous.description)[14] == "7")
    for _ in 0..<200 {
      usleep(1_100)  // a new millisecond: within one, the order is random
      let next = EntityID.random()
      #expect(next > previous, "\(next) was made after \(previous)")
      #expect(next.version == 7 && "89ab".contains(Array(next.description)[19]))
      #expect(try EntityID(parsing: next.description) == next)
      previous = next
    }
    var generator = SplitMix64(seed: 3)
    let stamped = EntityID.timeOrdered(milliseconds: 1_700_000_000_123, using: &generator)
    #expect(stamped.high >> 16 == 1_700_000_000_123)
  }

  @Test("given random ids, when sorted, then the order matches the order of their text")
  func ordering() {
    var generator = SplitMix64(seed: 7)
    let ids = (0..<1_000).map { _ in
      EntityID(high: generator.next() >> (generator.next() % 64), low: generator.next())
    }
    #expect(ids.sorted().map(\.description) == ids.map(\.description).sorted())
    #expect(EntityID(high: 1, low: 0) > EntityID(high: 0, low: .max))
  }
}

@Suite("Stream names and type names, asked of every event")
struct StreamNameFormTests {
  @Test("given ids of each kind, then their streams are the prefix, a dash and the canonical form")
  func streams() {
    let raw = EntityID(high: 0x019b_71b4_5f3d_740e, low: 0xb671_d701_0ca6_3d14)
    #expect(TransactionID(raw: raw).stream == "transaction-019b71b4-5f3d-740e-b671-d7010ca63d14")
    #expect(AccountID(raw: raw).stream == "account-" + raw.description)
    #expect(raw.description == "019b71b4-5f3d-740e-b671-d7010ca63d14")
  }

  @Test("given events of several kinds, then each answers stream, type and version as its payload does")
  func addedTransactionAnswersAsItsPayload() throws {
    let added = TransactionAdded(
      transaction: TransactionID(raw: EntityID(high: 1, low: 2)), account: AccountID(raw: EntityID(high: 3, low: 4)),
      date: try CivilDate(year: 2024, month: 3, day: 1), amount: Money(units: 10_000, currency: .eur), type: .expense,
      category: nil, name: "x")
    let archived = CategoryArchived(category: CategoryID(raw: EntityID(high: 5, low: 6)))
    for event in [LedgerEvent.transactionAdded(added), .categoryArchived(archived)] {
      #expect(event.stream == event.payload.stream)
      #expect(event.typeName == type(of: event.payload).typeName)
      #expect(event.schemaVersion == type(of: event.payload).schemaVersion)
    }
    #expect(LedgerEvent.transactionAdded(added).stream == added.stream)
  }
}
