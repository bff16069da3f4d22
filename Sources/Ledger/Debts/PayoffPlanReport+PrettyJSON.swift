/// A payoff plan's JSON written directly, byte for byte as `JSONEncoder` writes it with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` (`Console.json`'s settings) — a
/// test compares the two on random plans.
///
/// A 30-year plan of 20 debts holds 17,280 amounts; through JSONEncoder (a tree of values,
/// then a writer) they took about as long as starting the process (docs/adr/0009).
extension PayoffPlanReport {
  /// The report as pretty-printed JSON, keys sorted.
  public var prettyJSON: String { Self.prettyJSON(of: [self], asArray: false) }

  /// Several reports as a pretty-printed JSON array (`--compare`).
  public static func prettyJSON(of reports: [PayoffPlanReport]) -> String {
    prettyJSON(of: reports, asArray: true)
  }

  private static func prettyJSON(of reports: [PayoffPlanReport], asArray: Bool) -> String {
    var writer = PrettyJSONWriter()
    if asArray {
      writer.array(reports, depth: 0) { writer, report, depth in report.write(into: &writer, depth: depth) }
    } else {
      reports[0].write(into: &writer, depth: 0)
    }
    return writer.text
  }

  private func write(into writer: inout PrettyJSONWriter, depth: Int) {
    var fields: [(String, (inout PrettyJSONWriter, Int) -> Void)] = []
    if let by { fields.append(("by", { $0.string(by, depth: $1) })) }
    fields.append(("currency", { $0.string(currency, depth: $1) }))
    fields.append(
      (
        "debts",
        { writer, depth in
          writer.array(debts, depth: depth) { writer, debt, depth in
            writer.object(
              [
                ("interest", { $0.string(debt.interest, depth: $1) }), ("name", { $0.string(debt.name, depth: $1) }),
                ("paid", { $0.string(debt.paid, depth: $1) }),
                ("payoffMonth", { $0.string(debt.payoffMonth, depth: $1) }),
              ], depth: depth)
          }
        }
      ))
    if let extraNeeded { fields.append(("extraNeeded", { $0.string(extraNeeded, depth: $1) })) }
    fields.append(
      (
        "months",
        { writer, depth in
          writer.array(months, depth: depth) { writer, month, depth in
            writer.object(
              [
                ("balances", { $0.strings(month.balances, depth: $1) }),
                ("interest", { $0.strings(month.interest, depth: $1) }),
                ("month", { $0.string(month.month, depth: $1) }),
                ("payments", { $0.strings(month.payments, depth: $1) }),
              ], depth: depth)
          }
        }
      ))
    if let onTrack { fields.append(("onTrack", { writer, _ in writer.raw(onTrack ? "true" : "false") })) }
    fields.append(("payoffMonth", { $0.string(payoffMonth, depth: $1) }))
    fields.append(("strategy", { $0.string(strategy, depth: $1) }))
    fields.append(("totalInterest", { $0.string(totalInterest, depth: $1) }))
    fields.append(("totalPaid", { $0.string(totalPaid, depth: $1) }))
    writer.object(fields, depth: depth)
  }
}

/// The pretty-printed layout JSONEncoder writes: two spaces per level, `"key" : value`, one
/// element per line; strings escaped as it escapes them (slashes left alone).
struct PrettyJSONWriter {
  private(set) var bytes: [UInt8] = []

  var text: String { String(decoding: bytes, as: UTF8.self) }

  init() { bytes.reserveCapacity(1 << 16) }

  mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

  private mutating func indent(_ depth: Int) {
    bytes.append(UInt8(ascii: "\n"))
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
  }

  mutating func object(_ fields: [(String, (inout PrettyJSONWriter, Int) -> Void)], depth: Int) {
    bytes.append(UInt8(ascii: "{"))
    for (index, (key, value)) in fields.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      indent(depth + 1)
      string(key, depth: depth + 1)
      bytes.append(contentsOf: " : ".utf8)
      value(&self, depth + 1)
    }
    indent(depth)
    bytes.append(UInt8(ascii: "}"))
  }

  mutating func array<Element>(
    _ elements: [Element], depth: Int, _ write: (inout PrettyJSONWriter, Element, Int) -> Void
  ) {
    bytes.append(UInt8(ascii: "["))
    for (index, element) in elements.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      indent(depth + 1)
      write(&self, element, depth + 1)
    }
    if elements.isEmpty { bytes.append(UInt8(ascii: "\n")) }
    indent(depth)
    bytes.append(UInt8(ascii: "]"))
  }

  mutating func strings(_ values: [String], depth: Int) {
    array(values, depth: depth) { writer, value, depth in writer.string(value, depth: depth) }
  }

  mutating func string(_ value: String, depth: Int) {
    let hex = Array("0123456789abcdef".utf8)
    bytes.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
      case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
      case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
      case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
      case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
      case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
      case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
      case 0..<0x20:
        bytes.append(contentsOf: #"\u00"#.utf8)
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 0xF)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
