import Interchange
import LedgerDomain
import LedgerTesting
import Testing

@Suite("CSV import: the direction from a type column")
struct CSVTypeColumnTests {
  /// The mapping of a file whose rows are all Checking's, changed by `change`.
  static func mapping(_ change: (inout CSVMapping) throws -> Void) rethrows -> CSVMapping {
    var mapping = CSVMapping()
    mapping.defaultAccount = "Checking"
    try change(&mapping)
    return mapping
  }

  static func mapping() -> CSVMapping { mapping { _ in } }

  static func rows(_ text: String, _ mapping: CSVMapping = mapping()) throws -> [ImportRow] {
    try CSVImporter(mapping: mapping).rows(try CSVReader().records(in: text), state: Scenario.standard().state)
  }

  /// Each row as "type amount", or "line N: why" when refused.
  static func outcomes(_ rows: [ImportRow]) -> [String] {
    rows.map { row in
      switch row.result {
      case .success(let added): "\(added.type.rawValue) \(added.amount.formatted())"
      case .failure(let error): error.description
      }
    }
  }

  static let unsigned = """
    date,amount,payee,category,type
    2024-03-01,42.50,Market,Food,expense
    2024-03-02,1500.00,Salary,Income,Income
    2024-03-03,12.00,Cinema,Restaurants, DEBIT 
    2024-03-04,3.00,Shop,Food,credit

    """

  @Test(
    "given unsigned amounts and a column named type, when mapped, then each row's type comes from it (any case, trimmed) and the session says it found the column"
  )
  func detectedTypeColumn() throws {
    let records = try CSVReader().records(in: Self.unsigned)
    var session = try CSVImporter(mapping: Self.mapping()).session(
      header: records.first, state: Scenario.standard().state)

    let rows = session.rows(records.dropFirst())

    #expect(session.detectedTypeColumn == "type")
    #expect(Self.outcomes(rows) == ["expense 42.50", "income 1500.00", "expense 12.00", "income 3.00"])
  }

  @Test(
    "given the same file with the type column turned off or read, when mapped, then every row has the same key: reading the type changes no key"
  )
  func typeIsNotPartOfTheKey() throws {
    let read = try Self.rows(Self.unsigned)
    let ignored = try Self.rows(Self.unsigned, Self.mapping { $0.detectsType = false })

    #expect(read.map(\.key) == ignored.map(\.key))
    #expect(try ignored[0].result.get().type == .income)  // what today's reading of it would book
  }

  @Test(
    "given --type-column naming a column and words of the user's own, when mapped, then those words say the direction and the defaults no longer do"
  )
  func customWords() throws {
    let mapping = try Self.mapping {
      $0.type = "Richtung"
      $0.directionWords = try DirectionWords(income: ["in", "refund"], expense: [" Out "])
    }
    let rows = try Self.rows(
      "date,amount,payee,category,Richtung\n2024-03-01,5,A,Food,OUT\n2024-03-01,5,B,Food,Refund\n2024-03-01,5,C,Food,expense\n",
      mapping)

    #expect(Self.outcomes(rows).prefix(2) == ["expense 5.00", "income 5.00"])
    #expect(
      Self.outcomes(rows)[2]
        == "line 4: type 'expense' is neither money in ('in', 'refund') nor money out ('Out'); name its words with --income-values/--expense-values, or pass --no-type-column if column 'Richtung' does not say the direction"
    )
  }

  @Test(
    "given a type column, when a row's type is empty or unknown, then that row is refused naming the allowed words; the others are mapped"
  )
  func unknownOrEmptyType() throws {
    let rows = try Self.rows(
      "date,amount,payee,category,Type\n2024-03-01,5,A,Food,POS\n2024-03-01,5,B,Food,\n2024-03-01,5,C,Food,expense\n")

    #expect(
      Self.outcomes(rows) == [
        "line 2: type 'POS' is neither money in ('income', 'credit') nor money out ('expense', 'debit'); name its words with --income-values/--expense-values, or pass --no-type-column if column 'Type' does not say the direction",
        "line 3: the type is empty; column 'Type' must say whether the money came in or went out",
        "expense 5.00",
      ])
  }

  @Test(
    "given a type column, when an amount is negative, then with an expense type it is an expense of its magnitude, and with an income type the row is refused as contradictory"
  )
  func negativeAmounts() throws {
    let rows = try Self.rows(
      "date,amount,payee,category,type\n2024-03-01,-42.50,A,Food,expense\n2024-03-01,-42.50,B,Food,income\n")

    #expect(
      Self.outcomes(rows) == [
        "expense 42.50",
        "line 3: the amount -42.50 is negative but its type 'income' says money came in; correct the row, or pass --no-type-column if the amounts are signed",
      ])
  }

  @Test(
    "given debit and credit columns, when the file also has a column named type, then it is not read; a type column given with them is refused"
  )
  func debitAndCreditGiveTheDirection() throws {
    let text = "date,debit,credit,payee,category,type\n2024-03-01,5,,A,Food,income\n"
    let mapping = Self.mapping {
      $0.amount = nil
      $0.debit = "debit"
      $0.credit = "credit"
    }
    let records = try CSVReader().records(in: text)
    var session = try CSVImporter(mapping: mapping).session(header: records.first, state: Scenario.standard().state)
    #expect(session.detectedTypeColumn == nil)
    #expect(Self.outcomes(session.rows(records.dropFirst())) == ["expense 5.00"])

    var typed = mapping
    typed.type = "type"
    #expect(throws: ImportRowError.self) {
      _ = try CSVImporter(mapping: typed).session(header: records.first, state: Scenario.standard().state)
    }
  }

  @Test(
    "given signed amounts, when the file is checked for direction, then only a file whose every amount is positive is flagged — also when its one negative amount comes late"
  )
  func everyAmountIsPositive() throws {
    func flagged(_ text: String, _ mapping: CSVMapping = Self.mapping()) throws -> Bool {
      let chunks = try CSVReader().chunked(text, size: 3)
      let session = try CSVImporter(mapping: mapping).session(header: chunks.header, state: Scenario.standard().state)
      return session.everyAmountIsPositive(in: chunks)
    }
    let header = "date,amount,payee,category\n"
    let positive = String(repeating: "2024-03-01,4.00,A,Food\n", count: 200)

    #expect(try flagged(header + positive))
    #expect(try !flagged(header + positive + "2024-03-02,-1.00,B,Food\n"))
    #expect(try !flagged(header + "2024-03-02,abc,B,Food\n"))  // no amount reads: nothing to say
    #expect(try !flagged(Self.unsigned))  // the type column gives the direction
    #expect(try flagged(Self.unsigned, Self.mapping { $0.detectsType = false }))
  }

  @Test("given words for both directions, when one is in both or a list is empty, then refused saying why")
  func wordsAreChecked() {
    #expect(throws: DirectionWordsError.inBoth(word: "Debit")) {
      try DirectionWords(income: ["Debit"], expense: ["expense", "debit"])
    }
    #expect(throws: DirectionWordsError.noWord(direction: "expense")) {
      try DirectionWords(income: ["in"], expense: [" "])
    }
  }
}
