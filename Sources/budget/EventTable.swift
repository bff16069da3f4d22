import EventLog
import Foundation

/// Prints events as an aligned table: position, recorded-at, stream@version, type, payload.
enum EventTable {
  static func print(_ events: [RecordedEvent]) {
    let rows = events.map { event in
      [
        String(event.position),
        timestamp(event.recordedAt),
        "\(event.stream)@\(event.streamVersion)",
        event.type,
        String(decoding: event.payload.prefix(60), as: UTF8.self),
      ]
    }
    let header = ["POS", "RECORDED AT (UTC)", "STREAM@VERSION", "TYPE", "PAYLOAD"]
    let widths = (0..<header.count).map { column in
      ([header] + rows).map { $0[column].count }.max() ?? 0
    }
    for row in [header] + rows {
      let cells = row.enumerated().map { column, cell in
        column == 0 ? String(repeating: " ", count: widths[0] - cell.count) + cell
          : cell + String(repeating: " ", count: widths[column] - cell.count)
      }
      var line = cells.joined(separator: "  ")
      while line.last == " " { line.removeLast() }
      Swift.print(line)
    }
  }

  private static func timestamp(_ milliseconds: Int64) -> String {
    let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    return date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false).dateSeparator(.dash))
  }
}
