/// Why a CSV file could not be read.
public enum CSVError: Error, Sendable, Equatable, CustomStringConvertible {
  case unterminatedQuote(line: Int)
  case strayQuote(line: Int)
  /// The file holds bytes that are not UTF-8 text, first on this line.
  case notUTF8(line: Int)

  /// Whether the bytes are not text (``notUTF8(line:)``) rather than text that is not CSV.
  public var isEncoding: Bool {
    if case .notUTF8 = self { true } else { false }
  }

  public var description: String {
    switch self {
    case .unterminatedQuote(let line): "line \(line): a quoted field is never closed; add the missing \""
    case .strayQuote(let line):
      "line \(line): a quote in the middle of a field; quote the whole field and double inner quotes (\"\")"
    case .notUTF8(let line):
      "line \(line): the file is not UTF-8 text; save it as UTF-8 (\"CSV UTF-8\" in a spreadsheet's Save As) or convert it with iconv -f LATIN1 -t UTF-8"
    }
  }
}
