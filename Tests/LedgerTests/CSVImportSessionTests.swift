import Interchange
import LedgerDomain
import LedgerTesting
import Testing

@Suite("CSV import: mapping a file chunk by chunk")
struct CSVImportSessionTests {
  static let text = """
    date,amount,payee,category
    2024-03-01,-2.80,Coffee,Restaurants
    2024-03-01,-2.80,Coffee,Restaurants
    2024-03-01,-2.80,Coffee,Restaurants
    2024-03-02,abc,Broken,Food
    2024-03-02,-12.00,Market,Fod
    2024-03-03,1500.00,Salary,Income
    2024-03-01,-2.80,Coffee,Restaurants

    """

  static func importer() -> CSVImporter {
    var mapping = CSVMapping()
    mapping.defaultAccount = "Checking"
    return CSVImporter(mapping: mapping)
  }

  /// What identifies a mapped row: its line, key, and the transaction or the error.
  static func summary(_ rows: [ImportRow]) -> [String] {
    rows.map { row in
      switch row.result {
      case .success(let added): "\(row.line) \(row.key) \(added.transaction) \(added.amount) \(added.name)"
      case .failure(let error): "\(row.line) \(row.key) \(error)"
      }
    }
  }

  @Test(
    "given identical rows on both sides of chunk boundaries, when mapped in chunks, then the rows equal mapping the file at once",
    arguments: [1, 2, 3, 7])
  func chunksMapLikeTheWholeFile(chunkSize: Int) throws {
    let state = Scenario.standard().state
    let records = try CSVReader().records(in: Self.text)
    let whole = try Self.importer().rows(records, state: state)

    var session = try Self.importer().session(header: records.first, state: state)
    var chunked: [ImportRow] = []
    let body = Array(records.dropFirst())
    for start in stride(from: 0, to: body.count, by: chunkSize) {
      chunked += session.rows(body[start..<min(start + chunkSize, body.count)])
    }

    #expect(Self.summary(chunked) == Self.summary(whole))
    // Four identical coffees: four different keys, so none is taken for a re-import of another.
    let coffeeKeys = Set(chunked.filter { (try? $0.result.get().name) == "Coffee" }.map(\.key))
    #expect(coffeeKeys.count == 4)
    #expect(chunked.filter { (try? $0.result.get()) == nil }.map(\.line) == [5, 6])
  }

  @Test(
    "given rows an earlier release imported, when mapped now, then their keys are exactly the ones it recorded (a re-import of an old statement adds nothing)"
  )
  func keysAreStableAcrossReleases() throws {
    // Computed independently of this code (FNV-1a lanes of the row's identity joined by
    // U+001F, then U+001F and its occurrence), and matching keys stored by earlier releases.
    let records = try CSVReader().records(in: Self.text)
    let rows = try Self.importer().rows(records, state: Scenario.standard().state)
    let single = try Self.importer().rows(
      try CSVReader().records(in: "date,amount,payee,category\n2024-03-10,-1.00,A,Food\n"),
      state: Scenario.standard().state)

    #expect(single.first?.key == "csv:2024-03-10:81c6bef6514248809f11f5af86adebfc")
    #expect(rows[1].key == "csv:2024-03-01:d8d62a64dd704b678075ffac998f2f5c")  // the second identical coffee
  }

  @Test(
    "given rows of several dates, when mapped, then each key leads with the row's date, keys sort like dates, and the legacy key carries the same hash"
  )
  func keysLeadWithTheDate() throws {
    let records = try CSVReader().records(
      in: "date,amount,payee,category\n2024-03-10,-1.00,A,Food\n2024-02-28,-1.00,A,Food\n2024-03-09,-5.00,B,Food\n")
    let rows = try Self.importer().rows(records, state: Scenario.standard().state)

    #expect(rows.map { $0.key.prefix(15) } == ["csv:2024-03-10:", "csv:2024-02-28:", "csv:2024-03-09:"])
    for row in rows {
      let hash = row.key.dropFirst(15)
      #expect(hash.count == 32 && hash.allSatisfy(\.isHexDigit))
      #expect(row.legacyKey == "csv-" + hash)
      #expect(try row.result.get().importId == row.key)
    }
    #expect(rows.map(\.key).sorted() == [rows[1].key, rows[2].key, rows[0].key])
  }

  @Test(
    "given a file read as day-month-year and again as month-day-year, when mapped, then the dates differ but every row's keys are the same (a re-import finds them)"
  )
  func keysHoldTheDateAsWritten() throws {
    let records = try CSVReader().records(
      in: "date,amount,payee,category\n05/03/2024,-1.00,A,Food\n07/02/2024,-1.00,A,Food\n 11.12.2024 ,-5.00,B,Food\n")
    var dayFirst = Self.importer()
    dayFirst.mapping.dateFormat = .dayMonthYear
    var monthFirst = Self.importer()
    monthFirst.mapping.dateFormat = .monthDayYear
    let state = Scenario.standard().state
    let (a, b) = (try dayFirst.rows(records, state: state), try monthFirst.rows(records, state: state))

    #expect(try a.map { try $0.result.get().date } == [day("2024-03-05"), day("2024-02-07"), day("2024-12-11")])
    #expect(try b.map { try $0.result.get().date } == [day("2024-05-03"), day("2024-07-02"), day("2024-11-12")])
    #expect(a.map(\.key) == b.map(\.key))
    #expect(a.map(\.legacyKey) == b.map(\.legacyKey))
    #expect(a.map { $0.key.prefix(15) } == ["csv:05/03/2024:", "csv:07/02/2024:", "csv:11.12.2024:"])  // trimmed
  }

