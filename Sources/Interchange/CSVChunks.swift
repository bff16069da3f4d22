/// A CSV file checked whole and cut into chunks of records (``CSVReader/chunked(_:size:)``),
/// each read into records when asked for.
public struct CSVChunks: Sendable {
  let bytes: [UInt8]
  let delimiter: [UInt8]
  /// The first record.
  public let header: CSVReader.Record?
  /// Where each chunk of records after the header starts.
  let starts: [CSVReader.Position]
  let size: Int
  /// The records after the header.
  public let count: Int

  /// The number of chunks.
  public var chunkCount: Int { starts.count }

  /// The records of chunk `index` (`0..<chunkCount`), in file order.
  public func records(ofChunk index: Int) -> [CSVReader.Record] {
    var position = starts[index]
    let delimiter = self.delimiter
    let size = self.size
    // Checked whole when chunked: reading it again cannot fail.
    return bytes.withUnsafeBufferPointer { bytes in
      (try? CSVReader.records(in: bytes, delimiter: delimiter, from: &position, limit: size)) ?? []
    }
  }
}

extension CSVChunks {
  /// Whether a record after the header satisfies `predicate`: the records are read a few at a
  /// time in file order, and reading stops at the first that does — a question the first rows
  /// of a file answer costs those rows, not the file.
  public func contains(where predicate: (CSVReader.Record) throws -> Bool) rethrows -> Bool {
    guard var position = starts.first else { return false }
    let delimiter = self.delimiter
    while true {
      // Checked whole when chunked: reading it again cannot fail.
      let records = bytes.withUnsafeBufferPointer { bytes in
        (try? CSVReader.records(in: bytes, delimiter: delimiter, from: &position, limit: 64)) ?? []
      }
      guard !records.isEmpty else { return false }
      if try records.contains(where: predicate) { return true }
    }
  }
}
