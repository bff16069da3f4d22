/// Reads CSV text (RFC 4180): quoted fields, doubled quotes, commas and newlines inside
/// quotes, CRLF or LF line ends, a configurable delimiter, a UTF-8 byte-order mark.
public struct CSVReader: Sendable {
  public var delimiter: Character

  public init(delimiter: Character = ",") { self.delimiter = delimiter }

  /// One record and the line it starts on (1-based).
  public struct Record: Sendable, Hashable {
    public var line: Int
    public var fields: [String]
  }

  /// Every record of `text`; blank lines are skipped.
  public func records(in text: String) throws(CSVError) -> [Record] {
    var records: [Record] = []
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
      if !(fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted) { records.append(Record(line: recordLine, fields: fields)) }
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

/// Why a CSV file could not be read.
public enum CSVError: Error, Sendable, Equatable, CustomStringConvertible {
  case unterminatedQuote(line: Int)
  case strayQuote(line: Int)

  public var description: String {
    switch self {
    case .unterminatedQuote(let line): "line \(line): a quoted field is never closed; add the missing \""
    case .strayQuote(let line): "line \(line): a quote in the middle of a field; quote the whole field and double inner quotes (\"\")"
    }
  }
}
