import Interchange
import Testing

@Suite("CSV reader: RFC 4180 over UTF-8 bytes")
struct CSVReaderTests {
  static func fields(_ text: String, delimiter: Character = ",") throws -> [[String]] {
    try CSVReader(delimiter: delimiter).records(in: text).map(\.fields)
  }

  @Test("given quoted fields, then commas, doubled quotes and line ends inside them are data")
  func quotedFields() throws {
    let text = "a,\"b,c\",\"say \"\"hi\"\"\"\n\"two\nlines\",x,\"\"\nlast,é,😀"
    let records = try CSVReader().records(in: text)
    #expect(records.map(\.fields) == [["a", "b,c", "say \"hi\""], ["two\nlines", "x", ""], ["last", "é", "😀"]])
    #expect(records.map(\.line) == [1, 2, 4])
  }

  @Test(
    "given CRLF, CR and LF line ends, a byte-order mark and blank lines, then records and line numbers follow the text")
  func lineEnds() throws {
    let records = try CSVReader().records(in: "\u{FEFF}h1,h2\r\n1,2\r\n\r\n3,4\r5,6\n\n7,8")
    #expect(records.map(\.fields) == [["h1", "h2"], ["1", "2"], ["3", "4"], ["5", "6"], ["7", "8"]])
    #expect(records.map(\.line) == [1, 2, 4, 5, 7])
  }

  @Test("given a lone CR inside a quoted field, then it is data and counts as a line, as it does outside quotes")
  func loneCarriageReturnInQuotes() throws {
    let records = try CSVReader().records(in: "x,\"1\r2\"\ry\n\"3\r\n4\"\nz")
    #expect(records.map(\.fields) == [["x", "1\r2"], ["y"], ["3\r\n4"], ["z"]])
    #expect(records.map(\.line) == [1, 3, 4, 6])
  }

  @Test("given another delimiter, then only it separates fields", arguments: [";", "\t", "§"] as [Character])
  func otherDelimiters(delimiter: Character) throws {
    let text = "a\(delimiter)b,c\(delimiter)\"d\(delimiter)e\"\n"
    #expect(try Self.fields(text, delimiter: delimiter) == [["a", "b,c", "d\(delimiter)e"]])
  }

  @Test("given an empty field at either end, or an empty quoted record, then they are kept")
  func emptyFields() throws {
    #expect(try Self.fields(",a,\n\"\"\n") == [["", "a", ""], [""]])
    #expect(try Self.fields("\n\n") == [])
  }

  @Test("given a quote that is never closed, then the error names the line its record starts on")
  func unterminatedQuote() {
    #expect(throws: CSVError.unterminatedQuote(line: 2)) { try Self.fields("a,b\nc,\"d\ne\nf") }
  }

  @Test("given a quote inside an unquoted field, or a second quoted part, then the error names its line")
  func strayQuote() {
    #expect(throws: CSVError.strayQuote(line: 2)) { try Self.fields("a\nb\"c\n") }
    #expect(throws: CSVError.strayQuote(line: 1)) { try Self.fields("\"a\" \"b\"\n") }
  }

  @Test("given random text, then the byte reader agrees with a character-by-character reference reader")
  func agreesWithReference() throws {
    // Pieces that exercise every branch; no lone CR, which the reference (made of
    // Characters) counts as a line end outside quotes only.
    let pieces = ["a", "b", "é", "😀", " ", ",", ";", "\"", "\"\"", "\n", "\r\n", "x,y", "\"q\""]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<3_000 {
      let count = Int.random(in: 0...24, using: &generator)
      let text = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
      for delimiter in [",", ";"] as [Character] {
        let expected = Result { () throws(CSVError) in try ReferenceCSVReader(delimiter: delimiter).records(in: text) }
        let actual = Result { () throws(CSVError) in try CSVReader(delimiter: delimiter).records(in: text) }
        #expect(actual == expected, "text \(text.debugDescription), delimiter \(delimiter)")
      }
    }
  }
}

