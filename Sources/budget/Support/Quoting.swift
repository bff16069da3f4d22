import LedgerDomain

/// `name` as a command line takes it: in double quotes when it holds a space or a quote.
func quotedIfNeeded(_ name: String) -> String {
  name.contains(where: { $0 == " " || $0 == "'" || $0 == "\"" }) ? "\"\(name)\"" : name
}

extension EntityIdentifier {
  /// The last 8 characters of the id, as shown in tables: ids are time-ordered (version 7), so
  /// their first characters are shared by ids made at the same time, and their last are random.
  var short: String { String(description.suffix(8)) }
}