  @Test(
    "given a category whose name holds a '|' with a combining mark on it, when a row names it, then the row is booked to it, not read as a split"
  )
  func barWithCombiningMarkIsPartOfAName() throws {
    var scenario = Scenario.standard()
    let name = "Fun|\u{301}Games"
    try scenario.run(.createCategory(CreateCategory(name: name)))
    let records = try CSVReader().records(in: "date,amount,payee,category\n2024-03-01,-4.00,Arcade,\(name)\n")
    let added = try #require(try Self.importer().rows(records, state: scenario.state).first?.result.get())
    #expect(added.splits.isEmpty)
    #expect(added.category == (try scenario.state.category(named: name).id))
  }

  @Test(
    "given quoted cells that span lines or hold tabs, when mapped, then each becomes one line with spaces, and the row imports"
  )
  func multiLineCellsBecomeOneLine() throws {
    var mapping = CSVMapping()
    mapping.defaultAccount = "Checking"
    mapping.description = "memo"
    let text =
      "date,amount,payee,category,memo\r\n2024-03-01,-2.80,\"Corner\r\nCoffee\",Restaurants,\"card 1234\n\n\tat 08:10\"\r\n"
    let records = try CSVReader().records(in: text)
    var session = try CSVImporter(mapping: mapping).session(header: records.first, state: Scenario.standard().state)

    let added = try #require(try session.rows(records.dropFirst()).first?.result.get())
    #expect(added.name == "Corner Coffee")
    #expect(added.description == "card 1234 at 08:10")
  }

  @Test(
    "given a header without the payee column, when a session starts, then the error names the columns and the option")
  func missingColumnIsRefusedUpFront() throws {
    let records = try CSVReader().records(in: "date,amount,category\n2024-03-01,-1.00,Food\n")

    #expect {
      _ = try Self.importer().session(header: records.first, state: Scenario.standard().state)
    } throws: { error in
      "\(error)".contains(
        "no payee column 'payee'; the columns are 'date', 'amount', 'category' — map it with --payee-column")
    }
  }

  @Test(
    "given a row whose cells carry spaces and no-break spaces at their ends, when mapped, then they are trimmed and the key is the one earlier versions gave"
  )
  func cellsAreTrimmedAndKeysStable() throws {
    let records = try CSVReader().records(
      in:
        "date,amount,payee,category\n 2024-03-10 ,\u{A0}-1.25,\u{A0}Caf\u{E9} Bleu\u{2003},Food \n2024-03-10,-1.25,Café Bleu,Food\n"
    )
    let rows = try Self.importer().rows(records, state: Scenario.standard().state)

    #expect(rows.map { (try? $0.result.get().name) ?? "?" } == ["Café Bleu", "Café Bleu"])
    #expect(rows.map { (try? $0.result.get().amount) } == [eur("1.25"), eur("1.25")])
    // The same row twice: its first and second occurrence. Keys recorded by earlier versions
    // must come out the same, or a re-import would add the rows again.
    #expect(
      rows.map(\.key) == [
        "csv:2024-03-10:593a500be5f84342b588379f8b6755d5", "csv:2024-03-10:593a510be5f844f5b588389f8b675788",
      ])
  }

  @Test(
    "given a bank file whose Description is mapped as the payee, when mapped, then Description is not also the description; Notes, unmapped, is used by name"
  )
  func namedColumnsFeedOneFieldEach() throws {
    var mapping = CSVMapping()
    mapping.defaultAccount = "Checking"
    mapping.payee = "Description"
    mapping.category = nil
    mapping.defaultCategory = "Food"
    let records = try CSVReader().records(in: "Date,Description,Amount,Notes\n2024-03-01,ACME Corp,-10.00,n1\n")

    let rows = try CSVImporter(mapping: mapping).rows(records, state: Scenario.standard().state)

    let added = try #require(try? rows.first?.result.get())
    #expect(added.name == "ACME Corp" && added.description == nil && added.notes == "n1")

    // A column given for a later field is not also taken by name for an earlier one.
    var notes = CSVMapping()
    notes.defaultAccount = "Checking"
    notes.notes = "Description"
    let other = try CVSFixture.rows("date,amount,payee,category,Description\n2024-03-01,-1,X,Food,card 1234\n", notes)
    #expect(other.description == nil && other.notes == "card 1234")
  }

  @Test(
    "given a currency column, when a row's currency is not its account's, then refused; a kind column is read in any case"
  )
  func currencyAndKind() throws {
    var mapping = CSVMapping()
    mapping.defaultAccount = "Checking"
    let records = try CSVReader().records(
      in:
        "date,amount,payee,category,currency,kind\n2024-03-01,-100,Hotel,Food,USD,transaction\n2024-03-01,-5,Cafe,Food,eur,\n2024-03-01,5,X,Food,EUR,Opening\n"
    )
    let rows = try CSVImporter(mapping: mapping).rows(records, state: Scenario.standard().state)
    #expect(rows.map { (try? $0.result.get()) != nil } == [false, true, false])
    #expect(
      rows.first.map { "\($0.result)" }?.contains("the amount is in USD but account 'Checking' keeps EUR") == true)
    #expect(rows.last.map { "\($0.result)" }?.contains("an opening balance (kind 'opening')") == true)
  }

  /// Mapping one-row files.
  enum CVSFixture {
    static func rows(_ text: String, _ mapping: CSVMapping) throws -> AddTransaction {
      let records = try CSVReader().records(in: text)
      return try #require(
        try? CSVImporter(mapping: mapping).rows(records, state: Scenario.standard().state).first?.result.get())
    }
  }
}
