import Foundation

extension ScaleReport {
  /// Ratio the CLI import must reach against SQLite's `.import` of the same CSV (rows/s).
  static let importShareOfSQLite = 0.7

  /// The import against SQLite, the everyday commands at both sizes, `budget serve`'s start.
  func evaluateNextTargets(
    _ add: (String, String, Double?, String, (Double) -> Bool, String) -> Void
  ) {
    if let cli = importCLI {
      let sqlite = sqliteImport?.rowsPerSecond
      let ratio = sqlite.flatMap { rate in cli.rowsPerSecond.map { $0 / rate } }
      add(
        "import-cli",
        "budget import csv (whole process) ≥ \(Format.significant(Self.importShareOfSQLite))× sqlite3 .import of the same CSV (rows/s)",
        ratio, "× SQLite", { $0 >= Self.importShareOfSQLite },
        "ours \(Format.rate(cli.rowsPerSecond ?? 0)) rows/s (median \(Format.ms(cli.medianMs)) ms), SQLite \(sqlite.map(Format.rate) ?? "—") rows/s (median \(sqliteImport.map { Format.ms($0.medianMs) } ?? "—") ms), \(Format.count(cli.transactions)) rows"
      )
    }
    for kind in everydayCommands {
      for (size, command) in [("main", Optional(kind.main)), ("small", kind.small)] {
        guard let command else { continue }
        add(
          "\(kind.id)-\(size)", "\(command.title) ≤ \(Format.ms(kind.targetMs)) ms whole process (median)",
          command.medianMs, "ms",
          { $0 <= kind.targetMs },
          "median \(Format.ms(command.medianMs)) ms, min \(Format.ms(command.minMs)) ms over \(command.runs) runs (\(command.tool))"
        )
      }
      if kind.small != nil {
        add(
          "\(kind.id)-growth",
          "budget \(kind.words): \(Format.count(kind.main.transactions)) tx ≤ \(Format.significant(kind.maximumGrowth))× \(Format.count(kind.small!.transactions)) tx (medians)",
          kind.growth, "×", { $0 <= kind.maximumGrowth },
          "\(Format.ms(kind.main.medianMs)) ms vs \(Format.ms(kind.small!.medianMs)) ms")
      }
    }
    if let serve {
      let runs = "median of \(serve.runs.count) starts, \(Format.count(serve.transactions)) tx"
      add(
        "serve-first-write",
        "budget serve: start to the first answered write ≤ \(Format.ms(ServeTargets.firstWriteMs)) ms",
        serve.firstWriteMs, "ms",
        { $0 <= ServeTargets.firstWriteMs }, "\(runs); listening after \(Format.ms(serve.listeningMs)) ms")
      add(
        "serve-rss-start",
        "budget serve: VmRSS once listening ≤ \(Format.bytes(ServeTargets.afterStartBytes)) (⅓ of \(Format.bytes(ServeTargets.baselineAfterStartBytes)))",
        Double(serve.residentAfterStartBytes) / 1_048_576, "MiB",
        { $0 * 1_048_576 <= Double(ServeTargets.afterStartBytes) },
        "\(Format.bytes(serve.residentAfterStartBytes)), \(runs)")
      add(
        "serve-rss-write",
        "budget serve: VmRSS after the first write ≤ \(Format.bytes(ServeTargets.afterWriteBytes)) (⅓ of \(Format.bytes(ServeTargets.baselineAfterWriteBytes)))",
        Double(serve.residentAfterWriteBytes) / 1_048_576, "MiB",
        { $0 * 1_048_576 <= Double(ServeTargets.afterWriteBytes) },
        "\(Format.bytes(serve.residentAfterWriteBytes)), \(runs)")
    }
  }

  /// Fills each rebuild's ratio to its raw-LMDB floor.
  mutating func fillFloorRatios() {
    for index in rebuilds.indices {
      rebuilds[index].floorRatio = rebuilds[index].floorSeconds.flatMap { $0 > 0 ? rebuilds[index].seconds / $0 : nil }
    }
  }

  /// The text of the everyday commands, the SQLite import and `budget serve`'s start.
  var nextTargetsText: [String] {
    var lines: [String] = []
    if let sqliteImport, let cli = importCLI, let ours = cli.rowsPerSecond, let theirs = sqliteImport.rowsPerSecond {
      lines.append("")
      lines.append("Import against SQLite (same CSV, whole processes)")
      lines.append("  budget import csv: median \(Format.ms(cli.medianMs)) ms → \(Format.rate(ours)) rows/s")
      lines.append(
        "  sqlite3 .import:   median \(Format.ms(sqliteImport.medianMs)) ms → \(Format.rate(theirs)) rows/s (\(sqliteImport.runs) runs)"
      )
      lines.append("  ours / SQLite: \(Format.significant(ours / theirs))×")
      for note in sqliteImport.notes { lines.append("      \(note)") }
    }
    if !everydayCommands.isEmpty {
      lines.append("")
      lines.append("Everyday commands, whole process (median ms; growth = big / small)")
      lines.append(
        "  "
          + [
            Format.pad("command", 20), Format.pad("target", 7, right: true),
            Format.pad(Format.count(everydayCommands[0].main.transactions), 10, right: true),
            Format.pad(everydayCommands[0].small.map { Format.count($0.transactions) } ?? "small", 8, right: true),
            Format.pad("growth", 7, right: true), Format.pad("runs", 9, right: true),
          ].joined(separator: " "))
      for kind in everydayCommands {
        lines.append(
          "  "
            + [
              Format.pad("budget " + kind.words, 20), Format.pad("≤" + Format.ms(kind.targetMs), 7, right: true),
              Format.pad(Format.ms(kind.main.medianMs), 10, right: true),
              Format.pad(kind.small.map { Format.ms($0.medianMs) } ?? "—", 8, right: true),
              Format.pad(kind.growth.map { Format.significant($0) + "×" } ?? "—", 7, right: true),
              Format.pad("\(kind.main.runs)/\(kind.small.map { "\($0.runs)" } ?? "—")", 9, right: true),
            ].joined(separator: " "))
        for note in kind.main.notes { lines.append("      \(note)") }
      }
    }
    for serve in [serve, serveSmall].compactMap({ $0 }) {
      lines.append("")
      lines.append(
        "budget serve, \(Format.count(serve.transactions)) tx: start → first answered POST median \(Format.ms(serve.firstWriteMs)) ms (listening after \(Format.ms(serve.listeningMs)) ms); VmRSS once listening \(Format.bytes(serve.residentAfterStartBytes)), after the write \(Format.bytes(serve.residentAfterWriteBytes)) (medians of \(serve.runs.count) starts)"
      )
      lines.append(
        "  first write per start (ms): " + serve.runs.map { Format.ms($0.firstWriteMs) }.joined(separator: ", "))
    }
    return lines
  }
}
