import EventLog
import LedgerDomain
import LedgerTesting
import ProjectionEngine
import Testing
import TransactionIndex

@Suite("Projection: transaction index")
struct TransactionIndexTests {
  static let period = PeriodID(raw: EntityID(high: 0x9E10, low: 1))

  /// An expense with the text fields search looks at.
  static func tx(
    _ id: UInt64, _ amount: String = "10", on date: String = "2024-03-10", category: CategoryID = Scenario.food,
    name: String, description: String? = nil, notes: String? = nil, tags: [String] = [],
    account: AccountID = Scenario.checking, period: PeriodID? = nil
  ) -> LedgerEvent {
    .transactionAdded(
      TransactionAdded(
        transaction: txID(id), account: account, date: day(date), amount: eur(amount), type: .expense,
        category: category,
        name: name, description: description, notes: notes, period: period, tags: tags))
  }

  static func harness() async throws -> ProjectionHarness { try await ProjectionHarness([TransactionIndexProjector()]) }

  /// Runs `body` on the queries of one snapshot.
  static func query(
    _ harness: ProjectionHarness, _ body: (TransactionQueries) throws -> TransactionPage
  ) throws -> TransactionPage {
    try harness.read { reader throws in try body(TransactionQueries(reader)) }
  }

  static func names(_ page: TransactionPage) -> [String] { page.rows.map(\.name) }

  @Test("given 5 transactions, when the recent list is paged 2 at a time both ways, then cursors walk it and back")
  func recentPaging() async throws {
    let harness = try await Self.harness()
    let head = try await harness.given((1...5).map { Self.tx(UInt64($0), on: "2024-02-0\($0)", name: "T\($0)") })

    let first = try Self.query(harness) { try $0.recent(limit: 2) }
    #expect(Self.names(first) == ["T5", "T4"] && first.newerCursor == nil && first.position == head)
    let second = try Self.query(harness) { try $0.recent(before: first.olderCursor, limit: 2) }
    #expect(Self.names(second) == ["T3", "T2"] && second.newerCursor != nil)
    let third = try Self.query(harness) { try $0.recent(before: second.olderCursor, limit: 2) }
    #expect(Self.names(third) == ["T1"] && third.olderCursor == nil)
    let back = try Self.query(harness) { try $0.recent(after: third.newerCursor, limit: 2) }
    #expect(back.rows == second.rows)
    let top = try Self.query(harness) { try $0.recent(after: back.newerCursor, limit: 2) }
    #expect(top.rows == first.rows && top.newerCursor == nil)
  }

  @Test("given a row with every field, when it is read back, then each field survives the stored form")
  func rowRoundTrip() async throws {
    let harness = try await Self.harness()
    let added = TransactionAdded(
      transaction: txID(1), account: Scenario.savings, date: day("2024-03-09"), amount: eur("42.5"), type: .income,
      category: nil,
      splits: [
        Split(category: Scenario.food, amount: eur("40"), memo: "bread"),
        Split(category: Scenario.bills, amount: eur("2.5")),
      ],
      name: "Refund", description: "From the shop", notes: "Ünïcode ✓", period: Self.period, importId: "bank-77",
      tags: ["a", "b"])
    try await harness.given(.transactionAdded(added))

    let row = try harness.read { reader throws in try TransactionQueries(reader).transaction(txID(1)) }
    #expect(row == TransactionRow(added))
    #expect(row?.signedAmount == eur("42.5") && row?.postings.count == 2)
  }