extension CSVReaderTests {
  @Test(
    "given random text, when it is cut into chunks of 1 to 4 records, then the header and the chunks' records are exactly the records read at once, and the errors the same"
  )
  func chunksAreTheRecords() throws {
    let pieces = ["a", "é", " ", ",", "\"", "\"\"", "\n", "\r\n", "\r", "x,y", "\"q\"", "\"m\nl\"", "\u{FEFF}"]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let count = Int.random(in: 0...30, using: &generator)
      let text = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
      let whole = Result { () throws(CSVError) in try CSVReader().records(in: text) }
      for size in 1...4 {
        let chunked = Result { () throws(CSVError) -> [CSVReader.Record] in
          let chunks = try CSVReader().chunked(text, size: size)
          let body = (0..<chunks.chunkCount).map { chunks.records(ofChunk: $0) }
          #expect(body.dropLast().allSatisfy { $0.count == size }, "text \(text.debugDescription), size \(size)")
          #expect(chunks.count == body.joined().count)
          return (chunks.header.map { [$0] } ?? []) + body.joined()
        }
        #expect(chunked == whole, "text \(text.debugDescription), size \(size)")
      }
    }
  }
}

/// The reader as it was first written, one `Character` at a time: the oracle for the byte reader.
private struct ReferenceCSVReader {
  var delimiter: Character

  func records(in text: String) throws(CSVError) -> [CSVReader.Record] {
    var records: [CSVReader.Record] = []
    var fields: [String] = []
    var field = ""
    var inQuotes = false
    var fieldWasQuoted = false
    var line = 1
    var recordLine = 1
    var iterator = text.drop(while: { $0 == "\u{FEFF}" }).makeIterator()
    var pending: Character? = nil

    func endRecord() {
      fields.append(field)
      if !(fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted) {
        records.append(CSVReader.Record(line: recordLine, fields: fields))
      }
      fields = []
      field = ""
      fieldWasQuoted = false
    }

    while let character = pending ?? iterator.next() {
      pending = nil
      if inQuotes {
        if character == "\"" {
          if let next = iterator.next() {
            if next == "\"" { field.append("\"") } else { inQuotes = false; pending = next }
          } else {
            inQuotes = false
          }
        } else {
          if character == "\n" || character == "\r\n" { line += 1 }
          field.append(character)
        }
        continue
      }
      switch character {
      case "\"" where field.isEmpty && !fieldWasQuoted:
        inQuotes = true
        fieldWasQuoted = true
      case "\"":
        throw .strayQuote(line: line)
      case delimiter:
        fields.append(field)
        field = ""
        fieldWasQuoted = false
      case "\n", "\r\n", "\r":
        endRecord()
        line += 1
        recordLine = line
      default:
        field.append(character)
      }
    }
    if inQuotes { throw .unterminatedQuote(line: recordLine) }
    if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { endRecord() }
    return records
  }
}

@Suite("CSV reader: bytes that are not UTF-8")
struct CSVReaderEncodingTests {
  @Test(
    "given a file saved as Latin-1 (an é as the byte E9 on its third line), when chunked as bytes, then it is refused naming that line and how to save it"
  )
  func latin1IsRefusedWithItsLine() throws {
    let bytes =
      Array("date,amount,payee\n2024-01-02,-3.00,Bakery\n2024-01-03,-4.00,Caf".utf8) + [0xE9] + Array("\n".utf8)
    #expect(throws: CSVError.notUTF8(line: 3)) { try CSVReader().chunked(bytes: bytes, size: 10) }
    #expect(CSVError.notUTF8(line: 3).description.contains("save it as UTF-8"))
  }

  @Test(
    "given a Mac's CSV (lines ended by a CR alone) or a Windows one (CRLF), when a byte on its third line is not UTF-8, then the error names line 3"
  )
  func linesAreCountedAsTheReaderCountsThem() throws {
    for end in ["\r", "\r\n"] {
      let bytes = Array("date,payee\(end)2024-01-02,Bakery\(end)2024-01-03,Caf".utf8) + [0xE9] + Array(end.utf8)
      #expect(throws: CSVError.notUTF8(line: 3)) { try CSVReader().chunked(bytes: bytes, size: 10) }
    }
  }

  @Test("given UTF-8 bytes, when chunked as bytes or as a string, then the chunks hold the same records")
  func bytesAndTextAgree() throws {
    let text = "date,payee\n2024-01-02,Café\n2024-01-03,\"Zoë, \"\"the\"\" shop\"\n2024-01-04,😀\n"
    let fromBytes = try CSVReader().chunked(bytes: Array(text.utf8), size: 2)
    let fromText = try CSVReader().chunked(text, size: 2)
    #expect(fromBytes.header == fromText.header)
    #expect(fromBytes.chunkCount == 2)
    #expect(
      (0..<fromBytes.chunkCount).flatMap { fromBytes.records(ofChunk: $0) }
        == (0..<fromText.chunkCount).flatMap { fromText.records(ofChunk: $0) })
  }
}
