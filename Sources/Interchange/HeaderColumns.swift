import LedgerDomain

/// The columns of a CSV file's header, found by name ignoring case and surrounding spaces:
/// where the mapping's columns are, or why one is missing and how to map it.
struct HeaderColumns {
  let header: CSVReader.Record
  private let indexes: [String: Int]

  init(_ header: CSVReader.Record) {
    self.header = header
    indexes = Dictionary(
      header.fields.enumerated().map { (Self.normalize($1), $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The index of the column `name` (the `what` column of the mapping), `nil` when no name is
  /// given or an optional column is missing.
  ///
  /// - Throws: when a required column is missing: naming the columns there are and the option
  ///   that maps it — or, when the header reads as one column holding another separator, the
  ///   delimiter to import it with.
  func index(of name: String?, required: Bool, what: String) throws(ImportRowError) -> Int? {
    guard let name else { return nil }
    if let index = indexes[Self.normalize(name)] { return index }
    guard required else { return nil }
    if header.fields.count == 1, let other = [";", "\t", "|"].first(where: { header.fields[0].contains($0) }) {
      let shown = other == "\t" ? "a tab" : "'\(other)'"
      let option = other == "\t" ? "$'\\t'" : "'\(other)'"
      throw ImportRowError(
        line: header.line,
        message:
          "the header reads as one column ('\(header.fields[0])'): its fields are separated by \(shown) — import it with --delimiter \(option)"
      )
    }
    let known = header.fields.map { "'\($0)'" }.joined(separator: ", ")
    throw ImportRowError(
      line: header.line, message: "no \(what) column '\(name)'; the columns are \(known) — map it with --\(what)-column"
    )
  }

  static func normalize(_ name: String) -> String { name.trimmingSpaces.lowercased() }
}