  @Test(
    "given transactions in several categories, when one category is read in a date range, then only its rows in the range come, newest first"
  )
  func byCategoryAndDate() async throws {
    let harness = try await Self.harness()
    try await harness.given(
      Self.tx(1, on: "2024-01-15", name: "Jan food"), Self.tx(2, on: "2024-02-10", name: "Feb food"),
      Self.tx(3, on: "2024-02-11", category: Scenario.restaurants, name: "Feb dinner"),
      Self.tx(4, on: "2024-02-29", name: "Feb food 2"),
      Self.tx(5, on: "2024-03-01", name: "Mar food"))

    let february = try Self.query(harness) {
      try $0.byCategory(Scenario.food, from: day("2024-02-01"), through: day("2024-02-29"))
    }
    #expect(Self.names(february) == ["Feb food 2", "Feb food"])
    #expect(february.olderCursor == nil && february.newerCursor == nil)
    let all = try Self.query(harness) { try $0.byCategory(Scenario.food) }
    #expect(Self.names(all) == ["Mar food", "Feb food 2", "Feb food", "Jan food"])
    // Paging stays inside the range: the second page of February ends it.
    let first = try Self.query(harness) {
      try $0.byCategory(Scenario.food, from: day("2024-02-01"), through: day("2024-02-29"), limit: 1)
    }
    #expect(Self.names(first) == ["Feb food 2"] && first.newerCursor == nil && first.olderCursor != nil)
    let second = try Self.query(harness) {
      try $0.byCategory(
        Scenario.food, from: day("2024-02-01"), through: day("2024-02-29"), before: first.olderCursor, limit: 1)
    }
    #expect(Self.names(second) == ["Feb food"] && second.olderCursor == nil && second.newerCursor != nil)
  }

  @Test("given a split transaction, when each of its categories is read, then it appears under both")
  func splitUnderBothCategories() async throws {
    let harness = try await Self.harness()
    let split = TransactionAdded(
      transaction: txID(1), account: Scenario.checking, date: day("2024-03-05"), amount: eur("50"), type: .expense,
      category: nil,
      splits: [Split(category: Scenario.food, amount: eur("30")), Split(category: Scenario.bills, amount: eur("20"))],
      name: "Mixed")
    try await harness.given(.transactionAdded(split), Self.tx(2, category: Scenario.restaurants, name: "Dinner"))

    #expect(try Self.names(Self.query(harness) { try $0.byCategory(Scenario.food) }) == ["Mixed"])
    #expect(try Self.names(Self.query(harness) { try $0.byCategory(Scenario.bills) }) == ["Mixed"])
    #expect(try Self.names(Self.query(harness) { try $0.byCategory(Scenario.restaurants) }) == ["Dinner"])
  }

