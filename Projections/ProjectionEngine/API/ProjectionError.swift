/// Why the projection engine could not build, update or check a read model.
public enum ProjectionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A key of the wrong size was given for a table.
  case badKey(table: String, expected: Int, got: Int)
  /// A projector used a table it did not declare.
  case unknownTable(String)
  /// The stored rows differ from a fresh fold of the log.
  case mismatch(projector: String, table: String, detail: String)
  /// A projector name is not registered.
  case unknownProjector(String, known: [String])
  /// A rebuild's pass stopped because another pass of the same rebuild failed.
  case rebuildAbandoned

  public var description: String {
    switch self {
    case .badKey(let table, let expected, let got): "table \(table) takes \(expected)-byte keys, got \(got)"
    case .unknownTable(let table): "no table named \(table) is declared"
    case .mismatch(let projector, let table, let detail):
      "projection \(projector) differs from the log in table \(table): \(detail)"
    case .unknownProjector(let name, let known):
      "no projection named '\(name)'; known: \(known.joined(separator: ", "))"
    case .rebuildAbandoned: "the rebuild stopped because another projector's fold failed"
    }
  }
}
