/// Why a CSV file could not be read.
public enum CSVError: Error, Sendable, Equatable, CustomStringConvertible {
  case unterminatedQuote(line: Int)
  case strayQuote(line: Int)

  public var description: String {
    switch self {
    case .unterminatedQuote(let line): "line \(line): a quoted field is never closed; add the missing \""
    case .strayQuote(let line):
      "line \(line): a quote in the middle of a field; quote the whole field and double inner quotes (\"\")"
    }
  }
}
