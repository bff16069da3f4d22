/// Number formatting for the text report (no locale: the output is the same everywhere).
enum Format {
  /// `1234567` → `1,234,567`.
  static func count(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return value < 0 ? "-" + out : out
  }

  /// A rate rounded to three significant figures, with k / M suffixes: `4.11 k`, `1.06 M`.
  static func rate(_ value: Double) -> String {
    switch value {
    case 1e6...: return fixed(value / 1e6, significant: 3) + " M"
    case 1e3...: return fixed(value / 1e3, significant: 3) + " k"
    default: return fixed(value, significant: 3)
    }
  }

  /// `value` with `digits` decimals.
  static func fixed(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "—" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(Int(rounded.rounded(.towardZero)).magnitude)
    if digits > 0 {
      let fraction = Int(((abs(rounded) - abs(rounded).rounded(.towardZero)) * scale).rounded())
      let padded = String(fraction)
      text += "." + String(repeating: "0", count: max(0, digits - padded.count)) + padded
    }
    return rounded < 0 ? "-" + text : text
  }

  private static func fixed(_ value: Double, significant: Int) -> String {
    let digits =
      value >= 100 ? max(0, significant - 3) : value >= 10 ? max(0, significant - 2) : max(0, significant - 1)
    return fixed(value, digits: digits)
  }

  /// Bytes, in B / KiB / MiB.
  static func bytes(_ value: Int) -> String {
    let magnitude = Double(abs(value))
    let sign = value < 0 ? "-" : "+"
    let kibibyte = 1024.0
    let mebibyte = kibibyte * kibibyte
    if magnitude >= mebibyte { return sign + fixed(magnitude / mebibyte, digits: 1) + " MiB" }
    if magnitude >= kibibyte { return sign + fixed(magnitude / kibibyte, digits: 1) + " KiB" }
    return sign + "\(abs(value)) B"
  }

  static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let fill = String(repeating: " ", count: max(0, width - text.count))
    return right ? fill + text : text + fill
  }
}

extension BenchReport {
  /// The human-readable report: header, cases, heap, targets.
  var text: String {
    var lines: [String] = []
    lines.append(
      "ledger-bench — \(machine.cpuModel), \(machine.cores) cores, \(date), commit \(commit), \(machine.lmdbVersion)")
    lines.append("")
    let header = [
      Format.pad("case", 44), Format.pad("Swift ev/s", 11, right: true), Format.pad("C ev/s", 11, right: true),
      Format.pad("Swift/C", 8, right: true), Format.pad("Swift commits/s", 16, right: true),
      Format.pad("C commits/s", 12, right: true),
    ]
    lines.append(header.joined(separator: " "))
    lines.append(String(repeating: "-", count: header.joined(separator: " ").count))
    for entry in cases {
      let ratio = entry.ratio.map { Format.fixed($0, digits: 2) + "×" } ?? "—"
      let row = [
        Format.pad(entry.title, 44), Format.pad(Format.rate(entry.swift.eventsPerSecond), 11, right: true),
        Format.pad(entry.c.map { Format.rate($0.eventsPerSecond) } ?? "—", 11, right: true),
        Format.pad(ratio, 8, right: true),
        Format.pad(entry.swift.commitsPerSecond.map(Format.rate) ?? "—", 16, right: true),
        Format.pad(entry.c?.commitsPerSecond.map(Format.rate) ?? "—", 12, right: true),
      ]
      lines.append(row.joined(separator: " "))
      for note in entry.notes { lines.append("    \(note)") }
    }
    if !heap.isEmpty {
      lines.append("")
      lines.append("Heap in use while reading (glibc mallinfo2 uordblks, growth over the start of the read):")
      for entry in heap {
        for (label, measurement) in [("small", entry.small), ("big", entry.big)] {
          lines.append(
            "  \(Format.pad(entry.operation, 6)) \(Format.pad(label, 5)) log \(Format.pad(Format.count(measurement.events), 10, right: true)) events:"
              + " peak \(Format.pad(Format.bytes(measurement.peakGrowthBytes), 10, right: true)),"
              + " after \(Format.pad(Format.bytes(measurement.endGrowthBytes), 10, right: true))"
              + "  (\(measurement.samples) samples)")
        }
      }
    }
    lines.append("")
    lines.append("Targets:")
    for target in targets {
      let measured =
        target.measured.map { value in
          target.unit == "events/s"
            ? Format.rate(value) + " events/s"
            : target.unit.hasPrefix("bytes")
              ? Format.bytes(Int(value)) : Format.fixed(value, digits: 2) + target.unit
        } ?? "—"
      lines.append("  \(Format.pad(target.status.rawValue.uppercased(), 7)) \(target.requirement)")
      lines.append("          measured \(measured); \(target.detail)")
    }
    for note in notes { lines.append("note: \(note)") }
    return lines.joined(separator: "\n")
  }
}
