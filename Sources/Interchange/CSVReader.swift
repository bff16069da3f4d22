/// Reads CSV text (RFC 4180): quoted fields, doubled quotes, commas and newlines inside
/// quotes, CRLF, LF or CR line ends, a configurable delimiter, a UTF-8 byte-order mark.
///
/// The text is read as UTF-8 bytes, not as `Character`s: a bank export of a hundred thousand
/// rows is split in a few milliseconds instead of most of a second. Delimiters, quotes and
/// line ends are ASCII, so a byte never splits a multi-byte character; a delimiter outside
/// ASCII is matched as its UTF-8 bytes.
public struct CSVReader: Sendable {
  public var delimiter: Character

  public init(delimiter: Character = ",") { self.delimiter = delimiter }

  /// One record and the line it starts on (1-based).
  public struct Record: Sendable, Hashable {
    public var line: Int
    public var fields: [String]

    public init(line: Int, fields: [String]) {
      self.line = line
      self.fields = fields
    }
  }

  /// Every record of `text`; blank lines are skipped.
  public func records(in text: String) throws(CSVError) -> [Record] {
    var text = text
    let delimiter = Array(delimiter.utf8)
    return try text.withUTF8 { bytes in
      Result { () throws(CSVError) in
        var position = Position()
        return try Self.records(in: bytes, delimiter: delimiter, from: &position, limit: .max)
      }
    }.get()
  }

  /// Where a reading of the text stands: the next byte, and its line.
  struct Position: Sendable {
    var index = 0
    var line = 1
  }

  /// `text` checked whole — every error of ``records(in:)`` found now — and cut into chunks of
  /// up to `size` records after the first (the header), to be read one at a time: an import
  /// then turns each chunk's records into strings while it records the chunk before, instead
  /// of reading the whole file first.
  public func chunked(_ text: String, size: Int) throws(CSVError) -> CSVChunks {
    try chunk(Array(text.utf8), size: size)
  }

  /// ``chunked(_:size:)`` for text given as bytes, which the chunks keep as they are: a file
  /// read or received as bytes is held once, not once as bytes and once as a string.
  ///
  /// - Throws: also ``CSVError/notUTF8(line:)`` when the bytes are not UTF-8 text.
  public func chunked(bytes: [UInt8], size: Int) throws(CSVError) -> CSVChunks {
    if let line = Self.firstLineNotUTF8(in: bytes) { throw .notUTF8(line: line) }
    return try chunk(bytes, size: size)
  }

  private func chunk(_ bytes: [UInt8], size: Int) throws(CSVError) -> CSVChunks {
    precondition(size > 0)
    let delimiter = Array(delimiter.utf8)
    let (header, starts, count) = try bytes.withUnsafeBufferPointer { bytes in
      Result { () throws(CSVError) in
        var position = Position()
        let header = try Self.records(in: bytes, delimiter: delimiter, from: &position, limit: 1).first
        var starts: [Position] = []
        var count = 0
        while position.index < bytes.count {
          starts.append(position)
          let counted = try Self.records(in: bytes, delimiter: delimiter, from: &position, limit: size, counting: true)
          count += counted.count
          if counted.count < size { break }
        }
        return (header, starts, count)
      }
    }.get()
    return CSVChunks(bytes: bytes, delimiter: delimiter, header: header, starts: starts, size: size, count: count)
  }

