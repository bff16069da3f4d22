import Foundation
import LedgerDomain
import LedgerTesting
import Testing

/// `LedgerCommand`'s JSON — what a device's outbox file holds and what it sends its hub — is
/// frozen for every kind of command in `Tests/LedgerDomainTests/Fixtures/commands/`
/// (`KIND.N.json`, keys sorted, one file per sample of ``CommandSamples``). Renaming a case or
/// a label, or changing how a value is written, breaks this test: outboxes written by the older
/// program and hubs running it must still read the form (docs/sync.md, "The commands' JSON
/// form"). Run once with `BUDGET_FREEZE_COMMANDS=1` to write the files of a new
/// command, review them, and commit them.
@Suite("Commands: frozen sync JSON")
struct LedgerCommandGoldenJSONTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/commands")

  static var freezing: Bool { ProcessInfo.processInfo.environment["BUDGET_FREEZE_COMMANDS"] == "1" }

  static func encode(_ command: LedgerCommand) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(command), as: UTF8.self)
  }

  /// Each sample with the name of its file: its kind and its place among that kind's samples.
  static var samples: [(file: String, command: LedgerCommand)] {
    var counts: [LedgerCommand.Kind: Int] = [:]
    return CommandSamples.all.map { command in
      counts[command.kind, default: 0] += 1
      return ("\(command.kind.rawValue).\(counts[command.kind]!).json", command)
    }
  }

  @Test("given every sample command, when encoded, then it is its frozen JSON, and that JSON decodes back to it")
  func everyCommandEncodesToItsFrozenJSON() throws {
    for (file, command) in Self.samples {
      let json = try Self.encode(command)
      let url = Self.directory.appendingPathComponent(file)
      guard let text = try? String(contentsOf: url, encoding: .utf8) else {
        if Self.freezing {
          try Data((json + "\n").utf8).write(to: url)
        } else {
          Issue.record(
            "no frozen JSON for \(file): run the tests once with BUDGET_FREEZE_COMMANDS=1, review the file and commit it"
          )
        }
        continue
      }
      let frozen = text.trimmingCharacters(in: .newlines)
      #expect(
        json == frozen,
        "\(file): the command encodes to other JSON than the frozen one — a case, label or field renamed? Outboxes and hubs of the older program must still read it (docs/sync.md, \"The commands' JSON form\")"
      )
      let decoded = try JSONDecoder().decode(LedgerCommand.self, from: Data(frozen.utf8))
      #expect(decoded == command, "\(file) decodes to another command")
    }
  }

  @Test("given the kinds of command, then every kind has a sample, and every frozen file a sample")
  func everyKindIsFrozen() throws {
    // Given the kinds the samples cover
    let covered = Set(CommandSamples.all.map(\.kind))
    // Then none is missing: a new command without a sample has no frozen wire form
    for kind in LedgerCommand.Kind.allCases where !covered.contains(kind) {
      Issue.record(
        "no sample of \(kind.rawValue) in CommandSamples: add one (optional fields set and unset), then freeze its JSON with BUDGET_FREEZE_COMMANDS=1"
      )
    }
    // And no frozen file is left without its sample (a form no test reads any more)
    let files = Set(try FileManager.default.contentsOfDirectory(atPath: Self.directory.path))
    let sampled = Set(Self.samples.map(\.file))
    for file in files.subtracting(sampled).sorted() {
      Issue.record("\(file) is frozen but no sample of CommandSamples encodes to it")
    }
  }
}
