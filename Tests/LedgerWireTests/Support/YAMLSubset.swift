import Foundation

/// A reader for the YAML docs/openapi.yaml is written in — block mappings and sequences,
/// anchors and aliases, plain, quoted, folded and literal scalars, and flow `[]`/`{}` of plain
/// scalars — into dictionaries, arrays and strings (numbers and booleans stay their text).
/// Enough to read the document's schemas; not a general YAML parser.
struct YAMLSubset {
  struct Line {
    var indent: Int
    var text: Substring
  }

  struct ParseError: Error, CustomStringConvertible {
    var description: String
  }

  private var lines: [Line]
  private var index = 0
  private var anchors: [String: Any] = [:]

  /// The document `text` as nested `[String: Any]`, `[Any]` and `String` values.
  static func parse(_ text: String) throws -> Any {
    var reader = YAMLSubset(text)
    return try reader.node(indent: 0)
  }

  private init(_ text: String) {
    lines = text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { raw in
      let trimmed = raw.drop(while: { $0 == " " })
      if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
      return Line(indent: raw.count - trimmed.count, text: trimmed)
    }
  }

  /// The block starting at the current line, whose lines are indented by `indent`.
  private mutating func node(indent: Int) throws -> Any {
    guard index < lines.count else { return [String: Any]() }
    return lines[index].text.hasPrefix("- ") || lines[index].text == "-"
      ? try sequence(indent: lines[index].indent) : try mapping(indent: lines[index].indent)
  }

  private mutating func mapping(indent: Int) throws -> [String: Any] {
    var result: [String: Any] = [:]
    while index < lines.count, lines[index].indent == indent, !lines[index].text.hasPrefix("- ") {
      let line = lines[index].text
      guard let colon = Self.keyEnd(line) else { throw ParseError(description: "not a key: \(line)") }
      let key = Self.unquoted(line[..<colon].trimmingSpaces)
      let rest = line[line.index(after: colon)...].trimmingSpaces
      index += 1
      result[key] = try value(rest, indent: indent)
    }
    return result
  }

  private mutating func sequence(indent: Int) throws -> [Any] {
    var result: [Any] = []
    while index < lines.count, lines[index].indent == indent, lines[index].text.hasPrefix("- ") {
      let item = lines[index].text.dropFirst(2).trimmingSpaces
      if Self.keyEnd(item) != nil, !item.hasPrefix("&"), !item.hasPrefix("*") {
        // A mapping in the sequence: its first key is on the dash's line.
        lines[index] = Line(indent: indent + 2, text: item)
        result.append(try mapping(indent: indent + 2))
      } else {
        index += 1
        result.append(try value(item, indent: indent))
      }
    }
    return result
  }

  /// The value after a key or dash: `rest` on its line, or the block below it.
  private mutating func value(_ rest: Substring, indent: Int) throws -> Any {
    var rest = rest
    var anchor: String?
    if rest.hasPrefix("&") {
      let name = rest.dropFirst().prefix(while: { $0 != " " })
      anchor = String(name)
      rest = rest.dropFirst(name.count + 1).trimmingSpaces
    }
    let result: Any
    if rest.hasPrefix("*") {
      guard let found = anchors[String(rest.dropFirst())] else {
        throw ParseError(description: "unknown alias \(rest)")
      }
      result = found
    } else if rest.isEmpty {
      // A block below: deeper, or a sequence at the key's own indent.
      if index < lines.count,
        lines[index].indent > indent || (lines[index].indent == indent && lines[index].text.hasPrefix("- "))
      {
        result = try node(indent: lines[index].indent)
      } else {
        result = ""
      }
    } else if rest.hasPrefix("|") || rest.hasPrefix(">") {
      var text: [Substring] = []
      while index < lines.count, lines[index].indent > indent {
        text.append(lines[index].text)
        index += 1
      }
      result = text.joined(separator: rest.hasPrefix("|") ? "\n" : " ")
    } else {
      // A scalar, continued on deeper lines (a long plain or quoted string).
      var text = String(rest)
      while index < lines.count, lines[index].indent > indent {
        text += " " + lines[index].text
        index += 1
      }
      result = Self.scalar(Substring(text))
    }
    if let anchor { anchors[anchor] = result }
    return result
  }

  /// Where a `key:` ends on `line`: the first colon followed by a space or the line's end,
  /// outside quotes.
  private static func keyEnd(_ line: Substring) -> Substring.Index? {
    var quote: Character?
    var i = line.startIndex
    while i < line.endIndex {
      let c = line[i]
      if let q = quote {
        if c == q { quote = nil }
      } else if c == "'" || c == "\"", i == line.startIndex {
        quote = c
      } else if c == ":" {
        let next = line.index(after: i)
        if next == line.endIndex || line[next] == " " { return i }
      } else if c == " " && i == line.startIndex {
        return nil
      }
      i = line.index(after: i)
    }
    return nil
  }

  private static func scalar(_ text: Substring) -> Any {
    if text == "[]" { return [Any]() }
    if text == "{}" { return [String: Any]() }
    if text.hasPrefix("["), text.hasSuffix("]") {
      return text.dropFirst().dropLast().split(separator: ",").map { unquoted($0.trimmingSpaces) }
    }
    return unquoted(text)
  }

  private static func unquoted(_ text: Substring) -> String {
    if text.count >= 2, text.hasPrefix("'"), text.hasSuffix("'") {
      return String(text.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
    }
    if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { return String(text.dropFirst().dropLast()) }
    return String(text)
  }
}

extension Substring {
  fileprivate var trimmingSpaces: Substring {
    let start = firstIndex(where: { $0 != " " }) ?? endIndex
    let end = lastIndex(where: { $0 != " " }).map { index(after: $0) } ?? start
    return self[start..<Swift.max(start, end)]
  }
}