  @Test(
    "given transactions on two accounts and in a period, when read by account and by period, then each list has its own"
  )
  func byAccountAndPeriod() async throws {
    let harness = try await Self.harness()
    try await harness.given(
      Self.tx(1, on: "2024-03-01", name: "A1", period: Self.period),
      Self.tx(2, on: "2024-03-02", name: "S1", account: Scenario.savings),
      Self.tx(3, on: "2024-03-03", name: "A2"),
      Self.tx(4, on: "2024-03-04", name: "S2", account: Scenario.savings, period: Self.period))

    #expect(try Self.names(Self.query(harness) { try $0.byAccount(Scenario.checking) }) == ["A2", "A1"])
    #expect(try Self.names(Self.query(harness) { try $0.byAccount(Scenario.savings) }) == ["S2", "S1"])
    #expect(
      try Self.names(Self.query(harness) { try $0.byAccount(Scenario.savings, through: day("2024-03-03")) }) == ["S1"])
    let period = try Self.query(harness) { try $0.byPeriod(Self.period, limit: 1) }
    #expect(Self.names(period) == ["S2"])
    #expect(try Self.names(Self.query(harness) { try $0.byPeriod(Self.period, before: period.olderCursor) }) == ["A1"])
  }

  @Test(
    "given an amend moving date, category and account, when the indexes are read, then the old entries are gone and the new ones found"
  )
  func amendMovesEntries() async throws {
    let harness = try await Self.harness()
    let beforeAmend = try await harness.given(
      Self.tx(1, on: "2024-03-10", name: "Market", period: Self.period), Self.tx(2, on: "2024-03-05", name: "Other"))
    var amended = TransactionAmended(transaction: txID(1))
    amended.date = day("2024-03-01")
    amended.category = Scenario.restaurants
    amended.account = Scenario.savings
    amended.name = "Bistro"
    amended.period = Change(nil)
    let afterAmend = try await harness.given(.transactionAmended(amended))

    #expect(try Self.names(Self.query(harness) { try $0.recent() }) == ["Other", "Bistro"])
    #expect(try Self.names(Self.query(harness) { try $0.byCategory(Scenario.food) }) == ["Other"])
    #expect(try Self.names(Self.query(harness) { try $0.byCategory(Scenario.restaurants) }) == ["Bistro"])
    #expect(try Self.names(Self.query(harness) { try $0.byAccount(Scenario.checking) }) == ["Other"])
    #expect(try Self.names(Self.query(harness) { try $0.byAccount(Scenario.savings) }) == ["Bistro"])
    #expect(try Self.query(harness) { try $0.byPeriod(Self.period) }.rows.isEmpty)
    #expect(try Self.query(harness) { try $0.search("market") }.rows.isEmpty)
    let found = try Self.query(harness) { try $0.search("bistro") }
    #expect(
      Self.names(found) == ["Bistro"] && found.rows.first?.date == day("2024-03-01") && found.position == afterAmend)

    // Time travel: as known before the amend, the old answers come back.
    let old = try Self.query(harness) { try $0.recent(asKnownAt: beforeAmend) }
    #expect(Self.names(old) == ["Market", "Other"] && old.position == beforeAmend)
    #expect(
      try Self.names(Self.query(harness) { try $0.byCategory(Scenario.food, asKnownAt: beforeAmend) }) == [
        "Market", "Other",
      ])
    #expect(try Self.names(Self.query(harness) { try $0.byPeriod(Self.period, asKnownAt: beforeAmend) }) == ["Market"])
    #expect(try Self.names(Self.query(harness) { try $0.search("market", asKnownAt: beforeAmend) }) == ["Market"])
    #expect(try Self.query(harness) { try $0.search("bistro", asKnownAt: beforeAmend) }.rows.isEmpty)
  }

  @Test("given an amend of only the amount, when the row is read, then the other fields are kept")
  func amendKeepsUnchangedFields() async throws {
    let harness = try await Self.harness()
    try await harness.given(Self.tx(1, "42.50", name: "Market", description: "weekly", tags: ["food"]))
    var amended = TransactionAmended(transaction: txID(1))
    amended.amount = eur("40")
    try await harness.given(.transactionAmended(amended))

    let row = try harness.read { reader throws in try TransactionQueries(reader).transaction(txID(1)) }
    #expect(row?.amount == eur("40") && row?.name == "Market" && row?.description == "weekly" && row?.tags == ["food"])
    #expect(try Self.names(Self.query(harness) { try $0.search("weekly food") }) == ["Market"])
  }

  @Test("given a deleted transaction, when every query runs, then it is gone now and back as known before the delete")
  func deleteRemovesEverywhere() async throws {
    let harness = try await Self.harness()
    let beforeDelete = try await harness.given(
      Self.tx(1, name: "Duplicate market", period: Self.period), Self.tx(2, on: "2024-03-01", name: "Kept"))
    try await harness.given(.transactionDeleted(TransactionDeleted(transaction: txID(1), reason: "duplicate")))

    #expect(try Self.names(Self.query(harness) { try $0.recent() }) == ["Kept"])
    #expect(try Self.names(Self.query(harness) { try $0.byCategory(Scenario.food) }) == ["Kept"])
    #expect(try Self.names(Self.query(harness) { try $0.byAccount(Scenario.checking) }) == ["Kept"])
    #expect(try Self.query(harness) { try $0.byPeriod(Self.period) }.rows.isEmpty)
    #expect(try Self.query(harness) { try $0.search("market") }.rows.isEmpty)
    #expect(try harness.read { reader throws in try TransactionQueries(reader).transaction(txID(1)) } == nil)
    #expect(
      try Self.names(Self.query(harness) { try $0.recent(asKnownAt: beforeDelete) }) == ["Duplicate market", "Kept"])
    #expect(
      try harness.read { reader throws in try TransactionQueries(reader).transaction(txID(1), asKnownAt: beforeDelete)
      }?.name == "Duplicate market")
  }

  @Test(
    "given texts in name, description, notes and tags, when searched by several words, then only rows with all of them come"
  )
  func searchAllWords() async throws {
    let harness = try await Self.harness()
    try await harness.given(
      Self.tx(1, on: "2024-03-01", name: "Grocery Shopping", description: "Weekly market run"),
      Self.tx(2, on: "2024-03-02", name: "Farmers' Market", notes: "organic vegetables", tags: ["weekly"]),
      Self.tx(3, on: "2024-03-03", name: "Café Ølstue", tags: ["Treat"]),
      Self.tx(4, on: "2024-03-04", name: "Market", description: "monthly"))

    #expect(
      try Self.names(Self.query(harness) { try $0.search("market") }) == [
        "Market", "Farmers' Market", "Grocery Shopping",
      ])
    #expect(
      try Self.names(Self.query(harness) { try $0.search("weekly MARKET") }) == ["Farmers' Market", "Grocery Shopping"])
    #expect(try Self.names(Self.query(harness) { try $0.search("market, organic!") }) == ["Farmers' Market"])
    #expect(try Self.names(Self.query(harness) { try $0.search("café treat") }) == ["Café Ølstue"])
    #expect(try Self.names(Self.query(harness) { try $0.search("ØLSTUE") }) == ["Café Ølstue"])
    // Accents fold both ways: typed without them, and text written with a combining accent.
    #expect(try Self.names(Self.query(harness) { try $0.search("cafe") }) == ["Café Ølstue"])
    #expect(try Self.names(Self.query(harness) { try $0.search("CAFE\u{301}") }) == ["Café Ølstue"])
    #expect(try Self.query(harness) { try $0.search("market treat") }.rows.isEmpty)
    #expect(try Self.query(harness) { try $0.search("  ,. ") }.rows.isEmpty)
    try await harness.given(
      Self.tx(5, on: "2024-03-05", name: "Cafe Nero"), Self.tx(6, on: "2024-03-06", name: "Señor Taco"))
    #expect(try Self.names(Self.query(harness) { try $0.search("café") }) == ["Cafe Nero", "Café Ølstue"])
    #expect(try Self.names(Self.query(harness) { try $0.search("senor") }) == ["Señor Taco"])
  }

  @Test(
    "given words sharing a prefix, when searched by the prefix, then every row with a word starting so comes once, newest first"
  )
  func searchByPrefix() async throws {
    let harness = try await Self.harness()
    let long = "supercalifragilisticexpialidocious"  // longer than the 24 indexed bytes
    try await harness.given(
      Self.tx(1, on: "2024-03-01", name: "Groceries"),
      Self.tx(2, on: "2024-03-02", name: "Grocery store", notes: "groceries"),
      Self.tx(3, on: "2024-03-03", name: "Gross income tax"), Self.tx(4, on: "2024-03-04", name: "Groceries again"),
      Self.tx(5, on: "2024-03-05", name: "Word \(long)"),
      Self.tx(6, on: "2024-03-06", name: "Word supercalifragilisticexpialidociousness"))

    #expect(
      try Self.names(Self.query(harness) { try $0.search("groc") }) == [
        "Groceries again", "Grocery store", "Groceries",
      ])
    #expect(
      try Self.names(Self.query(harness) { try $0.search("gro") }) == [
        "Groceries again", "Gross income tax", "Grocery store", "Groceries",
      ])
    #expect(try Self.names(Self.query(harness) { try $0.search("groceries store") }) == ["Grocery store"])
    #expect(try Self.query(harness) { try $0.search("groceriesx") }.rows.isEmpty)
    #expect(try Self.query(harness) { try $0.search("supercalifragilisticexpialidocious") }.rows.count == 2)
    #expect(try Self.query(harness) { try $0.search("supercalifragilisticexpialidociousn") }.rows.count == 1)
  }

  @Test(
    "given 5 matching rows among others, when a search is paged 2 at a time both ways, then cursors walk the matches and back"
  )
  func searchPaging() async throws {
    let harness = try await Self.harness()
    var events: [LedgerEvent] = []
    for n in 1...9 {
      let matches = n % 2 == 1
      events.append(
        Self.tx(
          UInt64(n), on: "2024-02-0\(n)", name: matches ? "Market \(n)" : "Other \(n)",
          tags: matches ? ["mark\(n)"] : []))
    }
    try await harness.given(events)

    let first = try Self.query(harness) { try $0.search("mark", limit: 2) }
    #expect(Self.names(first) == ["Market 9", "Market 7"] && first.newerCursor == nil)
    let second = try Self.query(harness) { try $0.search("mark", before: first.olderCursor, limit: 2) }
    #expect(Self.names(second) == ["Market 5", "Market 3"] && second.newerCursor != nil)
    let third = try Self.query(harness) { try $0.search("mark", before: second.olderCursor, limit: 2) }
    #expect(Self.names(third) == ["Market 1"] && third.olderCursor == nil)
    let back = try Self.query(harness) { try $0.search("mark", after: third.newerCursor, limit: 2) }
    #expect(back.rows == second.rows)
    let top = try Self.query(harness) { try $0.search("mark", after: back.newerCursor, limit: 2) }
    #expect(top.rows == first.rows && top.newerCursor == nil)
  }

  @Test(
    "given adds, amends and deletes, when verified deep and rebuilt, then the tables match the log and the answers are unchanged"
  )
  func verifyAndRebuild() async throws {
    let harness = try await Self.harness()
    var events: [LedgerEvent] = []
    for n in 1...12 {
      let category = n % 2 == 0 ? Scenario.food : Scenario.bills
      let date = "2024-0\(n % 3 + 1)-1\(n % 9)"
      let notes: String? = n % 4 == 0 ? "weekly" : nil
      let period: PeriodID? = n % 3 == 0 ? Self.period : nil
      events.append(
        Self.tx(
          UInt64(n), "\(n)", on: date, category: category, name: "Shop \(n) groceries", notes: notes, period: period))
    }
    try await harness.given(events)
    for n in stride(from: 1, through: 12, by: 3) {
      var amended = TransactionAmended(transaction: txID(UInt64(n)))
      amended.date = day("2024-04-0\(n % 9 + 1)")
      amended.splits = [
        Split(category: Scenario.restaurants, amount: eur("0.5")), Split(category: Scenario.food, amount: eur("\(n)")),
      ]
      amended.tags = ["moved"]
      try await harness.given(.transactionAmended(amended))
    }
    try await harness.given(.transactionDeleted(TransactionDeleted(transaction: txID(2), reason: "dup")))

    func answers() throws -> [TransactionPage] {
      try harness.read { reader throws in
        let queries = TransactionQueries(reader)
        return [
          try queries.recent(limit: 100), try queries.recent(limit: 100, asKnownAt: 5),
          try queries.byCategory(Scenario.food),
          try queries.byCategory(Scenario.restaurants), try queries.byAccount(Scenario.checking),
          try queries.byPeriod(Self.period),
          try queries.search("groc moved"), try queries.search("weekly shop", limit: 2),
        ]
      }
    }
    let before = try answers()
    #expect(before[0].rows.count == 11 && before[3].rows.count == 4)
    #expect(try harness.engine.verifyDeep() == [])
    try await harness.engine.rebuild([TransactionIndexProjector.name])
    #expect(try answers() == before)
    #expect(try harness.engine.verifyDeep() == [])
  }

  @Test(
    "given random adds, amends and deletes, when every query is paged through, then it equals a plain fold of the events, now and as known halfway"
  )
  func randomHistoryMatchesModel() async throws {
    var random = SeededRandom(seed: 42)
    let harness = try await Self.harness()
    let categories = [Scenario.food, Scenario.restaurants, Scenario.bills]
    let accounts = [Scenario.checking, Scenario.savings]
    let words = ["market", "marketing", "rent", "groceries", "grocer", "café", "bus", "tax"]
    func text() -> String {
      (0..<random.next(3) + 1).map { _ in words[random.next(words.count)] }.joined(separator: " ")
    }
    func date() -> CivilDate { day("2024-0\(random.next(3) + 1)-1\(random.next(10))") }
    var model: [TransactionID: TransactionAdded] = [:]
    var halfway: (position: UInt64, model: [TransactionID: TransactionAdded])?
    for step in 0..<150 {
      let id = txID(UInt64(random.next(40)))
      let event: LedgerEvent
      if var row = model[id] {
        if random.next(5) == 0 {
          event = .transactionDeleted(TransactionDeleted(transaction: id, reason: "r"))
          model[id] = nil
        } else {
          var amended = TransactionAmended(transaction: id)
          if random.next(2) == 0 { amended.date = date() }
          if random.next(3) == 0 { amended.category = categories[random.next(3)] }
          if random.next(4) == 0 {
            amended.splits = [
              Split(category: categories[random.next(3)], amount: eur("1")),
              Split(category: categories[random.next(3)], amount: eur("2")),
            ]
          }
          if random.next(3) == 0 { amended.name = text() }
          if random.next(3) == 0 { amended.notes = Change(random.next(2) == 0 ? nil : text()) }
          if random.next(4) == 0 { amended.tags = [words[random.next(words.count)]] }
          if random.next(4) == 0 { amended.account = accounts[random.next(2)] }
          if random.next(4) == 0 { amended.period = Change(random.next(2) == 0 ? nil : Self.period) }
          row.apply(amended)
          model[id] = row
          event = .transactionAmended(amended)
        }
      } else {
        guard
          case .transactionAdded(let added) = Self.tx(
            id.raw.low, on: date().description, category: categories[random.next(3)], name: text(),
            description: random.next(2) == 0 ? text() : nil,
            account: accounts[random.next(2)], period: random.next(2) == 0 ? Self.period : nil)
        else { continue }
        model[id] = added
        event = .transactionAdded(added)
      }
      let position = try await harness.given(event)
      if step == 75 { halfway = (position, model) }
    }

    /// Every page of a query, walked 7 rows at a time.
    func all(_ body: (TransactionQueries, TransactionCursor?) throws -> TransactionPage) throws -> [TransactionID] {
      try harness.read { reader throws in
        var ids: [TransactionID] = []
        var cursor: TransactionCursor?
        repeat {
          let page = try body(TransactionQueries(reader), cursor)
          ids += page.rows.map(\.id)
          cursor = page.olderCursor
        } while cursor != nil
        return ids
      }
    }
    func expected(_ model: [TransactionID: TransactionAdded], _ filter: (TransactionAdded) -> Bool) -> [TransactionID] {
      model.values.filter(filter).sorted { ($0.date, $0.transaction) > ($1.date, $1.transaction) }.map(\.transaction)
    }
    func searchable(_ row: TransactionAdded) -> String {
      ([row.name, row.description ?? "", row.notes ?? ""] + row.tags).joined(separator: " ").lowercased()
    }
    func contains(_ row: TransactionAdded, _ term: String) -> Bool {
      searchable(row).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains { $0.hasPrefix(term) }
    }
    for (position, model) in [(UInt64.max, model), (halfway!.position, halfway!.model)] {
      #expect(try all { try $0.recent(before: $1, limit: 7, asKnownAt: position) } == expected(model) { _ in true })
      for category in categories {
        #expect(
          try all { try $0.byCategory(category, before: $1, limit: 7, asKnownAt: position) }
            == expected(model) { $0.postings.contains { $0.category == category } })
      }
      for account in accounts {
        #expect(
          try all { try $0.byAccount(account, before: $1, limit: 7, asKnownAt: position) }
            == expected(model) { $0.account == account })
      }
      #expect(
        try all { try $0.byPeriod(Self.period, before: $1, limit: 7, asKnownAt: position) }
          == expected(model) { $0.period == Self.period })
      for query in [["market"], ["groc"], ["marketing", "tax"], ["caf", "bus"], ["rent", "market"]] {
        let found = try all { try $0.search(query.joined(separator: " "), before: $1, limit: 7, asKnownAt: position) }
        #expect(found == expected(model) { row in query.allSatisfy { contains(row, $0) } }, "search \(query)")
      }
    }
    #expect(try harness.engine.verifyDeep() == [])
  }
}

/// A small seeded generator (SplitMix64) for repeatable random histories.
private struct SeededRandom {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  /// A number in `0 ..< bound`.
  mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }
}