  /// The line (1-based) of the first bytes of `bytes` that are not UTF-8 text, or `nil` when
  /// all of it is: checked without making a string of it.
  static func firstLineNotUTF8(in bytes: [UInt8]) -> Int? {
    var line = 1
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    var afterCarriageReturn = false
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        // Lines end as the reader ends them: CRLF, LF, or a CR alone (a Mac's CSV).
        if scalar == "\r" || (scalar == "\n" && !afterCarriageReturn) { line += 1 }
        afterCarriageReturn = scalar == "\r"
      case .emptyInput: return nil
      case .error: return line
      }
    }
  }

  private static let quote = UInt8(ascii: "\""), newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// The records of `bytes` from `position` on, up to `limit` of them; `position` is left
  /// after the last. `counting`: check and count only — the records come back without fields.
  static func records(
    in bytes: UnsafeBufferPointer<UInt8>, delimiter: [UInt8], from position: inout Position, limit: Int,
    counting: Bool = false
  ) throws(CSVError) -> [Record] {
    var records: [Record] = []
    var fields: [String] = []
    /// The field being read: a range of `bytes` while it needs no unescaping, else its bytes.
    var fieldStart = 0
    var unescaped: [UInt8]? = nil
    var fieldWasQuoted = false
    var line = position.line
    var recordLine = line
    var index = position.index
    if index == 0 {
      while bytes.count - index >= 3, bytes[index] == 0xEF, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF {
        index += 3
      }
    }
    fieldStart = index
    defer { position = Position(index: index, line: line) }

    // Counting: how many fields the record has so far, and whether its first was empty and
    // unquoted — all that tells a blank record (one empty unquoted field); no strings made.
    var fieldCount = 0
    var firstFieldEmpty = false
    func endField(at end: Int) {
      if counting {
        if fieldCount == 0 { firstFieldEmpty = unescaped == nil && end == fieldStart }
        fieldCount += 1
      } else if let bytes = unescaped {
        fields.append(String(decoding: bytes, as: UTF8.self))
      } else {
        fields.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[fieldStart..<end]), as: UTF8.self))
      }
      unescaped = nil
      fieldWasQuoted = false
    }
    func endRecord(at end: Int) {
      let wasQuoted = fieldWasQuoted
      endField(at: end)
      let blank =
        counting
        ? fieldCount == 1 && firstFieldEmpty && !wasQuoted : fields.count == 1 && fields[0].isEmpty && !wasQuoted
      if !blank { records.append(Record(line: recordLine, fields: counting ? [] : fields)) }
      fields.removeAll(keepingCapacity: true)
      fieldCount = 0
    }
    func isDelimiter(at index: Int) -> Bool {
      guard bytes[index] == delimiter[0] else { return false }
      guard delimiter.count > 1 else { return true }
      return bytes.count - index >= delimiter.count && bytes[index..<(index + delimiter.count)].elementsEqual(delimiter)
    }

    while index < bytes.count, records.count < limit {
      let byte = bytes[index]
      if byte == quote {
        // A quote opens a field only at its start; anywhere else it is an error.
        guard index == fieldStart, unescaped == nil, !fieldWasQuoted else { throw .strayQuote(line: line) }
        fieldWasQuoted = true
        var field: [UInt8] = []
        index += 1
        while true {
          guard index < bytes.count else { throw .unterminatedQuote(line: recordLine) }
          let inner = bytes[index]
          if inner == quote {
            if index + 1 < bytes.count, bytes[index + 1] == quote {
              if !counting { field.append(quote) }
              index += 2
              continue
            }
            index += 1
            break
          }
          if inner == newline || (inner == carriageReturn && !(index + 1 < bytes.count && bytes[index + 1] == newline))
          {
            line += 1
          }
          if !counting { field.append(inner) }
          index += 1
        }
        unescaped = field
        continue
      }
      if isDelimiter(at: index) {
        endField(at: index)
        index += delimiter.count
        fieldStart = index
      } else if byte == newline || byte == carriageReturn {
        endRecord(at: index)
        index += byte == carriageReturn && index + 1 < bytes.count && bytes[index + 1] == newline ? 2 : 1
        line += 1
        recordLine = line
        fieldStart = index
      } else if unescaped == nil {
        // Plain text, up to the next byte that can end or quote a field (most of a file).
        let first = delimiter[0]
        index += 1
        while index < bytes.count {
          let next = bytes[index]
          if next == quote || next == first || next == newline || next == carriageReturn { break }
          index += 1
        }
      } else {
        // Text after a closing quote belongs to the field too (`"a"b` reads as `ab`).
        unescaped!.append(byte)
        index += 1
      }
    }
    if index == bytes.count, fieldStart < bytes.count || !fields.isEmpty || fieldCount > 0 || fieldWasQuoted {
      endRecord(at: bytes.count)
      fieldStart = bytes.count
    }
    return records
  }
}
